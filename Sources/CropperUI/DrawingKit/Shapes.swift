import CCairo

/// Path helpers shared by the chrome renderers.
enum Shapes {
    static func roundedRect(_ rect: LayoutRect, radius: Double, on cr: OpaquePointer) {
        let r = min(radius, rect.width / 2, rect.height / 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, rect.maxX - r, rect.y + r, r, -.pi / 2, 0)
        cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, .pi / 2)
        cairo_arc(cr, rect.x + r, rect.maxY - r, r, .pi / 2, .pi)
        cairo_arc(cr, rect.x + r, rect.y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
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
