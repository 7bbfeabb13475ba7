import CCairo

/// Drawing a field and finding the character under the pointer, with the same horizontal scroll (the caret
/// stays in view).
extension TextField {
    static let padding = 8.0

    private func scroll(in rect: LayoutRect, font: FontSpec, text renderer: TextRenderer) -> Double {
        let caretX = renderer.caretOffset(in: text, font: font, characterIndex: caret)
        return max(0, caretX - (rect.width - 2 * Self.padding) + 2)
    }

    /// The caret position nearest to window x `x` in a field drawn in `rect`.
    func index(atX x: Double, in rect: LayoutRect, font: FontSpec = Theme.bodyFont, text renderer: TextRenderer) -> Int {
        let local = x - rect.x - Self.padding + scroll(in: rect, font: font, text: renderer)
        var best = 0, bestDistance = Double.infinity
        for index in 0...text.count {
            let distance = abs(renderer.caretOffset(in: text, font: font, characterIndex: index) - local)
            if distance < bestDistance { (best, bestDistance) = (index, distance) }
        }
        return best
    }

    /// A sunken box, the selection, the text (scrolled so the caret stays visible) and the caret.
    func draw(in rect: LayoutRect, focused: Bool, invalid: Bool = false, font: FontSpec = Theme.bodyFont,
              text renderer: TextRenderer, on cr: OpaquePointer) {
        let border = invalid ? Theme.danger : focused ? Theme.accent : Theme.panelBorder
        Shapes.panel(rect, radius: 4, fill: Theme.fieldBackground, border: border, on: cr)
        let inner = rect.insetBy(Self.padding, 0)
        let scroll = scroll(in: rect, font: font, text: renderer)
        cairo_save(cr)
        cairo_rectangle(cr, inner.x, rect.y, inner.width, rect.height)
        cairo_clip(cr)
        if let selection {
            let from = renderer.caretOffset(in: text, font: font, characterIndex: selection.lowerBound)
            let to = renderer.caretOffset(in: text, font: font, characterIndex: selection.upperBound)
            (focused ? Theme.accent.withAlpha(0.45) : Theme.secondaryText.withAlpha(0.25)).set(on: cr)
            cairo_rectangle(cr, inner.x - scroll + from - 1, rect.y + 5, to - from + 2, rect.height - 10)
            cairo_fill(cr)
        }
        let textRect = LayoutRect(x: inner.x - scroll, y: inner.y, width: inner.width + scroll + 1000, height: inner.height)
        renderer.draw(text, font: font, color: Theme.text, in: textRect, truncation: .none, on: cr)
        if focused {
            let caretX = renderer.caretOffset(in: text, font: font, characterIndex: caret)
            Theme.accentHover.set(on: cr)
            cairo_rectangle(cr, (inner.x + caretX - scroll).rounded(), rect.y + 6, 1.5, rect.height - 12)
            cairo_fill(cr)
        }
        cairo_restore(cr)
    }
}
