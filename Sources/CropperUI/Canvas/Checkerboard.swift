import CCairo
import EditorState

/// What shows through a transparent photo: light and mid grey squares, as image editors draw "nothing here".
enum Checkerboard {
    /// The side of one square in device pixels at interface scale 1.
    static let square = 8.0
    /// The two greys, as fractions and as the byte the warp blit writes (`WarpBlit.Checker`).
    static let light = 0.80, dark = 0.62
    static let lightGrey = UInt32((light * 255).rounded()), darkGrey = UInt32((dark * 255).rounded())

    /// Squares anchored at the frame's corner, drawn only where the canvas is visible.
    static func draw(in frame: Rect, scale: Double, on cr: OpaquePointer) {
        let side = (square * scale).rounded()
        cairo_save(cr)
        let x = frame.x.rounded(), y = frame.y.rounded()
        cairo_rectangle(cr, x, y, frame.width.rounded(), frame.height.rounded())
        cairo_clip(cr)
        cairo_set_source_rgb(cr, light, light, light)
        cairo_paint(cr)
        var left = 0.0, top = 0.0, right = 0.0, bottom = 0.0
        cairo_clip_extents(cr, &left, &top, &right, &bottom)
        let firstColumn = Int(((left - x) / side).rounded(.down)), lastColumn = Int(((right - x) / side).rounded(.up))
        let firstRow = Int(((top - y) / side).rounded(.down)), lastRow = Int(((bottom - y) / side).rounded(.up))
        if firstColumn <= lastColumn && firstRow <= lastRow {
            for row in firstRow...lastRow {
                for column in firstColumn...lastColumn where (row + column) % 2 != 0 {
                    cairo_rectangle(cr, x + Double(column) * side, y + Double(row) * side, side, side)
                }
            }
        }
        cairo_set_source_rgb(cr, dark, dark, dark)
        cairo_fill(cr)
        cairo_restore(cr)
    }
}
