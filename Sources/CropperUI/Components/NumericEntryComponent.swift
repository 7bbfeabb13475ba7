import PhotoIO
import EditorState

/// Typing the box as numbers (X, Y, W, H) in the status bar: the fields take the keys while they are up; a
/// click elsewhere closes them and goes on to what is under it.
struct NumericEntryComponent: Component, Equatable {
    let kind = ComponentKind.numericEntry
    private(set) var entry: NumericEntry

    init(rect: PixelRect) {
        entry = NumericEntry(rect: rect)
    }

    private func statusBar(_ context: WindowContext) -> StatusBar {
        StatusBar(area: context.layout.statusBar, content: StatusContent(context), numeric: entry, text: context.text)
    }

    mutating func key(_ key: KeyInput, in context: WindowContext) -> Response {
        switch entry.fields[entry.focus].handle(key) {
        case .submitted:
            guard let imageSize = context.editor.imageSize else { return .took("numericCancel", [.close(.numericEntry)]) }
            switch entry.parse(imageSize: imageSize) {
            case let .success(rect):
                return .took("numericApply", [.close(.numericEntry), .edit(.setCrop(rect))])
            case let .failure(error):
                entry.error = error.message
                entry.focus(error.field)
            }
        case .cancelled:
            return .took("numericCancel", [.close(.numericEntry)])
        case let .tabbed(backwards):
            entry.focusNext(backwards: backwards)
        case .edited:
            entry.error = nil
        case .ignored:
            break
        }
        return .took("numericKey")
    }

    mutating func press(_ press: PointerPress, in context: WindowContext) -> Response {
        if !press.isWheel, let index = statusBar(context).numericField(at: press.at.x, press.at.y) {
            entry.focus(index)
            return .took("numericFocus")
        }
        return .passed([.close(.numericEntry)])
    }

    mutating func hover(_ point: WindowPoint?, in context: WindowContext) -> Bool {
        guard let point else { return false }
        return context.layout.statusBar.contains(point.x, point.y)
    }

    func pointerShape(at point: WindowPoint, in context: WindowContext) -> PointerShape? {
        statusBar(context).numericField(at: point.x, point.y) != nil ? .text : .arrow
    }

    /// The whole status bar again, with the fields where the box's numbers were.
    func draw(in context: WindowContext, on cr: OpaquePointer) {
        statusBar(context).draw(editableHovered: false, text: context.text, on: cr)
    }

    func snapshot(in context: WindowContext) -> [(String, JSONValue)] {
        [("numericEntry", .object([("visible", .bool(true)),
                                   ("fields", .array(entry.fields.map { .string($0.text) })),
                                   ("focus", .integer(entry.focus)),
                                   ("error", .optional(entry.error))]))]
    }
}
