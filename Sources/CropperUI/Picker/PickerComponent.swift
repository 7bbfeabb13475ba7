import PhotoIO
import PhotoLibrary
import X11Platform

/// The picker as a component: a bottom sheet over the dimmed editor with a strip of photos (the ones given
/// together, then the recent ones) and action rows. It takes every key and press while it is up; a click
/// outside the sheet closes it.
struct PickerComponent: Component, Equatable {
    /// At start the sheet waits this long for the library before showing, so an empty library (which opens the
    /// sample photo instead) does not flash an empty sheet.
    static let startupReveal = 0.25

    let kind = ComponentKind.picker
    private(set) var panel: PickerPanel
    /// Each item's aspect ratio as the strip was last laid out (thumbnails change them as they arrive).
    private var aspects: [Double?] = []

    /// The picker, and what it needs fetched: the recent photos and the strip's thumbnails.
    static func open(in context: WindowContext, isStartup: Bool) -> (PickerComponent, [Effect]) {
        var panel = PickerPanel(openedAt: context.now, isStartup: isStartup,
                                picturesLabel: context.library.picturesDirectory.map(context.abbreviated))
        if let known = context.found.recentPhotos {
            panel.setItems(given: context.session.givenPhotos, recent: known, current: context.session.document?.path,
                           isFinal: false)
        }
        var picker = PickerComponent(panel: panel)
        picker.refreshAspects(context)
        return (picker, [.listRecentPhotos, picker.wantedThumbnails(context)])
    }

    private init(panel: PickerPanel) {
        self.panel = panel
    }

    func layout(_ context: WindowContext) -> PickerLayout {
        PickerLayout(bounds: context.layout.bounds, aspects: aspects, scrollOffset: panel.scrollOffset)
    }

    private mutating func refreshAspects(_ context: WindowContext) {
        aspects = panel.items.map { context.thumbnails.entry(for: $0.path)?.aspectRatio }
    }

    /// Thumbnails by distance from the viewport: the visible ones first, then outwards.
    private func wantedThumbnails(_ context: WindowContext) -> Effect {
        .wantThumbnails(layout(context).thumbnailPriorities(for: panel.items.map(\.path)))
    }

    private func isRevealed(at now: Double) -> Bool {
        !(panel.isStartup && panel.isLoading && panel.items.isEmpty && now - panel.openedAt < Self.startupReveal)
    }

    // MARK: Keys

    mutating func key(_ key: KeyInput, in context: WindowContext) -> Response {
        guard let command = Bindings.command(for: key, scope: .picker, facts: context.commandFacts) else { return .took("key") }
        if Bindings.globalCommands.contains(command) { return .took("pickerKey:\(command)", [.perform(command)]) }
        return .took("pickerKey:\(command)", perform(command, in: context))
    }

    private mutating func perform(_ command: Command, in context: WindowContext) -> [Effect] {
        let count = panel.items.count
        switch command {
        case .selectPrevious, .selectNext, .selectFirst, .selectLast:
            guard count > 0 else { return [] }
            let current = panel.selected ?? -1
            switch command {
            case .selectPrevious: panel.selected = max(0, current - 1)
            case .selectNext: panel.selected = min(count - 1, current + 1)
            case .selectFirst: panel.selected = 0
            default: panel.selected = count - 1
            }
            panel.scrollOffset = layout(context).offsetRevealing(panel.selected ?? 0)
            return [wantedThumbnails(context)]
        case .openSelected:
            return panel.selected.map(open) ?? []
        case .cancel, .photos:
            return [.close(.picker)]
        default:
            return []
        }
    }

    private func open(_ index: Int) -> [Effect] {
        panel.items.indices.contains(index) ? [.openPhoto(panel.items[index].path)] : []
    }

    private func perform(_ action: PickerAction) -> [Effect] {
        guard panel.isEnabled(action) else { return [] }
        switch action {
        case .openFile: return [.perform(.open)]
        case .openMostRecent: return panel.recentItems.first.map { [.openPhoto($0.path)] } ?? []
        case .close: return [.close(.picker)]
        }
    }

    // MARK: Pointer

    mutating func press(_ press: PointerPress, in context: WindowContext) -> Response {
        let layout = layout(context)
        guard press.isClick else { return .took("pickerPress") }
        guard let target = layout.target(at: press.at.x, press.at.y) else {
            return .took("pickerOutsideClick", [.close(.picker)])
        }
        panel.press = StripPress(x: press.at.x, y: press.at.y, scrollOffset: layout.scrollOffset, target: target)
        return .took("pickerPress")
    }

    mutating func wheel(_ step: WheelStep, in context: WindowContext) -> Response {
        let layout = layout(context)
        guard layout.target(at: step.at.x, step.at.y) != nil else { return .took("pickerPress") }
        panel.scrollOffset = min(max(0, layout.scrollOffset + step.direction.sign * StepSizes.stripWheel * step.amount), layout.maxScroll)
        panel.hovered = self.layout(context).target(at: step.at.x, step.at.y)
        return .took("pickerScroll", [wantedThumbnails(context)])
    }

    mutating func pinch(_ step: PinchStep, in context: WindowContext) -> Response { .took("pickerPress") }

    mutating func drag(to point: WindowPoint, in context: WindowContext) -> Response {
        guard var press = panel.press else { return .took("pointerMoved") }
        let canScroll: Bool
        switch press.target {
        case .item, .strip: canScroll = true
        default: canScroll = false
        }
        if !press.isDragging && canScroll && abs(point.x - press.x) + abs(point.y - press.y) > StripPress.dragThreshold {
            press.isDragging = true
        }
        if press.isDragging {
            panel.scrollOffset = min(max(0, press.scrollOffset - (point.x - press.x)), layout(context).maxScroll)
        }
        panel.press = press
        panel.hovered = press.isDragging ? nil : layout(context).target(at: point.x, point.y)
        return press.isDragging ? .took("stripDragged", [wantedThumbnails(context)]) : .took("pointerMoved")
    }

    mutating func release(at point: WindowPoint, in context: WindowContext) -> Response {
        guard let press = panel.press else { return .took("buttonRelease") }
        panel.press = nil
        if press.isDragging { return .took("stripDragEnded") }
        guard layout(context).target(at: point.x, point.y) == press.target else { return .took("buttonRelease") }
        switch press.target {
        case let .item(index): return .took("pickerOpen", open(index))
        case let .action(action): return .took("pickerAction", perform(action))
        default: return .took("buttonRelease")
        }
    }

    mutating func hover(_ point: WindowPoint?, in context: WindowContext) -> Bool {
        guard panel.press == nil else { return point != nil }
        panel.hovered = point.flatMap { layout(context).target(at: $0.x, $0.y) }
        return point != nil
    }

    func pointerShape(at point: WindowPoint, in context: WindowContext) -> PointerShape? {
        if panel.press?.isDragging == true { return .move }
        switch panel.hovered {
        case .item: return .hand
        case let .action(action): return panel.isEnabled(action) ? .hand : .arrow
        default: return .arrow
        }
    }

    // MARK: Background results

    mutating func receive(_ message: BackgroundMessage, in context: WindowContext) -> Response {
        switch message {
        case let .recentPhotosLoaded(photos):
            let session = context.session
            if panel.isStartup && photos.isEmpty && session.givenPhotos.isEmpty && session.document == nil {
                return .took("recentPhotosEmpty", [.close(.picker), .openSample])
            }
            panel.setItems(given: session.givenPhotos, recent: photos, current: session.document?.path, isFinal: true)
            refreshAspects(context)
            return .took("recentPhotosLoaded", [wantedThumbnails(context)])
        case .thumbnailReady:
            // The first photo in view stays where it is while the widths change.
            let before = layout(context)
            let anchor = before.visibleItems.first
            refreshAspects(context)
            if let anchor, panel.press?.isDragging != true {
                let after = layout(context)
                panel.scrollOffset = after.scrollOffset + after.frame(ofItem: anchor).x - before.frame(ofItem: anchor).x
            }
            return .took("thumbnailReady", [wantedThumbnails(context)])
        default:
            return .passed
        }
    }

    /// While a placeholder shimmers (or the startup wait runs) the sheet changes by itself.
    func nextChange(in context: WindowContext) -> Double? {
        let now = context.now
        if !isRevealed(at: now) { return panel.openedAt + Self.startupReveal }
        if panel.items.isEmpty { return panel.isLoading ? now + 1.0 / 30 : nil }
        let pending = layout(context).visibleItems.contains { context.thumbnails.isPending(panel.items[$0].path) }
        return pending ? now + 1.0 / 30 : nil
    }

    func draw(in context: WindowContext, on cr: OpaquePointer) {
        guard isRevealed(at: context.now) else { return }
        PickerPanelRenderer(picker: panel, layout: layout(context), thumbnails: context.thumbnails, text: context.text, cr: cr)
            .draw(in: context.layout.bounds, now: context.now)
    }

    /// What the picker shows and where (frames in window device pixels, scroll offsets in interface pixels).
    func snapshot(in context: WindowContext) -> [(String, JSONValue)] {
        let layout = layout(context)
        let frame = DeviceFramer(scale: context.layout.scale)
        let shown = panel.items.map { context.thumbnails.entry(for: $0.path) }
        let ready = shown.filter { $0?.bitmap != nil && $0?.isStandIn == false }.count
        let standIns = shown.filter { $0?.isStandIn == true }.count
        let inView = layout.visibleItems.clamped(to: shown.indices).filter { shown[$0]?.bitmap != nil }.count
        return [("picker", .object([
            ("visible", .bool(true)),
            ("loading", .bool(panel.isLoading)),
            ("items", .array(panel.items.map { .string($0.path) })),
            ("given", .integer(panel.items.count - panel.recentItems.count)),
            ("selected", panel.selected.map(JSONValue.integer) ?? .null),
            ("hovered", .optional(panel.hovered?.name)),
            ("scrollOffset", .number(layout.scrollOffset)),
            ("maxScroll", .number(layout.maxScroll)),
            ("visibleItems", .integers([layout.visibleItems.lowerBound, layout.visibleItems.upperBound])),
            ("thumbnails", .integer(ready)),
            ("standIns", .integer(standIns)),
            ("pictured", .integer(inView)),
            ("frames", .array(panel.items.indices.map { frame(layout.frame(ofItem: $0)) })),
            ("sheet", frame(layout.sheet)),
            ("strip", frame(layout.strip)),
            ("actions", .object(layout.actions.map { ($0.action.name, frame($0.frame)) })),
            ("message", .optional(panel.isEmpty ? panel.emptyMessage : nil)),
        ]))]
    }
}

/// Interface-pixel rectangles as the state log's window device pixels.
struct DeviceFramer {
    let scale: Double

    func callAsFunction(_ rect: LayoutRect) -> JSONValue {
        .numbers([rect.x * scale, rect.y * scale, rect.width * scale, rect.height * scale])
    }
}
