import PhotoIO
import X11Platform

/// A modal question over the dimmed window, driven by its description (`Question`): answered by its buttons or
/// the keys of its binding scope, each answer carried out as the effects the description gives it.
struct QuestionComponent: Component, Equatable {
    let question: Question
    var hovered: QuestionAnswer?

    init(_ question: Question) {
        self.question = question
    }

    var kind: ComponentKind { question.kind }
    var isModal: Bool { true }

    mutating func key(_ key: KeyInput, in context: WindowContext) -> Response {
        guard let given = Bindings.answer(for: key, in: question.keys),
              let answer = question.answer(for: given) else { return .took("key") }
        return .took("\(kind.rawValue)Key", answer.effects)
    }

    mutating func press(_ press: PointerPress, in context: WindowContext) -> Response {
        guard press.isClick, let given = question.panel.choice(at: press.at.x, press.at.y, in: context.layout.bounds),
              let answer = question.answer(for: given) else { return .took("\(kind.rawValue)Click") }
        return .took("\(kind.rawValue)Click", answer.effects)
    }

    mutating func hover(_ point: WindowPoint?, in context: WindowContext) -> Bool {
        hovered = point.flatMap { question.panel.choice(at: $0.x, $0.y, in: context.layout.bounds) }
        return point != nil
    }

    func pointerShape(at point: WindowPoint, in context: WindowContext) -> PointerShape? {
        hovered != nil ? .hand : .arrow
    }

    func draw(in context: WindowContext, on cr: OpaquePointer) {
        question.panel.draw(in: context.layout.bounds, hovered: hovered, text: context.text, on: cr)
    }

    func snapshot(in context: WindowContext) -> [(String, JSONValue)] {
        [(kind.rawValue, .object([("visible", .bool(true)), ("title", .string(question.title)),
                                  ("message", .string(question.message))]))]
    }
}
