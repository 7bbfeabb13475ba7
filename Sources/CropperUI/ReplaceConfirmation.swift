import CCairo
import PhotoIO

/// "Replace “name”?": asked in the Save As dialog before a crop is written over an existing file, in the
/// style of the close confirmation.
enum ReplaceConfirmation {
    enum Choice: CaseIterable { case cancel, replace }

    static func panel(in window: LayoutRect) -> LayoutRect {
        window.centered(width: min(460, window.width - 40), height: 150)
    }

    static func buttonFrames(in window: LayoutRect) -> [(Choice, LayoutRect)] {
        let panel = self.panel(in: window)
        let width = 112.0, height = 32.0
        let y = panel.maxY - 20 - height
        return [
            (.cancel, LayoutRect(x: panel.maxX - 20 - 2 * width - 10, y: y, width: width, height: height)),
            (.replace, LayoutRect(x: panel.maxX - 20 - width, y: y, width: width, height: height)),
        ]
    }

    static func choice(at x: Double, _ y: Double, in window: LayoutRect) -> Choice? {
        buttonFrames(in: window).first { $0.1.contains(x, y) }?.0
    }

    static func draw(path: String, in window: LayoutRect, hovered: Choice?, text: TextRenderer, on cr: OpaquePointer) {
        Overlay.dim(window, on: cr)
        let panel = self.panel(in: window)
        Overlay.drawPanel(panel, on: cr)
        let name = PathNames.shown(PathNames.name(of: path))
        let folder = PathNames.shown(PathNames.name(of: PathNames.folder(of: path)))
        text.draw("Replace “\(name)”?", font: Theme.titleFont, color: Theme.text,
                  in: LayoutRect(x: panel.x + 20, y: panel.y + 18, width: panel.width - 40, height: 24),
                  truncation: .middle, on: cr)
        text.drawParagraph("A file of this name already exists in “\(folder)”. Replacing it overwrites what it holds.",
                           font: Theme.bodyFont, color: Theme.secondaryText,
                           in: LayoutRect(x: panel.x + 20, y: panel.y + 52, width: panel.width - 40, height: 40), on: cr)
        for (choice, frame) in buttonFrames(in: window) {
            Overlay.drawButton(choice == .replace ? "Replace" : "Cancel", frame: frame, prominent: choice == .replace,
                               hovered: choice == hovered, text: text, on: cr)
        }
    }
}
