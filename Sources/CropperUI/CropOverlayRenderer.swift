import CCairo
import EditorState

/// Draws the crop overlay in canvas coordinates: the even-odd dimming mask, the rule-of-thirds grid while
/// the box is being shaped, a hairline frame and the eight handles. Everything sits on whole pixels, and
/// frame and handles lie outside the box, so the pixels inside it are shown exactly as they are.
enum CropOverlayRenderer {
    static let cornerLength = 22.0
    static let sideLength = 26.0
    static let handleThickness = 3.0

    /// The frame rectangle snapped to whole pixels.
    static func snapped(_ rect: Rect) -> Rect {
        let x0 = rect.minX.rounded(), y0 = rect.minY.rounded()
        let x1 = rect.maxX.rounded(), y1 = rect.maxY.rounded()
        return Rect(x: x0, y: y0, width: max(1, x1 - x0), height: max(1, y1 - y0))
    }

    static func draw(state: EditorState, on cr: OpaquePointer) {
        guard let frameInView = state.cropFrameInView else { return }
        let frame = snapped(frameInView)
        if let mask = state.mask {
            cairo_save(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_rectangle(cr, mask.outer.x, mask.outer.y, mask.outer.width, mask.outer.height)
            cairo_rectangle(cr, frame.x, frame.y, frame.width, frame.height)
            cairo_set_source_rgba(cr, 0, 0, 0, mask.alpha)
            cairo_fill(cr)
            cairo_restore(cr)
            if mask.showsGrid { drawGrid(in: frame, on: cr) }
        }
        drawFrame(frame, on: cr)
        drawHandles(frame, active: activeHandle(state.activity), on: cr)
    }

    private static func activeHandle(_ activity: Activity) -> Handle? {
        if case let .draggingHandle(handle) = activity { return handle }
        return nil
    }

    private static func drawGrid(in frame: Rect, on cr: OpaquePointer) {
        Theme.gridLine.set(on: cr)
        for third in 1...2 {
            let x = (frame.x + frame.width * Double(third) / 3).rounded(.down)
            let y = (frame.y + frame.height * Double(third) / 3).rounded(.down)
            cairo_rectangle(cr, x, frame.y, 1, frame.height)
            cairo_rectangle(cr, frame.x, y, frame.width, 1)
        }
        cairo_fill(cr)
    }

    /// A one-pixel line just outside the box, with a darker line outside that so it reads on white skies.
    private static func drawFrame(_ frame: Rect, on cr: OpaquePointer) {
        cairo_set_line_width(cr, 1)
        Theme.handleShadow.set(on: cr)
        cairo_rectangle(cr, frame.x - 1.5, frame.y - 1.5, frame.width + 3, frame.height + 3)
        cairo_stroke(cr)
        Theme.cropFrame.set(on: cr)
        cairo_rectangle(cr, frame.x - 0.5, frame.y - 0.5, frame.width + 1, frame.height + 1)
        cairo_stroke(cr)
    }

    private static func drawHandles(_ frame: Rect, active: Handle?, on cr: OpaquePointer) {
        let corner = min(cornerLength, frame.width / 2, frame.height / 2) + handleThickness
        let sideX = min(sideLength, max(0, frame.width - 2 * corner - 8))
        let sideY = min(sideLength, max(0, frame.height - 2 * corner - 8))
        var rects: [(Handle, [Rect])] = []
        let t = handleThickness
        let left = frame.minX - t, top = frame.minY - t, right = frame.maxX, bottom = frame.maxY
        rects.append((.topLeft, [Rect(x: left, y: top, width: corner, height: t), Rect(x: left, y: top, width: t, height: corner)]))
        rects.append((.topRight, [Rect(x: right + t - corner, y: top, width: corner, height: t),
                                  Rect(x: right, y: top, width: t, height: corner)]))
        rects.append((.bottomLeft, [Rect(x: left, y: bottom, width: corner, height: t),
                                    Rect(x: left, y: bottom + t - corner, width: t, height: corner)]))
        rects.append((.bottomRight, [Rect(x: right + t - corner, y: bottom, width: corner, height: t),
                                     Rect(x: right, y: bottom + t - corner, width: t, height: corner)]))
        if sideX > 0 {
            let x = (frame.midX - sideX / 2).rounded()
            rects.append((.top, [Rect(x: x, y: top, width: sideX, height: t)]))
            rects.append((.bottom, [Rect(x: x, y: bottom, width: sideX, height: t)]))
        }
        if sideY > 0 {
            let y = (frame.midY - sideY / 2).rounded()
            rects.append((.left, [Rect(x: left, y: y, width: t, height: sideY)]))
            rects.append((.right, [Rect(x: right, y: y, width: t, height: sideY)]))
        }
        // A dark halo first so the white handles stand out on bright and dark photos alike;
        // clipped to the outside of the box, which stays untouched.
        cairo_save(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_rectangle(cr, frame.x - 100, frame.y - 100, frame.width + 200, frame.height + 200)
        cairo_rectangle(cr, frame.x, frame.y, frame.width, frame.height)
        cairo_clip(cr)
        Theme.handleShadow.set(on: cr)
        for (_, parts) in rects {
            for r in parts { cairo_rectangle(cr, r.x - 1, r.y - 1, r.width + 2, r.height + 2) }
        }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_fill(cr)
        cairo_restore(cr)
        for (handle, parts) in rects {
            (handle == active ? Theme.accentHover : Theme.handleFill).set(on: cr)
            for r in parts { cairo_rectangle(cr, r.x, r.y, r.width, r.height) }
            cairo_fill(cr)
        }
    }
}
