import CCairo

/// Shared looks of the modal overlays.
enum Overlay {
    static func dim(_ window: LayoutRect, on cr: OpaquePointer) {
        cairo_set_source_rgba(cr, 0, 0, 0, 0.55)
        cairo_rectangle(cr, window.x, window.y, window.width, window.height)
        cairo_fill(cr)
    }

    static func drawPanel(_ rect: LayoutRect, on cr: OpaquePointer) {
        // A soft shadow first, so the panel lifts off photos of any brightness.
        for spread in stride(from: 12.0, to: 0, by: -4) {
            cairo_set_source_rgba(cr, 0, 0, 0, 0.10)
            Shapes.roundedRect(LayoutRect(x: rect.x - spread / 2, y: rect.y - spread / 4, width: rect.width + spread,
                                          height: rect.height + spread), radius: 10 + spread / 2, on: cr)
            cairo_fill(cr)
        }
        Shapes.panel(LayoutRect(x: rect.x + 0.5, y: rect.y + 0.5, width: rect.width - 1, height: rect.height - 1),
                     radius: 10, fill: Theme.panel, border: Theme.panelBorder, on: cr)
    }

    static func drawButton(_ label: String, frame: LayoutRect, prominent: Bool, hovered: Bool,
                           text: TextRenderer, on cr: OpaquePointer) {
        let fill = prominent ? (hovered ? Theme.accentHover : Theme.accent) : (hovered ? Theme.pressed : Theme.hover)
        fill.set(on: cr)
        Shapes.roundedRect(frame, radius: Theme.cornerRadius, on: cr)
        cairo_fill(cr)
        text.draw(label, font: Theme.boldFont, color: prominent ? Color(hex: 0xffffff) : Theme.text,
                  in: frame, alignment: .center, on: cr)
    }

    /// A small "×" drawn with two strokes, for dismiss buttons.
    static func drawCross(centerX: Double, centerY: Double, size: Double, color: Color, on cr: OpaquePointer) {
        color.set(on: cr)
        cairo_set_line_width(cr, 1.6)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_move_to(cr, centerX - size / 2, centerY - size / 2)
        cairo_line_to(cr, centerX + size / 2, centerY + size / 2)
        cairo_move_to(cr, centerX + size / 2, centerY - size / 2)
        cairo_line_to(cr, centerX - size / 2, centerY + size / 2)
        cairo_stroke(cr)
    }
}
