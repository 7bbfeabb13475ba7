import PhotoIO
import X11Platform
/// Clicks, wheel and hover in the file dialog, and what the state log shows of it.
extension FileDialogComponent {
    mutating func press(_ press: PointerPress, in context: WindowContext) -> Response {
        let x = press.at.x, y = press.at.y
        let layout = layout(context), places = context.found.places
        if let field = fieldTarget(layout.target(at: x, y, dialog: dialog, places: places)), press.isClick || press.isPastePrimary {
            return .took("dialogFieldPress", pressField(field, press, layout: layout, text: context.text))
        }
        guard press.isClick, let target = layout.target(at: x, y, dialog: dialog, places: places) else {
            return .took("dialogPress")
        }
        let isDoubleClick = doubleClick.registerPress(button: press.button, time: press.time, x: x, y: y)
        var effects: [Effect] = []
        switch target {
        case let .place(index):
            if places.indices.contains(index) { effects = navigate(to: places[index].path) }
        case .parentButton:
            effects = goToParent()
        case .pathField, .nameField:
            break
        case let .header(key):
            dialog.sort(by: key)
            if let selection = dialog.selection { dialog.scrollIntoView(selection, viewportHeight: layout.rows.height) }
        case let .row(index):
            effects = clickRow(index, isDoubleClick: isDoubleClick, viewportHeight: layout.rows.height)
        case .toggleAllFiles:
            dialog.toggleAllFiles()
            dialog.clampScroll(viewportHeight: layout.rows.height)
        case .toggleHidden:
            effects = perform(.toggleHiddenFiles, in: context)
        case .cancelButton:
            effects = closing()
        case .confirmButton:
            effects = confirm()
        case .panel:
            break
        }
        return .took("dialogClick", effects)
    }

    private func fieldTarget(_ target: FileDialogTarget?) -> FileDialog.Focus? {
        switch target {
        case .pathField: .pathBar
        case .nameField: .nameField
        default: nil
        }
    }

    private func frame(of field: FileDialog.Focus, in layout: FileDialogLayout) -> LayoutRect? {
        field == .pathBar ? layout.pathField : layout.nameField
    }

    /// A press in a field gives it the keys and places the caret (or selects, or pastes PRIMARY).
    private mutating func pressField(_ field: FileDialog.Focus, _ press: PointerPress, layout: FileDialogLayout,
                                     text: TextRenderer) -> [Effect] {
        if field == .pathBar && dialog.focus != .pathBar { focusPathBar(text: dialog.pathField.text, selected: false) }
        dialog.focus = field
        guard let rect = frame(of: field, in: layout) else { return [] }
        let isDouble = doubleClick.registerPress(button: press.button, time: press.time, x: press.at.x, y: press.at.y)
        selectingIn = press.isClick && !isDouble ? field : nil
        if field == .pathBar { return dialog.pathField.press(press, in: rect, isDoubleClick: isDouble, text: text) }
        return dialog.nameField.press(press, in: rect, isDoubleClick: isDouble, text: text)
    }

    mutating func drag(to point: WindowPoint, in context: WindowContext) -> Response {
        guard let field = selectingIn, let rect = frame(of: field, in: layout(context)) else { return .took("pointerMoved") }
        if field == .pathBar {
            dialog.pathField.drag(to: point, in: rect, text: context.text)
        } else {
            dialog.nameField.drag(to: point, in: rect, text: context.text)
        }
        return .took("fieldSelecting")
    }

    mutating func release(at point: WindowPoint, in context: WindowContext) -> Response {
        guard let field = selectingIn else { return .took("buttonRelease") }
        selectingIn = nil
        return .took("buttonRelease", field == .pathBar ? dialog.pathField.offeredAsPrimary : dialog.nameField.offeredAsPrimary)
    }

    private mutating func clickRow(_ index: Int, isDoubleClick: Bool, viewportHeight: Double) -> [Effect] {
        if dialog.focus == .pathBar { leavePathBar() }
        if case .open = dialog.mode { dialog.focus = .list }
        dialog.select(index, viewportHeight: viewportHeight)
        if case .save = dialog.mode, let entry = dialog.selectedEntry, !entry.isDirectory {
            dialog.nameField.setText(entry.name)
        }
        return [wantedThumbnails()] + (isDoubleClick ? activateSelection() : [])
    }

    mutating func wheel(_ step: WheelStep, in context: WindowContext) -> Response {
        let layout = layout(context)
        guard step.direction.isVertical, layout.list.contains(step.at.x, step.at.y) else {
            return .took("dialogPress")
        }
        dialog.scroll(by: step.direction.sign * StepSizes.listWheelRows * step.amount * FileDialog.rowHeight,
                      viewportHeight: layout.rows.height)
        return .took("dialogScroll")
    }

    mutating func pinch(_ step: PinchStep, in context: WindowContext) -> Response { .took("dialogPress") }

    mutating func hover(_ point: WindowPoint?, in context: WindowContext) -> Bool {
        guard let point else {
            dialog.hovered = nil
            return false
        }
        dialog.hovered = layout(context).target(at: point.x, point.y, dialog: dialog, places: context.found.places)
        return true
    }

    func pointerShape(at point: WindowPoint, in context: WindowContext) -> PointerShape? {
        switch dialog.hovered {
        case .pathField, .nameField: return .text
        case .place, .header, .toggleAllFiles, .toggleHidden, .cancelButton, .confirmButton: return .hand
        case .parentButton: return dialog.parent != nil ? .hand : .arrow
        default: return .arrow
        }
    }

    /// What the dialog shows and where (frames in window device pixels), so tests can check and click.
    func snapshot(in context: WindowContext) -> [(String, JSONValue)] {
        let layout = layout(context)
        let frame = DeviceFramer(scale: context.layout.scale)
        let places = context.found.places
        let error = dialog.isError ? dialog.message : dialog.listingError
        return [("dialog", .object([
            ("visible", .bool(true)),
            ("mode", .string(dialog.mode.name)),
            ("path", .string(dialog.directory)),
            ("pathText", .string(dialog.pathField.text)),
            ("pathSelected", .bool(dialog.focus == .pathBar && dialog.pathField.replacesOnType)),
            ("name", dialog.mode == .open ? .null : .string(dialog.nameField.text)),
            ("focus", .string(dialog.focus.rawValue)),
            ("listing", .bool(dialog.isListing)),
            ("error", .optional(error)),
            ("listingError", .optional(dialog.listingError)),
            ("entries", .array(dialog.entries.prefix(1000).map { .string($0.name) })),
            ("selected", .optional(dialog.selectedEntry?.name)),
            ("sort", .object([("key", .string(dialog.sortKey.rawValue)), ("ascending", .bool(dialog.ascending))])),
            ("showsHidden", .bool(dialog.showsHidden)),
            ("showsAllFiles", .bool(dialog.showsAllFiles)),
            ("scrollOffset", .number(dialog.scrollOffset)),
            ("message", .optional(dialog.message)),
            ("isError", .bool(dialog.isError)),
            ("places", .array(zip(places, PlacesColumn.frames(of: places, in: layout.places)).map { place, rect in
                .object([("title", .string(place.title)), ("path", .string(place.path)), ("frame", frame(rect))])
            })),
            ("frames", .object([
                ("pathField", frame(layout.pathField)),
                ("nameField", layout.nameField.map(frame.callAsFunction) ?? .null),
                ("rows", frame(layout.rows)),
                ("rowHeight", .number(FileDialog.rowHeight * context.layout.scale)),
                ("headers", .object(FileDialog.SortKey.allCases.map { ($0.rawValue, frame(layout.column($0))) })),
                ("allFiles", frame(layout.toggleAllFiles)),
                ("hidden", frame(layout.toggleHidden)),
                ("cancel", frame(layout.cancelButton)),
                ("confirm", frame(layout.confirmButton)),
                ("parent", frame(layout.parentButton)),
            ])),
        ]))]
    }
}
