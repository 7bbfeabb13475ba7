import PhotoIO
import X11Platform

/// The grid of the list's photos (the folder, or the photos given together): thumbnails in rows with their
/// names, a selection, and Enter or a double-click to open one in the editor. It covers the window and takes
/// every key and press while it is up; G or Esc goes back to the editor.
struct GridComponent: Component, Equatable {
    /// What a press in the grid started, so motion and release go to it.
    enum Press: Equatable {
        case item(Int)
        /// The scrollbar's thumb, held this far below its top.
        case scrollbar(grab: Double)
    }

    let kind = ComponentKind.grid
    var isModal: Bool { true }
    var coversWindow: Bool { true }
    private(set) var selection: GridSelection
    private(set) var scrollOffset = 0.0
    private(set) var press: Press?
    private(set) var hovered: Int?
    /// The batch bar's button under the pointer.
    private(set) var hoveredButton: BatchBar.Button?
    private var doubleClick = DoubleClickDetector()

    static func == (a: GridComponent, b: GridComponent) -> Bool {
        a.selection == b.selection && a.scrollOffset == b.scrollOffset && a.press == b.press && a.hovered == b.hovered
            && a.hoveredButton == b.hoveredButton
    }

    /// The grid with the open photo under the cursor, selected and scrolled into view, and its thumbnails asked for.
    static func open(in context: WindowContext) -> (GridComponent, [Effect]) {
        var grid = GridComponent(selection: GridSelection(focus: context.session.document?.path))
        let paths = paths(context)
        if let index = grid.selection.focusIndex(in: paths) {
            let layout = grid.layout(context)
            // The open photo's row in the middle of the view, as far as the ends allow.
            let rowTop = GridLayout.margin + Double(index / layout.columns) * GridLayout.rowPitch
            grid.scrollOffset = rowTop - (layout.viewport.height - GridLayout.cellHeight) / 2
            grid.scrollOffset = grid.layout(context).scrollOffset
        }
        return (grid, [grid.wantedThumbnails(context)])
    }

    private init(selection: GridSelection) {
        self.selection = selection
    }

    static func paths(_ context: WindowContext) -> [String] { context.session.documents?.paths ?? [] }

    func layout(_ context: WindowContext) -> GridLayout {
        GridLayout(bounds: context.layout.bounds, count: Self.paths(context).count, scrollOffset: scrollOffset)
    }

    func wantedThumbnails(_ context: WindowContext) -> Effect {
        .wantThumbnails(layout(context).thumbnailPriorities(for: Self.paths(context)))
    }

    /// The window changed size: the offset stays within what can be scrolled, and the cursor in view.
    mutating func keepInRange(in context: WindowContext) {
        scrollOffset = layout(context).scrollOffset
    }

    /// Photos with an unsaved crop: those the rule put one on or that were left with one, and the open photo.
    static func pending(_ context: WindowContext) -> Int { context.batch.pendingPaths(context.session).count }

    /// Each photo's crop (the open one's in the editor, the others' pending) by its index, for the state log:
    /// the first thousand photos.
    static func crops(_ context: WindowContext, paths: [String]) -> [(String, JSONValue)] {
        paths.prefix(StateSnapshot.loggedPaths).enumerated().compactMap { index, path in
            let crop = path == context.session.document?.path ? context.editor.crop : context.batch.pending[path]?.edit.crop
            return crop.map { (String(index), .integers([$0.x, $0.y, $0.width, $0.height])) }
        }
    }

    /// The selected photos in the list's order.
    func selectedPaths(_ context: WindowContext) -> [String] { Self.paths(context).filter(selection.contains) }

    /// The bar of the batch being saved (or its failures), when it is up.
    func batchBar(_ context: WindowContext) -> BatchBar? {
        guard BatchBar.shows(context.batch.run), let batch = context.batch.run else { return nil }
        return BatchBar(batch: batch, viewport: layout(context).viewport)
    }

    // MARK: Keys

    mutating func key(_ key: KeyInput, in context: WindowContext) -> Response {
        guard let command = Bindings.command(for: key, scope: .grid, facts: context.commandFacts) else { return .took("key") }
        if Bindings.globalCommands.contains(command) { return .took("gridKey:\(command)", [.perform(command)]) }
        return .took("gridKey:\(command)", perform(command, in: context))
    }

    private mutating func perform(_ command: Command, in context: WindowContext) -> [Effect] {
        let paths = Self.paths(context)
        switch command {
        case .photoGrid, .cancel:
            return [.perform(.photoGrid)]
        case .openSelected:
            guard let index = selection.focusIndex(in: paths) else { return [] }
            return [.openPhoto(paths[index])]
        case .toggleSelected:
            selection.toggleFocused(in: paths)
            return reveal(in: context)
        case .selectAll:
            selection.selectAll(paths)
            return []
        case .applyCropRule:
            return [.applyRule(selectedPaths(context))]
        case .saveSelected:
            return [.saveBatch(selectedPaths(context))]
        case .stopSavingSelected:
            return [.cancelBatch]
        case let .extendSelection(step):
            return move(step, extending: true, in: context)
        default:
            guard let step = Self.step(for: command) else { return [] }
            return move(step, extending: false, in: context)
        }
    }

    private static func step(for command: Command) -> GridStep? {
        switch command {
        case .selectPrevious: .previous
        case .selectNext: .next
        case .selectAbove: .above
        case .selectBelow: .below
        case .selectPageUp: .pageUp
        case .selectPageDown: .pageDown
        case .selectFirst: .first
        case .selectLast: .last
        default: nil
        }
    }

    private mutating func move(_ step: GridStep, extending: Bool, in context: WindowContext) -> [Effect] {
        let paths = Self.paths(context)
        guard !paths.isEmpty else { return [] }
        let layout = layout(context)
        guard let from = selection.focusIndex(in: paths) else {
            // No cursor yet: the first key puts it on the first photo in view.
            selection.move(to: layout.visibleItems.first ?? 0, in: paths, extending: false)
            return reveal(in: context)
        }
        let target: Int
        switch step {
        case .previous: target = layout.index(from: from, columns: -1)
        case .next: target = layout.index(from: from, columns: 1)
        case .above: target = from < layout.columns ? from : layout.index(from: from, rows: -1)
        case .below: target = from / layout.columns == layout.rows - 1 ? from : layout.index(from: from, rows: 1)
        case .pageUp: target = from < layout.columns ? 0 : layout.index(from: from, rows: -layout.rowsPerPage)
        case .pageDown: target = layout.index(from: from, rows: layout.rowsPerPage)
        case .first: target = 0
        case .last: target = paths.count - 1
        }
        selection.move(to: target, in: paths, extending: extending)
        return reveal(in: context)
    }

    /// Scrolls the cursor's photo into view.
    private mutating func reveal(in context: WindowContext) -> [Effect] {
        if let index = selection.focusIndex(in: Self.paths(context)) {
            scrollOffset = layout(context).offsetRevealing(index)
        }
        return [wantedThumbnails(context)]
    }

    // MARK: Pointer

    mutating func press(_ press: PointerPress, in context: WindowContext) -> Response {
        guard press.isClick else { return .took("gridPress") }
        let layout = layout(context)
        let x = press.at.x, y = press.at.y
        if let bar = batchBar(context), bar.contains(x, y) {
            switch bar.button(at: x, y) {
            case .cancel: return .took("batchCancel", [.cancelBatch])
            case .retry: return .took("batchRetry", [.retryFailedSaves])
            case nil: return .took("gridPress")
            }
        }
        if layout.scrollbarTrack.contains(x, y) {
            doubleClick.reset()
            guard let thumb = layout.scrollbarThumb else { return .took("gridPress") }
            if thumb.contains(x, y) {
                self.press = .scrollbar(grab: y - thumb.y)
                return .took("gridScrollbar")
            }
            // A click in the track pages towards it.
            let page = layout.viewport.height - GridLayout.rowPitch
            scrollOffset = GridLayout(bounds: layout.bounds, count: layout.count,
                                      scrollOffset: scrollOffset + (y < thumb.y ? -page : page)).scrollOffset
            return .took("gridScroll", [wantedThumbnails(context)])
        }
        let isDouble = doubleClick.registerPress(button: press.button, time: press.time, x: x, y: y)
        guard let index = layout.item(at: x, y) else { return .took("gridPress") }
        let paths = Self.paths(context)
        if isDouble, selection.focusIndex(in: paths) == index {
            return .took("gridOpen", [.openPhoto(paths[index])])
        }
        selection.click(index, in: paths, modifiers: press.modifiers)
        self.press = .item(index)
        return .took("gridSelect")
    }

    mutating func drag(to point: WindowPoint, in context: WindowContext) -> Response {
        guard case let .scrollbar(grab) = press else { return .took("pointerMoved") }
        scrollOffset = layout(context).offset(forThumbTop: point.y - grab)
        return .took("gridScroll", [wantedThumbnails(context)])
    }

    mutating func release(at point: WindowPoint, in context: WindowContext) -> Response {
        press = nil
        return .took("buttonRelease")
    }

    mutating func wheel(_ step: WheelStep, in context: WindowContext) -> Response {
        guard step.direction.isVertical else { return .took("gridScroll") }
        let layout = layout(context)
        scrollOffset = GridLayout(bounds: layout.bounds, count: layout.count,
                                  scrollOffset: scrollOffset + step.direction.sign * StepSizes.gridWheel * step.amount).scrollOffset
        hovered = self.layout(context).item(at: step.at.x, step.at.y)
        return .took("gridScroll", [wantedThumbnails(context)])
    }

    mutating func hover(_ point: WindowPoint?, in context: WindowContext) -> Bool {
        let bar = batchBar(context)
        hoveredButton = point.flatMap { point in bar?.button(at: point.x, point.y) }
        let overBar = point.map { bar?.contains($0.x, $0.y) ?? false } ?? false
        hovered = press == nil ? point.flatMap { overBar ? nil : layout(context).item(at: $0.x, $0.y) } : hovered
        return point != nil
    }

    func pointerShape(at point: WindowPoint, in context: WindowContext) -> PointerShape? {
        if case .scrollbar = press { return .arrow }
        return hovered == nil && hoveredButton == nil ? .arrow : .hand
    }

    // MARK: Background results

    mutating func receive(_ message: BackgroundMessage, in context: WindowContext) -> Response {
        switch message {
        case .thumbnailReady:
            return .took("thumbnailReady", [wantedThumbnails(context)])
        case .folderListed:
            // The list has been brought up to date by now: what left it leaves the selection.
            selection.keepOnly(Self.paths(context))
            keepInRange(in: context)
            return .took("folderListed", [wantedThumbnails(context)])
        default:
            return .passed
        }
    }

    /// While a placeholder shimmers the grid changes by itself.
    func nextChange(in context: WindowContext) -> Double? {
        let paths = Self.paths(context)
        let pending = layout(context).visibleItems.contains { context.thumbnails.isPending(paths[$0]) }
        return pending ? context.now + 1.0 / 30 : nil
    }

    func draw(in context: WindowContext, on cr: OpaquePointer) {
        GridRenderer(grid: self, layout: layout(context), paths: Self.paths(context), context: context, cr: cr).draw()
    }

    func snapshot(in context: WindowContext) -> [(String, JSONValue)] {
        let layout = layout(context)
        let paths = Self.paths(context)
        let frame = DeviceFramer(scale: context.layout.scale)
        let visible = layout.visibleItems
        let pictured = visible.filter { context.thumbnails.entry(for: paths[$0])?.bitmap != nil }.count
        return [("grid", .object([
            ("visible", .bool(true)),
            ("count", .integer(paths.count)),
            ("selected", .integer(selection.count)),
            ("pending", .integer(Self.pending(context))),
            ("misfits", .integer(context.batch.rules.misfits.count)),
            ("crops", .object(Self.crops(context, paths: paths))),
            ("placing", .integer(context.batch.rules.placing.count)),
            ("batchBar", .bool(batchBar(context) != nil)),
            // Where the bar's Cancel / Retry button is whenever the bar is up.
            ("batchButton", frame(BatchBar(batch: BatchSave(id: 0, total: 0), viewport: layout.viewport).buttonFrame)),
            ("focus", selection.focusIndex(in: paths).map(JSONValue.integer) ?? .null),
            ("selectedItems", .integers(paths.indices.filter { selection.contains(paths[$0]) }.prefix(200).map { $0 })),
            ("columns", .integer(layout.columns)),
            ("scrollOffset", .number(layout.scrollOffset)),
            ("maxScroll", .number(layout.maxScroll)),
            ("visibleItems", .integers([visible.lowerBound, visible.upperBound])),
            ("pictured", .integer(pictured)),
            ("frames", .object(visible.map { (String($0), frame(layout.frame(ofItem: $0))) })),
        ]))]
    }
}
