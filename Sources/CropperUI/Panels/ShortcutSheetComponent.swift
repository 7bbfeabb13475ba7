import PhotoIO
import X11Platform
/// The `?` sheet as a component: modal, and any key or click closes it.
struct ShortcutSheetComponent: Component, Equatable {
    let kind = ComponentKind.shortcuts
    var isModal: Bool { true }

    mutating func key(_ key: KeyInput, in context: WindowContext) -> Response {
        .took("closeShortcuts", [.close(.shortcuts)])
    }

    mutating func press(_ press: PointerPress, in context: WindowContext) -> Response {
        .took("closeShortcuts", [.close(.shortcuts)])
    }

    func draw(in context: WindowContext, on cr: OpaquePointer) {
        let settings = context.settings
        ShortcutSheet.draw(in: context.layout.bounds, text: context.text, value: { settings.value(shownFor: $0) }, on: cr)
    }

    func snapshot(in context: WindowContext) -> [(String, JSONValue)] {
        [("shortcuts", .object([("visible", .bool(true))]))]
    }
}
