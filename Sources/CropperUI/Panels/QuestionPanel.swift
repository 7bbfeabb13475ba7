import CCairo

/// A question over the dimmed window: a title, a line or two, and buttons along the bottom (leading ones at the
/// left edge, the others at the right, the last rightmost). The save, replace and damaged-save questions are
/// each one of these with their own words.
struct QuestionPanel<Choice: Equatable> {
    struct Button {
        let choice: Choice
        let label: String
        /// Drawn in the accent colour: the answer Enter gives.
        var isProminent = false
        var isLeading = false
    }

    static var buttonSize: (width: Double, height: Double) { (112, 32) }

    let title: String
    let message: String
    let buttons: [Button]
    var width = 480.0
    var titleTruncation = TextTruncation.middle

    /// Wide enough for the longest label in the user's language, the same for every button of the row.
    private var buttonWidth: Double {
        let widest = buttons.map { TextRenderer.measuring.size(of: $0.label, font: Theme.boldFont).width }.max() ?? 0
        return max(Self.buttonSize.width, (widest + 32).rounded(.up))
    }

    /// As tall as the message needs, and wide enough for the row of buttons.
    func panel(in window: LayoutRect) -> LayoutRect {
        let buttonsWidth = Double(buttons.count) * (buttonWidth + 10) - 10 + 40 + (buttons.contains(where: \.isLeading) ? 40 : 0)
        let panelWidth = min(max(width, buttonsWidth), window.width - 40)
        let messageHeight = TextRenderer.measuring.paragraphHeight(message, font: Theme.bodyFont, width: panelWidth - 40)
        return window.centered(width: panelWidth, height: max(150, 52 + messageHeight + 14 + Self.buttonSize.height + 20))
    }

    func buttonFrames(in window: LayoutRect) -> [(Choice, LayoutRect)] {
        let panel = self.panel(in: window)
        let (w, h) = (buttonWidth, Self.buttonSize.height)
        let gap = 10.0, y = panel.maxY - 20 - h
        let leading = buttons.filter(\.isLeading), trailing = buttons.filter { !$0.isLeading }
        let left = leading.enumerated().map { index, button in
            (button.choice, LayoutRect(x: panel.x + 20 + Double(index) * (w + gap), y: y, width: w, height: h))
        }
        let right = trailing.enumerated().map { index, button in
            let fromRight = Double(trailing.count - 1 - index)
            return (button.choice, LayoutRect(x: panel.maxX - 20 - w - fromRight * (w + gap), y: y, width: w, height: h))
        }
        return left + right
    }

    func choice(at x: Double, _ y: Double, in window: LayoutRect) -> Choice? {
        buttonFrames(in: window).first { $0.1.contains(x, y) }?.0
    }

    func draw(in window: LayoutRect, hovered: Choice?, text: TextRenderer, on cr: OpaquePointer) {
        Overlay.dim(window, on: cr)
        let panel = self.panel(in: window)
        Overlay.drawPanel(panel, on: cr)
        text.draw(title, font: Theme.titleFont, color: Theme.text,
                  in: LayoutRect(x: panel.x + 20, y: panel.y + 18, width: panel.width - 40, height: 24),
                  truncation: titleTruncation, on: cr)
        text.drawParagraph(message, font: Theme.bodyFont, color: Theme.secondaryText,
                           in: LayoutRect(x: panel.x + 20, y: panel.y + 52, width: panel.width - 40,
                                          height: panel.height - 52 - 14 - Self.buttonSize.height - 20), on: cr)
        for (choice, frame) in buttonFrames(in: window) {
            guard let button = buttons.first(where: { $0.choice == choice }) else { continue }
            Overlay.drawButton(button.label, frame: frame, prominent: button.isProminent, hovered: choice == hovered,
                               text: text, on: cr)
        }
    }
}
