import CCairo
import PhotoIO

/// "The box reaches into the damaged part": asked when a save would include rows the photo could not read.
struct DamagedSaveQuestion: Equatable {
    enum Choice: CaseIterable { case cancel, saveAnyway }

    let region: DamagedRegion

    var title: String { "The box reaches into the damaged part" }
    var message: String {
        "\(region.unreadableText.prefix(1).uppercased() + region.unreadableText.dropFirst()) could not be read. "
            + "Move the box \(region.moveAdvice), or save the pixels as they were decoded."
    }

    static func label(for choice: Choice) -> String {
        switch choice {
        case .cancel: "Cancel"
        case .saveAnyway: "Save anyway"
        }
    }

    func panel(in window: LayoutRect) -> LayoutRect {
        window.centered(width: min(480, window.width - 40), height: 150)
    }

    func buttonFrames(in window: LayoutRect) -> [(Choice, LayoutRect)] {
        let panel = self.panel(in: window)
        let width = 112.0, height = 32.0, gap = 10.0
        let y = panel.maxY - 20 - height
        return [
            (.cancel, LayoutRect(x: panel.maxX - 20 - 2 * width - gap, y: y, width: width, height: height)),
            (.saveAnyway, LayoutRect(x: panel.maxX - 20 - width, y: y, width: width, height: height)),
        ]
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
                  truncation: .end, on: cr)
        text.drawParagraph(message, font: Theme.bodyFont, color: Theme.secondaryText,
                           in: LayoutRect(x: panel.x + 20, y: panel.y + 52, width: panel.width - 40, height: 40), on: cr)
        for (choice, frame) in buttonFrames(in: window) {
            // Cancel is the safe default; saving damaged pixels must be chosen.
            Overlay.drawButton(Self.label(for: choice), frame: frame, prominent: choice == .cancel,
                               hovered: choice == hovered, text: text, on: cr)
        }
    }
}
