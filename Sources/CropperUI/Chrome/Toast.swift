import CCairo

/// A short notice above the status bar that fades away by itself ("Saved to …").
struct Toast: Equatable {
    static let duration = 4.0
    static let fade = 0.4

    let text: String
    let shownAt: Double

    func isExpired(at now: Double) -> Bool { now >= shownAt + Self.duration }

    func draw(in canvas: LayoutRect, now: Double, text renderer: TextRenderer, on cr: OpaquePointer) {
        let remaining = shownAt + Self.duration - now
        let opacity = max(0, min(1, remaining / Self.fade))
        let textWidth = min(renderer.size(of: text, font: Theme.bodyFont).width, canvas.width - 120)
        let width = (textWidth + 48).rounded()
        let rect = LayoutRect(x: (canvas.midX - width / 2).rounded(), y: canvas.maxY - 58, width: width, height: 36)
        cairo_push_group(cr)
        Shapes.panel(rect, radius: 18, fill: Color(hex: 0x2f3136, alpha: 0.96), border: Theme.panelBorder, on: cr)
        Color(hex: 0x5ccf8a).set(on: cr)
        cairo_arc(cr, rect.x + 18, rect.midY, 4, 0, 2 * .pi)
        cairo_fill(cr)
        renderer.draw(text, font: Theme.bodyFont, color: Theme.text,
                      in: LayoutRect(x: rect.x + 30, y: rect.y, width: rect.width - 44, height: rect.height),
                      truncation: .middle, on: cr)
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, opacity)
    }
}

/// An error that stays on top of the canvas until dismissed: a failed save or open.
struct Banner: Equatable {
    let text: String

    func frame(in canvas: LayoutRect) -> LayoutRect {
        LayoutRect(x: canvas.x + 12, y: canvas.y + 12, width: canvas.width - 24, height: 40)
    }

    func dismissFrame(in canvas: LayoutRect) -> LayoutRect {
        let banner = frame(in: canvas)
        return LayoutRect(x: banner.maxX - 36, y: banner.y + 4, width: 32, height: 32)
    }

    func draw(in canvas: LayoutRect, dismissHovered: Bool, text renderer: TextRenderer, on cr: OpaquePointer) {
        let rect = frame(in: canvas)
        Shapes.panel(rect, radius: 8, fill: Color(hex: 0x5a2326, alpha: 0.97), border: Theme.danger, on: cr)
        Theme.danger.set(on: cr)
        cairo_arc(cr, rect.x + 20, rect.midY, 8, 0, 2 * .pi)
        cairo_fill(cr)
        Color(hex: 0xffffff).set(on: cr)
        cairo_rectangle(cr, rect.x + 19, rect.midY - 5, 2, 6)
        cairo_rectangle(cr, rect.x + 19, rect.midY + 2.5, 2, 2)
        cairo_fill(cr)
        renderer.draw(text, font: Theme.bodyFont, color: Theme.text,
                      in: LayoutRect(x: rect.x + 38, y: rect.y, width: rect.width - 84, height: rect.height),
                      truncation: .middle, on: cr)
        let dismiss = dismissFrame(in: canvas)
        if dismissHovered {
            Color(hex: 0xffffff, alpha: 0.12).set(on: cr)
            Shapes.roundedRect(dismiss, radius: 6, on: cr)
            cairo_fill(cr)
        }
        Overlay.drawCross(centerX: dismiss.midX, centerY: dismiss.midY, size: 9, color: Theme.text, on: cr)
    }
}
