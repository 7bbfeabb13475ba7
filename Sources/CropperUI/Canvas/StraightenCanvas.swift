import CCairo
import EditorState

/// The canvas's share of straightening: the photo drawn turned about its centre, the fine grid shown while the
/// dial moves, and the level tool's line. Canvas coordinates, device pixels.
enum StraightenCanvas {
    /// Grid lines this far apart (interface pixels) while the picture turns: close enough to judge a horizon by.
    static let gridSpacing = 24.0

    /// Runs `draw` with the canvas turned by the straighten angle about the photo's centre on screen.
    static func turned(_ state: EditorState, on cr: OpaquePointer, _ draw: () -> Void) {
        guard !state.straighten.isZero else { return draw() }
        let centre = state.viewport.contentFrame.center
        cairo_save(cr)
        cairo_translate(cr, centre.x, centre.y)
        cairo_rotate(cr, state.straighten.radians)
        cairo_translate(cr, -centre.x, -centre.y)
        draw()
        cairo_restore(cr)
    }

    /// While the dial is dragged: a fine square grid over the box, to line the picture up against.
    static func drawGrid(_ state: EditorState, scale: Double, on cr: OpaquePointer) {
        guard state.activity == .straightening, let frame = state.cropFrameInView else { return }
        let step = gridSpacing * scale
        cairo_save(cr)
        cairo_rectangle(cr, frame.x, frame.y, frame.width, frame.height)
        cairo_clip(cr)
        Theme.gridLine.withAlpha(0.35).set(on: cr)
        // One-pixel boxes, not strokes: the cheapest lines for Cairo, drawn in every frame of a dial drag.
        let line = max(1, scale.rounded())
        var x = frame.midX - (frame.width / 2 / step).rounded(.down) * step
        while x <= frame.maxX {
            cairo_rectangle(cr, x.rounded(), frame.minY, line, frame.height)
            x += step
        }
        var y = frame.midY - (frame.height / 2 / step).rounded(.down) * step
        while y <= frame.maxY {
            cairo_rectangle(cr, frame.minX, y.rounded(), frame.width, line)
            y += step
        }
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// The level tool's line from `start` to `end` (canvas points), with a level guide through its start.
    static func drawLevelLine(from start: Point, to end: Point, scale: Double, on cr: OpaquePointer) {
        cairo_save(cr)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        Theme.handleShadow.set(on: cr)
        cairo_set_line_width(cr, 4 * scale)
        cairo_move_to(cr, start.x, start.y)
        cairo_line_to(cr, end.x, end.y)
        cairo_stroke(cr)
        Theme.accentHover.set(on: cr)
        cairo_set_line_width(cr, 2 * scale)
        cairo_move_to(cr, start.x, start.y)
        cairo_line_to(cr, end.x, end.y)
        cairo_stroke(cr)
        for point in [start, end] {
            cairo_arc(cr, point.x, point.y, 5 * scale, 0, 2 * .pi)
            Theme.handleFill.set(on: cr)
            cairo_fill(cr)
        }
        cairo_restore(cr)
    }
}
