import PhotoIO
import X11Platform
/// The `?` sheet as a component: modal, and any key or click closes it.
struct ShortcutSheetComponent: Component, Equatable {
    let kind = ComponentKind.shortcuts
    var isModal: Bool { true }
    /// Opened over the grid: the grid's keys instead of the picker's and the file dialog's.
    var overGrid = false

    mutating func key(_ key: KeyInput, in context: WindowContext) -> Response {
        .took("closeShortcuts", [.close(.shortcuts)])
    }

    mutating func press(_ press: PointerPress, in context: WindowContext) -> Response {
        .took("closeShortcuts", [.close(.shortcuts)])
    }

    private var columns: [[ShortcutSection]] { overGrid ? ShortcutSheet.gridColumns : ShortcutSheet.columns }

    func draw(in context: WindowContext, on cr: OpaquePointer) {
        let settings = context.settings
        ShortcutSheet.draw(in: context.layout.bounds, text: context.text, columns: columns,
                           value: { settings.value(shownFor: $0) }, on: cr)
    }

    /// The titles of the rows drawn whole inside the panel, and how many fall outside it (none, when it fits).
    func snapshot(in context: WindowContext) -> [(String, JSONValue)] {
        let layout = ShortcutSheet.layout(in: context.layout.bounds, text: context.text, columns: columns)
        let panel = layout.panel
        let inside = layout.rows.filter {
            $0.frame.x >= panel.x && $0.frame.y >= panel.y && $0.frame.maxX <= panel.maxX && $0.frame.maxY <= panel.maxY
        }
        return [("shortcuts", .object([("visible", .bool(true)), ("overGrid", .bool(overGrid)),
                                       ("rows", .array(inside.map { .string($0.title) })),
                                       ("rowsOutside", .integer(layout.rows.count - inside.count))]))]
    }
}
