import PhotoIO

/// The picker and the file dialog in the state log: what they show and where (frames in window device pixels,
/// where xdotool and screenshots point; scroll offsets in interface pixels), so tests can check and click.
extension StateSnapshot {
    private static func framer(_ app: EditorApp) -> (LayoutRect) -> JSONValue {
        let scale = app.layout.scale
        return { rect in .numbers([rect.x * scale, rect.y * scale, rect.width * scale, rect.height * scale]) }
    }

    static func picker(of app: EditorApp) -> JSONValue {
        guard let picker = app.ui.picker else {
            return .object([("visible", .bool(false)), ("items", .array([]))])
        }
        let layout = app.pickerLayout(picker)
        let frame = framer(app)
        let shown = picker.items.map { app.thumbnails.entry(for: $0.path) }
        let ready = shown.filter { $0?.bitmap != nil && $0?.isStandIn == false }.count
        let standIns = shown.filter { $0?.isStandIn == true }.count
        let inView = layout.visibleItems.clamped(to: shown.indices).filter { shown[$0]?.bitmap != nil }.count
        return .object([
            ("visible", .bool(true)),
            ("loading", .bool(picker.isLoading)),
            ("items", .array(picker.items.map { .string($0.path) })),
            ("given", .integer(picker.items.count - picker.recentItems.count)),
            ("selected", picker.selected.map(JSONValue.integer) ?? .null),
            ("hovered", .optional(picker.hovered?.name)),
            ("scrollOffset", .number(layout.scrollOffset)),
            ("maxScroll", .number(layout.maxScroll)),
            ("visibleItems", .integers([layout.visibleItems.lowerBound, layout.visibleItems.upperBound])),
            ("thumbnails", .integer(ready)),
            ("standIns", .integer(standIns)),
            ("pictured", .integer(inView)),
            ("frames", .array(picker.items.indices.map { frame(layout.frame(ofItem: $0)) })),
            ("sheet", frame(layout.sheet)),
            ("strip", frame(layout.strip)),
            ("actions", .object(layout.actions.map { ($0.action.name, frame($0.frame)) })),
            ("message", .optional(picker.isEmpty ? picker.emptyMessage : nil)),
        ])
    }

    static func dialog(of app: EditorApp) -> JSONValue {
        guard let dialog = app.ui.fileDialog else {
            return .object([("visible", .bool(false)), ("path", .null)])
        }
        let layout = app.dialogLayout()
        let frame = framer(app)
        let places = app.ui.places
        return .object([
            ("visible", .bool(true)),
            ("mode", .string(dialog.mode.name)),
            ("path", .string(dialog.directory)),
            ("pathText", .string(dialog.pathField.text)),
            ("name", dialog.mode == .open ? .null : .string(dialog.nameField.text)),
            ("focus", .string(dialog.focus.rawValue)),
            ("listing", .bool(dialog.isListing)),
            ("error", .optional(dialog.listingError)),
            ("entries", .array(dialog.entries.prefix(1000).map { .string($0.name) })),
            ("selected", .optional(dialog.selectedEntry?.name)),
            ("sort", .object([("key", .string(dialog.sortKey.rawValue)), ("ascending", .bool(dialog.ascending))])),
            ("showsHidden", .bool(dialog.showsHidden)),
            ("showsAllFiles", .bool(dialog.showsAllFiles)),
            ("scrollOffset", .number(dialog.scrollOffset)),
            ("message", .optional(dialog.message)),
            ("isError", .bool(dialog.isError)),
            ("replacing", .optional(dialog.replacing)),
            ("places", .array(zip(places, PlacesColumn.frames(of: places, in: layout.places)).map { place, rect in
                .object([("title", .string(place.title)), ("path", .string(place.path)), ("frame", frame(rect))])
            })),
            ("frames", .object([
                ("pathField", frame(layout.pathField)),
                ("nameField", layout.nameField.map(frame) ?? .null),
                ("rows", frame(layout.rows)),
                ("rowHeight", .number(FileDialog.rowHeight * app.layout.scale)),
                ("headers", .object(FileDialog.SortKey.allCases.map { ($0.rawValue, frame(layout.column($0))) })),
                ("allFiles", frame(layout.toggleAllFiles)),
                ("hidden", frame(layout.toggleHidden)),
                ("cancel", frame(layout.cancelButton)),
                ("confirm", frame(layout.confirmButton)),
                ("parent", frame(layout.parentButton)),
            ])),
        ])
    }
}
