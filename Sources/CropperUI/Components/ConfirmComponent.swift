import PhotoIO
/// "Save the changes to …?" as a component: modal, answered by its buttons or their keys.
struct ConfirmComponent: Component, Equatable {
    let kind = ComponentKind.confirm
    var isModal: Bool { true }
    let question: ConfirmOverlay
    private(set) var hovered: ConfirmOverlay.Choice?

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

    mutating func hover(_ point: WindowPoint?, in context: WindowContext) -> Bool {
        hovered = point.flatMap { question.choice(at: $0.x, $0.y, in: context.layout.bounds) }
        return point != nil
    }

    func pointerShape(at point: WindowPoint, in context: WindowContext) -> PointerShape? {
        hovered != nil ? .hand : .arrow
    }

    func draw(in context: WindowContext, on cr: OpaquePointer) {
        question.draw(in: context.layout.bounds, hovered: hovered, text: context.text, on: cr)
    }

    func snapshot(in context: WindowContext) -> [(String, JSONValue)] {
        [("confirm", .object([("visible", .bool(true)), ("title", .string(question.title))]))]
    }
}
