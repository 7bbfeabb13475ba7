import Localization
import PhotoIO

/// Asked before the first save over a photo: says what will happen (the photo replaced by the crop, the original
/// to the Trash, where a file manager restores it). Replace (Enter, R) goes on and is not asked again; Cancel
/// (Esc, C) leaves everything as it is.
struct ReplaceOriginalComponent: QuestionComponent, Equatable {
    enum Choice: Equatable { case cancel, replace }

    let kind = ComponentKind.replaceOriginal
    let fileName: String
    /// "1080 × 1080", when the crop is scaled on saving.
    let exportSize: String?
    var hovered: Choice?

    var title: String { tr("Replace %s with the crop?", fileName) }
    var message: String {
        exportSize.map {
            tr("The photo becomes the crop at %s, its metadata kept. The original goes to the Trash, where your file manager "
               + "can restore it. Cropper asks only this once.", $0)
        } ?? tr("The photo becomes the crop, its metadata kept. The original goes to the Trash, where your file manager "
                + "can restore it. Cropper asks only this once.")
    }

    private var panel: QuestionPanel<Choice> {
        QuestionPanel(title: title, message: message, buttons: [
            .init(choice: .cancel, label: tr("Cancel")),
            .init(choice: .replace, label: tr("Replace"), isProminent: true),
        ], width: 520)
    }

    mutating func key(_ key: KeyInput, in context: WindowContext) -> Response {
        guard case let .answer(answer) = Bindings.command(for: key, scope: .replaceOriginalQuestion) else { return .took("key") }
        return .took("replaceOriginalKey", answering(answer == .replace ? .replace : .cancel))
    }

    mutating func press(_ press: PointerPress, in context: WindowContext) -> Response {
        guard press.isClick, let choice = choice(at: press.at, in: context.layout.bounds) else {
            return .took("replaceOriginalClick")
        }
        return .took("replaceOriginalClick", answering(choice))
    }

    private func answering(_ choice: Choice) -> [Effect] {
        switch choice {
        case .cancel: [.close(.replaceOriginal)]
        case .replace: [.close(.replaceOriginal), .replaceOriginal(confirmed: true)]
        }
    }

    func choice(at point: WindowPoint, in window: LayoutRect) -> Choice? {
        panel.choice(at: point.x, point.y, in: window)
    }

    func drawQuestion(in window: LayoutRect, text: TextRenderer, on cr: OpaquePointer) {
        panel.draw(in: window, hovered: hovered, text: text, on: cr)
    }

    func snapshot(in context: WindowContext) -> [(String, JSONValue)] {
        [("replaceOriginal", .object([("visible", .bool(true)), ("title", .string(title)), ("message", .string(message))]))]
    }
}
