import PhotoLibrary

/// The picker panel in the window: opening it, the recent photos and thumbnails coming in, keys, clicks,
/// wheel and drag scrolling of the strip.
extension EditorApp {
    static let stripWheelStep = 90.0

    func openPicker(isStartup: Bool = false) {
        if ui.fileDialog != nil { closeFileDialog() }
        ui.numeric = nil
        var picker = PickerPanel(openedAt: MonotonicClock.now(), isStartup: isStartup,
                                 picturesLabel: library.picturesDirectory.map(abbreviated))
        if let known = ui.recentPhotos {
            picker.setItems(given: givenPhotos, recent: known, current: document?.path, isFinal: false)
        }
        ui.picker = picker
        needsRedraw = true
        BackgroundListing.recentPhotos(environment: library, replyTo: wakePipe)
        requestStripThumbnails()
    }

    func closePicker() {
        ui.picker = nil
        thumbnails.want([:])
        needsRedraw = true
    }

    /// The photos given together that lead the strip; empty while there is only one.
    var givenPhotos: [String] {
        guard let documents = ui.documents, documents.count > 1 else { return [] }
        return documents.paths
    }

    func pickerLayout(_ picker: PickerPanel) -> PickerLayout {
        PickerLayout(bounds: windowBounds, aspects: picker.items.map { thumbnails.entry(for: $0.path)?.aspectRatio },
                     scrollOffset: picker.scrollOffset)
    }

    func receiveRecentPhotos(_ photos: [RecentPhoto]) -> String {
        ui.recentPhotos = photos
        for photo in photos { thumbnails.noteModified(photo.path, seconds: photo.modified.seconds) }
        guard var picker = ui.picker else { return "recentPhotosLoaded" }
        if picker.isStartup && photos.isEmpty && givenPhotos.isEmpty && document == nil {
            closePicker()
            openSample()
            return "recentPhotosEmpty"
        }
        picker.setItems(given: givenPhotos, recent: photos, current: document?.path, isFinal: true)
        ui.picker = picker
        requestStripThumbnails()
        return "recentPhotosLoaded"
    }

    /// Stores a thumbnail; in the strip, the first photo in view stays where it is while widths change.
    func receiveThumbnail(_ result: ThumbnailResult) -> String {
        guard var picker = ui.picker else {
            return thumbnails.receive(result) ? "thumbnailReady" : "staleThumbnail"
        }
        let before = pickerLayout(picker)
        let anchor = before.visibleItems.first
        let anchorX = anchor.map { before.frame(ofItem: $0).x }
        guard thumbnails.receive(result) else { return "staleThumbnail" }
        if let anchor, let anchorX, picker.press?.isDragging != true {
            let after = pickerLayout(picker)
            picker.scrollOffset = after.scrollOffset + after.frame(ofItem: anchor).x - anchorX
            ui.picker = picker
        }
        requestStripThumbnails()
        return "thumbnailReady"
    }

    /// Asks for thumbnails by distance from the viewport: the visible ones first, then outwards.
    func requestStripThumbnails() {
        guard let picker = ui.picker else { return }
        thumbnails.want(pickerLayout(picker).thumbnailPriorities(for: picker.items.map(\.path)))
    }

    // MARK: Keys

    func pickerKey(_ key: KeyInput) -> String {
        guard let command = Bindings.command(level0: key.level0, typed: key.typed, modifiers: key.modifiers, scope: .picker) else {
            return "key"
        }
        if Bindings.globalCommands.contains(command) {
            perform(command)
        } else {
            performInPicker(command)
        }
        return "pickerKey:\(command)"
    }

    func performInPicker(_ command: Command) {
        guard var picker = ui.picker else { return }
        needsRedraw = true
        let count = picker.items.count
        switch command {
        case .selectPrevious, .selectNext, .selectFirst, .selectLast:
            guard count > 0 else { return }
            let current = picker.selected ?? -1
            switch command {
            case .selectPrevious: picker.selected = max(0, current - 1)
            case .selectNext: picker.selected = min(count - 1, current + 1)
            case .selectFirst: picker.selected = 0
            default: picker.selected = count - 1
            }
            picker.scrollOffset = pickerLayout(picker).offsetRevealing(picker.selected ?? 0)
            ui.picker = picker
            requestStripThumbnails()
        case .openSelected:
            if let index = picker.selected { openPickerItem(index) }
        case .cancel, .photos:
            closePicker()
        default:
            break
        }
    }

    func openPickerItem(_ index: Int) {
        guard let picker = ui.picker, picker.items.indices.contains(index) else { return }
        openPhoto(picker.items[index].path)
    }

    func performPickerAction(_ action: PickerAction) {
        guard let picker = ui.picker, picker.isEnabled(action) else { return }
        switch action {
        case .openFile: perform(.open)
        case .openMostRecent:
            if let newest = picker.recentItems.first { openPhoto(newest.path) }
        case .close: closePicker()
        }
    }

    // MARK: Pointer

    func pickerPressed(_ button: UInt32, x: Double, y: Double) -> String {
        guard var picker = ui.picker else { return "buttonPress" }
        drag = .consumed
        needsRedraw = true
        let layout = pickerLayout(picker)
        let target = layout.target(at: x, y)
        switch button {
        case 4, 5, 6, 7:
            guard target != nil else { return "pickerPress" }
            let direction: Double = button == 4 || button == 6 ? -1 : 1
            picker.scrollOffset = min(max(0, layout.scrollOffset + direction * Self.stripWheelStep), layout.maxScroll)
            ui.picker = picker
            requestStripThumbnails()
            return "pickerScroll"
        case 1:
            guard let target else {
                closePicker()
                return "pickerOutsideClick"
            }
            picker.press = StripPress(x: x, y: y, scrollOffset: layout.scrollOffset, target: target)
            ui.picker = picker
            drag = .picker
            return "pickerPress"
        default:
            return "pickerPress"
        }
    }

    func pickerDragged(x: Double, y: Double) -> String {
        guard var picker = ui.picker, var press = picker.press else { return "pointerMoved" }
        let canScroll: Bool
        switch press.target {
        case .item, .strip: canScroll = true
        default: canScroll = false
        }
        if !press.isDragging && canScroll && abs(x - press.x) + abs(y - press.y) > StripPress.dragThreshold {
            press.isDragging = true
        }
        if press.isDragging {
            let layout = pickerLayout(picker)
            picker.scrollOffset = min(max(0, press.scrollOffset - (x - press.x)), layout.maxScroll)
        }
        picker.press = press
        picker.hovered = press.isDragging ? nil : pickerLayout(picker).target(at: x, y)
        ui.picker = picker
        needsRedraw = true
        if press.isDragging { requestStripThumbnails() }
        updatePointerShape()
        return press.isDragging ? "stripDragged" : "pointerMoved"
    }

    func pickerReleased(x: Double, y: Double) -> String {
        guard var picker = ui.picker, let press = picker.press else { return "buttonRelease" }
        picker.press = nil
        ui.picker = picker
        needsRedraw = true
        if press.isDragging { return "stripDragEnded" }
        guard pickerLayout(picker).target(at: x, y) == press.target else { return "buttonRelease" }
        switch press.target {
        case let .item(index):
            openPickerItem(index)
            return "pickerOpen"
        case let .action(action):
            performPickerAction(action)
            return "pickerAction"
        default:
            return "buttonRelease"
        }
    }

    func pickerHover(x: Double, y: Double) {
        guard var picker = ui.picker else { return }
        let target = pickerLayout(picker).target(at: x, y)
        if target != picker.hovered {
            picker.hovered = target
            ui.picker = picker
            needsRedraw = true
        }
    }

    func pickerPointerShape(x: Double, y: Double) -> PointerShape {
        guard let picker = ui.picker else { return .arrow }
        if picker.press?.isDragging == true { return .move }
        switch picker.hovered {
        case .item: return .hand
        case let .action(action): return picker.isEnabled(action) ? .hand : .arrow
        default: return .arrow
        }
    }
}
