import CCairo
import Localization
import PhotoIO

/// "Replace “name”?": asked in the Save As dialog before a crop is written over an existing file, in the
/// style of the close confirmation.
enum ReplaceConfirmation {
    enum Choice: CaseIterable { case cancel, replace }

    private static func question(path: String) -> QuestionPanel<Choice> {
        let name = PathNames.shown(PathNames.name(of: path))
        let folder = PathNames.shown(PathNames.name(of: PathNames.folder(of: path)))
        return QuestionPanel(title: tr("Replace “%s”?", name),
                             message: tr("A file of this name already exists in “%s”. Replacing it overwrites what it holds.", folder),
                             buttons: [.init(choice: .cancel, label: tr("Cancel")),
                                       .init(choice: .replace, label: tr("Replace"), isProminent: true)],
                             width: 460)
    }

    static func choice(at x: Double, _ y: Double, in window: LayoutRect) -> Choice? {
        question(path: "").choice(at: x, y, in: window)
    }

    static func draw(path: String, in window: LayoutRect, hovered: Choice?, text: TextRenderer, on cr: OpaquePointer) {
        question(path: path).draw(in: window, hovered: hovered, text: text, on: cr)
    }
}
