import CCairo
import X11Platform
import EditorState
import PhotoIO

/// Guided perspective (G): over the canvas, a drag draws a guide along something that should be vertical or
/// horizontal, a drag from a guide's end moves that end, a right-click on a guide (or Delete, the last one) removes
/// it; two to four guides re-project the picture live so that they are (`EditorState+Guides`). Guides live in the
/// displayed photo's pixels before the warp; during a drag the pointer is read through the warp it started with,
/// so the end under the pointer does not run from it while the picture moves.
struct GuidesComponent: Component, Equatable {
    static let maximumGuides = 4
    /// How near (interface pixels) a press must be to a guide's end to move it, or to the line to delete it.
    static let reach = 12.0

    let kind = ComponentKind.guides
    /// The guide being drawn or moved: its index, which end, and the warp the drag reads the pointer through.
    private var moving: (index: Int, end: Bool, warp: WarpedPhoto)?

    static func == (a: GuidesComponent, b: GuidesComponent) -> Bool {
        a.moving?.index == b.moving?.index && a.moving?.end == b.moving?.end
    }

    /// A photo point (displayed pixels, before the warp) under a window point, read through `warp`.
    static func photoPoint(_ point: WindowPoint, through warp: WarpedPhoto, in context: WindowContext) -> Point {
        warp.photoPoint(fromWarped: context.editor.viewport.imagePoint(fromView: context.canvasPoint(point)))
    }

    /// A photo point on screen, in window (interface) pixels.
    static func windowPoint(_ p: Point, in context: WindowContext) -> WindowPoint? {
        guard let warp = context.editor.warpedPhoto else { return nil }
        let view = context.editor.viewport.viewPoint(fromImage: warp.warpedPoint(fromPhoto: p))
        guard view.isFinite else { return nil }
        let scale = context.layout.scale
        return WindowPoint(x: (view.x + context.layout.deviceCanvas.x) / scale, y: (view.y + context.layout.deviceCanvas.y) / scale)
    }

    mutating func press(_ press: PointerPress, in context: WindowContext) -> Response {
        guard context.layout.canvas.contains(press.at.x, press.at.y), let warp = context.editor.warpedPhoto else { return .passed }
        var guides = context.editor.guides
        if press.button == Bindings.deleteGuideButton {
            guard let index = nearestLine(to: press.at, in: context) else { return .took("guideMissed") }
            guides.remove(at: index)
            return .took("guideDeleted", [.edit(.setGuides(guides))])
        }
        guard press.isClick else { return .passed }
        if let (index, end) = nearestEnd(to: press.at, in: context) {
            moving = (index, end, warp)
            return .took("guideGrabbed")
        }
        guard guides.count < Self.maximumGuides else { return .took("guidesFull") }
        let start = Self.photoPoint(press.at, through: warp, in: context)
        guard start.isFinite else { return .took("guideMissed") }
        moving = (guides.count, true, warp)
        // The new guide has no length yet: it joins the list (and counts) once the drag gives it some.
        pendingStart = start
        return .took("guideStarted")
    }

    /// Where a new guide began, until the drag gives it length.
    private var pendingStart: Point?

    mutating func drag(to point: WindowPoint, in context: WindowContext) -> Response {
        guard let moving else { return .took("pointerMoved") }
        let p = Self.photoPoint(point, through: moving.warp, in: context)
        guard p.isFinite else { return .took("pointerMoved") }
        var guides = context.editor.guides
        if let start = pendingStart {
            guard start.distance(to: p) * context.editor.viewport.zoomScale > Self.reach * context.layout.scale else {
                return .took("pointerMoved")
            }
            guides.append(LineSegment(start: start, end: p))
            pendingStart = nil
        } else if moving.index < guides.count {
            if moving.end { guides[moving.index].end = p } else { guides[moving.index].start = p }
        }
        return .took("guideDragged", [.edit(.dragGuides(guides))])
    }

    mutating func release(at point: WindowPoint, in context: WindowContext) -> Response {
        guard moving != nil else { return .took("buttonRelease") }
        moving = nil
        pendingStart = nil
        return .took("guideReleased", [.edit(.endStraightenDrag)])
    }

    mutating func key(_ key: KeyInput, in context: WindowContext) -> Response {
        guard [Keysym.Delete, Keysym.BackSpace].contains(key.level0), key.modifiers.isEmpty,
              !context.editor.guides.isEmpty else { return .passed }
        return .took("guideDeleted", [.edit(.setGuides(Array(context.editor.guides.dropLast())))])
    }

    func pointerShape(at point: WindowPoint, in context: WindowContext) -> PointerShape? {
        context.layout.canvas.contains(point.x, point.y) ? .crosshair : nil
    }

    private func nearestEnd(to point: WindowPoint, in context: WindowContext) -> (Int, Bool)? {
        var best: (Int, Bool, Double)?
        for (index, guide) in context.editor.guides.enumerated() {
            for (end, p) in [(false, guide.start), (true, guide.end)] {
                guard let shown = Self.windowPoint(p, in: context) else { continue }
                let distance = ((shown.x - point.x) * (shown.x - point.x) + (shown.y - point.y) * (shown.y - point.y)).squareRoot()
                if distance <= Self.reach, distance < (best?.2 ?? .infinity) { best = (index, end, distance) }
            }
        }
        return best.map { ($0.0, $0.1) }
    }

    private func nearestLine(to point: WindowPoint, in context: WindowContext) -> Int? {
        var best: (Int, Double)?
        for (index, guide) in context.editor.guides.enumerated() {
            guard let a = Self.windowPoint(guide.start, in: context), let b = Self.windowPoint(guide.end, in: context) else { continue }
            let dx = b.x - a.x, dy = b.y - a.y, length2 = dx * dx + dy * dy
            let t = length2 > 0 ? max(0, min(1, ((point.x - a.x) * dx + (point.y - a.y) * dy) / length2)) : 0
            let cx = a.x + t * dx - point.x, cy = a.y + t * dy - point.y
            let distance = (cx * cx + cy * cy).squareRoot()
            if distance <= Self.reach, distance < (best?.1 ?? .infinity) { best = (index, distance) }
        }
        return best?.0
    }

    func draw(in context: WindowContext, on cr: OpaquePointer) {
        cairo_save(cr)
        cairo_rectangle(cr, context.layout.canvas.x, context.layout.canvas.y, context.layout.canvas.width, context.layout.canvas.height)
        cairo_clip(cr)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        for guide in context.editor.guides {
            guard let a = Self.windowPoint(guide.start, in: context), let b = Self.windowPoint(guide.end, in: context) else { continue }
            for (color, width) in [(Theme.handleShadow, 4.0), (Theme.accentHover, 2.0)] {
                color.set(on: cr)
                cairo_set_line_width(cr, width)
                cairo_move_to(cr, a.x, a.y)
                cairo_line_to(cr, b.x, b.y)
                cairo_stroke(cr)
            }
            for p in [a, b] {
                cairo_arc(cr, p.x, p.y, 5, 0, 2 * .pi)
                Theme.handleFill.set(on: cr)
                cairo_fill(cr)
            }
        }
        cairo_restore(cr)
    }

    func snapshot(in context: WindowContext) -> [(String, JSONValue)] {
        [("guidedMode", .bool(true))]
    }
}
