import CCairo

/// The tip under a hovered toolbar button: what it does and its shortcut.
struct Tooltip {
    let button: ToolbarButton

    func draw(windowWidth: Double, text: TextRenderer, on cr: OpaquePointer) {
        let title = button.tooltip
        let shortcut = Bindings.shortcutLabel(for: button.command)
        let titleWidth = text.size(of: title, font: Theme.bodyFont).width
        let shortcutWidth = shortcut.map { text.size(of: $0, font: Theme.smallFont).width + 14 } ?? 0
        let width = (titleWidth + shortcutWidth + 22).rounded()
        let x = min(max(6, (button.frame.midX - width / 2).rounded()), windowWidth - width - 6)
        let rect = LayoutRect(x: x, y: button.frame.maxY + 8, width: width, height: 28)
        Shapes.panel(LayoutRect(x: rect.x + 0.5, y: rect.y + 0.5, width: rect.width - 1, height: rect.height - 1),
                     radius: 6, fill: Color(hex: 0x111214, alpha: 0.96), border: Theme.panelBorder, on: cr)
        text.draw(title, font: Theme.bodyFont, color: Theme.text,
                  in: LayoutRect(x: rect.x + 11, y: rect.y, width: titleWidth + 1, height: rect.height), on: cr)
        if let shortcut {
            text.draw(shortcut, font: Theme.smallFont, color: Theme.secondaryText,
                      in: LayoutRect(x: rect.x + 11 + titleWidth + 14, y: rect.y, width: shortcutWidth, height: rect.height),
                      on: cr)
        }
    }
}
