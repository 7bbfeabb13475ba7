import PhotoIO
/// "Save the changes to …?" as a component: modal, answered by its buttons or their keys.
struct ConfirmComponent: QuestionComponent, Equatable {
    let kind = ComponentKind.confirm
    let question: ConfirmOverlay
    var hovered: ConfirmOverlay.Choice?

    init(purpose: ClosePurpose, fileName: String) {
        question = ConfirmOverlay(purpose: purpose, fileName: fileName)
    }

    mutating func key(_ key: KeyInput, in context: WindowContext) -> Response {
        guard case let .answer(answer) = Bindings.command(for: key, scope: .closeQuestion) else { return .took("key") }
        switch answer {
        case .save: return .took("confirmKey", answering(.save))
        case .discard: return .took("confirmKey", answering(.discard))
        case .cancel, .replace: return .took("confirmKey", answering(.cancel))
        }
    }

    mutating func press(_ press: PointerPress, in context: WindowContext) -> Response {
        guard press.isClick, let choice = question.choice(at: press.at.x, press.at.y, in: context.layout.bounds) else {
            return .took("confirmClick")
        }
        return .took("confirmClick", answering(choice))
    }

    private func answering(_ choice: ConfirmOverlay.Choice) -> [Effect] {
        switch choice {
        case .cancel: [.close(.confirm)]
        case .discard: [.close(.confirm), .proceed(question.purpose)]
        case .save: [.close(.confirm), .saveThen(question.purpose)]
        }
    }

    func choice(at point: WindowPoint, in window: LayoutRect) -> ConfirmOverlay.Choice? {
        question.choice(at: point.x, point.y, in: window)
    }

    func drawQuestion(in window: LayoutRect, text: TextRenderer, on cr: OpaquePointer) {
        question.draw(in: window, hovered: hovered, text: text, on: cr)
    }

    func snapshot(in context: WindowContext) -> [(String, JSONValue)] {
        [("confirm", .object([("visible", .bool(true)), ("title", .string(question.title))]))]
    }
}
