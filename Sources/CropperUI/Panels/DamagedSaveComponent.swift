import PhotoIO

/// The question after a save was refused because the box reaches into a damaged photo's unreadable part:
/// modal; Cancel (Esc, Enter) leaves the box to be moved, "Save anyway" (A) writes the decoded pixels.
struct DamagedSaveComponent: QuestionComponent, Equatable {
    let kind = ComponentKind.damagedSave
    let question: DamagedSaveQuestion
    let retry: SaveRetry
    var hovered: DamagedSaveQuestion.Choice?

    init(question: DamagedSaveQuestion, retry: SaveRetry) {
        self.question = question
        self.retry = retry
    }

    mutating func key(_ key: KeyInput, in context: WindowContext) -> Response {
        guard case let .answer(answer) = Bindings.command(for: key, scope: .damagedSaveQuestion) else { return .took("key") }
        return .took("damagedSaveKey", answering(answer == .save ? .saveAnyway : .cancel))
    }

    mutating func press(_ press: PointerPress, in context: WindowContext) -> Response {
        guard press.isClick, let choice = question.choice(at: press.at.x, press.at.y, in: context.layout.bounds) else {
            return .took("damagedSaveClick")
        }
        return .took("damagedSaveClick", answering(choice))
    }

    private func answering(_ choice: DamagedSaveQuestion.Choice) -> [Effect] {
        switch choice {
        case .cancel: [.close(.damagedSave)]
        case .saveAnyway: [.close(.damagedSave), .saveAnyway(retry)]
        }
    }

    func choice(at point: WindowPoint, in window: LayoutRect) -> DamagedSaveQuestion.Choice? {
        question.choice(at: point.x, point.y, in: window)
    }

    func drawQuestion(in window: LayoutRect, text: TextRenderer, on cr: OpaquePointer) {
        question.draw(in: window, hovered: hovered, text: text, on: cr)
    }

    func snapshot(in context: WindowContext) -> [(String, JSONValue)] {
        [("damagedSave", .object([("visible", .bool(true)), ("title", .string(question.title)),
                                  ("message", .string(question.message))]))]
    }
}
