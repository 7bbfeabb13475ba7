import PhotoIO
import EditorState
import X11Platform

/// Typing the box as numbers (X, Y, W, H) in the status bar: the fields take the keys while they are up; a
/// click elsewhere closes them and goes on to what is under it.
struct NumericEntryComponent: Component, Equatable {
    let kind = ComponentKind.numericEntry
    private(set) var entry: NumericEntry
    private var doubleClick = DoubleClickDetector()
    /// A press in a field is held: drags select in it.
    private var selecting = false

    static func == (a: NumericEntryComponent, b: NumericEntryComponent) -> Bool { a.entry == b.entry }

    init(rect: PixelRect) {
        entry = NumericEntry(rect: rect)
    }

    private func statusBar(_ context: WindowContext) -> StatusBar {
        StatusBar(area: context.layout.statusBar, content: StatusContent(context), numeric: entry, text: context.text)
    }

    mutating func key(_ key: KeyInput, in context: WindowContext) -> Response {
        let before = entry.fields[entry.focus]
        let outcome = entry.fields[entry.focus].handle(key)
        var effects = entry.fields[entry.focus].effects(of: outcome, before: before)
        switch outcome {
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
            // The next field takes the keys with its text selected, which X programs offer as PRIMARY.
            effects = entry.fields[entry.focus].offeredAsPrimary
        case .edited:
            entry.error = nil
        case .ignored, .copied, .pasteRequested:
            break
        }
        return .took("numericKey", effects)
    }

    mutating func paste(_ text: String, in context: WindowContext) -> Response {
        entry.fields[entry.focus].insert(text)
        entry.error = nil
        return .took("paste")
    }

    mutating func press(_ press: PointerPress, in context: WindowContext) -> Response {
        let bar = statusBar(context)
        if !press.isWheel, let index = bar.numericField(at: press.at.x, press.at.y) {
            if index != entry.focus { entry.focus(index) }
            let isDouble = doubleClick.registerPress(button: press.button, time: press.time, x: press.at.x, y: press.at.y)
            let effects = entry.fields[index].press(press, in: bar.numericFieldFrames[index], isDoubleClick: isDouble,
                                                    text: context.text)
            selecting = press.isClick && !isDouble
            return .took("numericFocus", effects)
        }
        return .passed([.close(.numericEntry)])
    }

    mutating func drag(to point: WindowPoint, in context: WindowContext) -> Response {
        guard selecting else { return .took("pointerMoved") }
        entry.fields[entry.focus].drag(to: point, in: statusBar(context).numericFieldFrames[entry.focus], text: context.text)
        return .took("fieldSelecting")
    }

    mutating func release(at point: WindowPoint, in context: WindowContext) -> Response {
        guard selecting else { return .took("buttonRelease") }
        selecting = false
        return .took("buttonRelease", entry.fields[entry.focus].offeredAsPrimary)
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
