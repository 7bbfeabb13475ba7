import CCairo
import EditorState

/// Draws the crop overlay in canvas coordinates: the even-odd dimming mask, the rule-of-thirds grid while
/// the box is being shaped, a hairline frame and the eight handles. Everything sits on whole pixels, and
/// frame and handles lie outside the box, so the pixels inside it are shown exactly as they are.
/// Sizes are interface pixels, drawn `scale` times larger in the device pixels of the canvas.
enum CropOverlayRenderer {
    static let cornerLength = 22.0
    static let sideLength = 26.0
    static let handleThickness = 3.0

    /// Line and handle widths in whole device pixels at this scale.
    struct Metrics {
        let line: Double
        let thickness: Double
        let corner: Double
        let side: Double

        init(scale: Double) {
            line = max(1, scale.rounded())
            thickness = max(1, (handleThickness * scale).rounded())
            corner = (cornerLength * scale).rounded()
            side = (sideLength * scale).rounded()
        }
    }

    /// The frame rectangle snapped to whole pixels.
    static func snapped(_ rect: Rect) -> Rect {
        let x0 = rect.minX.rounded(), y0 = rect.minY.rounded()
        let x1 = rect.maxX.rounded(), y1 = rect.maxY.rounded()
        return Rect(x: x0, y: y0, width: max(1, x1 - x0), height: max(1, y1 - y0))
    }

    /// `maskDrawn`: the photo's blit darkened outside the box already (`WarpBlit`); the grid and frame remain.
    static func draw(state: EditorState, scale: Double, maskDrawn: Bool = false, on cr: OpaquePointer) {
        guard let frameInView = state.cropFrameInView else { return }
        let frame = snapped(frameInView)
        let metrics = Metrics(scale: scale)
        if let mask = state.mask, !maskDrawn {
            cairo_save(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_rectangle(cr, mask.outer.x, mask.outer.y, mask.outer.width, mask.outer.height)
            cairo_rectangle(cr, frame.x, frame.y, frame.width, frame.height)
            cairo_set_source_rgba(cr, 0, 0, 0, mask.alpha)
            cairo_fill(cr)
            cairo_restore(cr)
        }
        if let mask = state.mask, mask.showsGrid { drawGrid(in: frame, line: metrics.line, on: cr) }
        drawFrame(frame, line: metrics.line, on: cr)
        drawHandles(frame, active: activeHandle(state.activity), metrics: metrics, on: cr)
    }

    private static func activeHandle(_ activity: Activity) -> Handle? {
        if case let .draggingHandle(handle) = activity { return handle }
        return nil
    }

    private static func drawGrid(in frame: Rect, line: Double, on cr: OpaquePointer) {
        Theme.gridLine.set(on: cr)
        for third in 1...2 {
            let x = (frame.x + frame.width * Double(third) / 3).rounded(.down)
            let y = (frame.y + frame.height * Double(third) / 3).rounded(.down)
            cairo_rectangle(cr, x, frame.y, line, frame.height)
            cairo_rectangle(cr, frame.x, y, frame.width, line)
        }
        cairo_fill(cr)
    }

    /// A thin line just outside the box, with a darker line outside that so it reads on white skies.
    private static func drawFrame(_ frame: Rect, line: Double, on cr: OpaquePointer) {
        cairo_set_line_width(cr, line)
        Theme.handleShadow.set(on: cr)
        cairo_rectangle(cr, frame.x - 1.5 * line, frame.y - 1.5 * line, frame.width + 3 * line, frame.height + 3 * line)
        cairo_stroke(cr)
        Theme.cropFrame.set(on: cr)
        cairo_rectangle(cr, frame.x - 0.5 * line, frame.y - 0.5 * line, frame.width + line, frame.height + line)
        cairo_stroke(cr)
    }

    private static func drawHandles(_ frame: Rect, active: Handle?, metrics: Metrics, on cr: OpaquePointer) {
        let t = metrics.thickness
        let corner = min(metrics.corner, frame.width / 2, frame.height / 2) + t
        let sideX = min(metrics.side, max(0, frame.width - 2 * corner - 8 * metrics.line))
        let sideY = min(metrics.side, max(0, frame.height - 2 * corner - 8 * metrics.line))
        var rects: [(Handle, [Rect])] = []
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
        cairo_rectangle(cr, frame.x - 100 * metrics.line, frame.y - 100 * metrics.line,
                        frame.width + 200 * metrics.line, frame.height + 200 * metrics.line)
        cairo_rectangle(cr, frame.x, frame.y, frame.width, frame.height)
        cairo_clip(cr)
        Theme.handleShadow.set(on: cr)
        let halo = metrics.line
        for (_, parts) in rects {
            for r in parts { cairo_rectangle(cr, r.x - halo, r.y - halo, r.width + 2 * halo, r.height + 2 * halo) }
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
