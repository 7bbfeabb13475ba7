import CCairo

/// Path helpers shared by the chrome renderers.
enum Shapes {
    /// A bar of the chrome: its fill and the separator line along its bottom edge.
    static func chromeBar(_ area: LayoutRect, on cr: OpaquePointer) {
        Theme.chrome.set(on: cr)
        cairo_rectangle(cr, area.x, area.y, area.width, area.height)
        cairo_fill(cr)
        Theme.separator.set(on: cr)
        cairo_rectangle(cr, area.x, area.maxY - 1, area.width, 1)
        cairo_fill(cr)
    }

    static func roundedRect(_ rect: LayoutRect, radius: Double, on cr: OpaquePointer) {
        let r = min(radius, rect.width / 2, rect.height / 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, rect.maxX - r, rect.y + r, r, -.pi / 2, 0)
        cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, .pi / 2)
        cairo_arc(cr, rect.x + r, rect.maxY - r, r, .pi / 2, .pi)
        cairo_arc(cr, rect.x + r, rect.y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    /// Fills a rounded rectangle with the current source as its straight middle and sides (whole rectangles, which
    /// Cairo fills without rasterising a path) and its four corners: the grid fills dozens a frame. The same
    /// pixels as filling `roundedRect` when the rectangle lies on whole pixels.
    static func fillRoundedRect(_ rect: LayoutRect, radius: Double, on cr: OpaquePointer) {
        let r = min(radius, rect.width / 2, rect.height / 2)
        cairo_rectangle(cr, rect.x + r, rect.y, rect.width - 2 * r, rect.height)
        cairo_rectangle(cr, rect.x, rect.y + r, r, rect.height - 2 * r)
        cairo_rectangle(cr, rect.maxX - r, rect.y + r, r, rect.height - 2 * r)
        cairo_fill(cr)
        let corners = [(rect.maxX - r, rect.y + r, -Double.pi / 2), (rect.maxX - r, rect.maxY - r, 0),
                       (rect.x + r, rect.maxY - r, Double.pi / 2), (rect.x + r, rect.y + r, Double.pi)]
        for (x, y, start) in corners {
            cairo_move_to(cr, x, y)
            cairo_arc(cr, x, y, r, start, start + .pi / 2)
            cairo_close_path(cr)
        }
        cairo_fill(cr)
    }

    /// A filled panel with a hairline border, as used by overlays and tooltips.
    static func panel(_ rect: LayoutRect, radius: Double, fill: Color, border: Color, on cr: OpaquePointer) {
        roundedRect(rect, radius: radius, on: cr)
        fill.set(on: cr)
        cairo_fill_preserve(cr)
        border.set(on: cr)
        cairo_set_line_width(cr, 1)
        cairo_stroke(cr)
    }

    /// A bar along the bottom of the window (the status bar, the straighten dial): its ground and a line on top.
    static func bottomBar(_ area: LayoutRect, on cr: OpaquePointer) {
        Theme.statusBar.set(on: cr)
        cairo_rectangle(cr, area.x, area.y, area.width, area.height)
        cairo_fill(cr)
        Theme.separator.set(on: cr)
        cairo_rectangle(cr, area.x, area.y, area.width, 1)
        cairo_fill(cr)
    }
}
