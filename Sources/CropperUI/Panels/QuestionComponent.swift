/// A modal question (save before closing, save a damaged part anyway): its buttons are hovered and drawn the same
/// way; each question says only what its answers do.
protocol QuestionComponent: Component {
    associatedtype Choice: Equatable
    var hovered: Choice? { get set }
    func choice(at point: WindowPoint, in window: LayoutRect) -> Choice?
    func drawQuestion(in window: LayoutRect, text: TextRenderer, on cr: OpaquePointer)
}

extension QuestionComponent {
    var isModal: Bool { true }

    mutating func hover(_ point: WindowPoint?, in context: WindowContext) -> Bool {
        hovered = point.flatMap { choice(at: $0, in: context.layout.bounds) }
        return point != nil
    }

    func pointerShape(at point: WindowPoint, in context: WindowContext) -> PointerShape? {
        hovered != nil ? .hand : .arrow
    }

    func draw(in context: WindowContext, on cr: OpaquePointer) {
        drawQuestion(in: context.layout.bounds, text: context.text, on: cr)
    }
}
