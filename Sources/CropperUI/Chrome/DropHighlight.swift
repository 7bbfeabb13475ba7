import CCairo
import Localization

/// Shown over the canvas while photos are dragged over the window: a tinted canvas, an accent frame and a label.
enum DropHighlight {
    static func draw(in canvas: LayoutRect, text: TextRenderer, on cr: OpaquePointer) {
        Theme.accent.withAlpha(0.12).set(on: cr)
        cairo_rectangle(cr, canvas.x, canvas.y, canvas.width, canvas.height)
        cairo_fill(cr)
        let frame = canvas.insetBy(8, 8)
        Theme.accent.set(on: cr)
        cairo_set_line_width(cr, 2)
        Shapes.roundedRect(frame.insetBy(1, 1), radius: 10, on: cr)
        cairo_stroke(cr)
        let label = tr("Drop to open")
        let width = (text.size(of: label, font: Theme.titleFont).width + 48).rounded()
        let pill = LayoutRect(x: (canvas.midX - width / 2).rounded(), y: (canvas.midY - 22).rounded(), width: width, height: 44)
        Shapes.panel(pill, radius: 22, fill: Theme.accent, border: Theme.accentHover, on: cr)
        text.draw(label, font: Theme.titleFont, color: Color(hex: 0xffffff), in: pill, alignment: .center, on: cr)
    }
}
