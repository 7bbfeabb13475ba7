import PhotoLibrary

/// What the picker and the file dialog share in the window: the bounds they lay out in, closing them,
/// their animation frames, and the sample photo as the fallback when there is nothing else to open.
extension EditorApp {
    var windowBounds: LayoutRect {
        LayoutRect(x: 0, y: 0, width: Double(layout.width), height: Double(layout.height))
    }

    /// A photo is opening (or Cropper is quitting): the panels are done.
    func closePanels() {
        if ui.picker != nil { closePicker() }
        if ui.fileDialog != nil { closeFileDialog(remember: false) }
    }

    /// True while a shown placeholder shimmers: the window then draws at 30 frames a second.
    func panelsAnimate(at now: Double) -> Bool {
        if let picker = ui.picker, !ui.isModal {
            if picker.items.isEmpty { return picker.isLoading }
            let layout = pickerLayout(picker)
            return layout.visibleItems.contains { thumbnails.isPending(picker.items[$0].path) }
        }
        if let dialog = ui.fileDialog, dialog.replacing == nil, let entry = dialog.selectedEntry, entry.isImage {
            return thumbnails.isPending(dialog.path(of: entry))
        }
        return false
    }

    /// Opens a photo chosen in a panel (asking first about unsaved edits): selected in the list of photos given
    /// together when it is one of them, else a list of its own.
    func openPhoto(_ path: String) {
        requestClose(.open(ui.documents?.opening(path) ?? DocumentList(path)))
    }

    /// `cropper` without a file and nothing in the picker: the shipped sample, as before the picker existed.
    func openSample() {
        if let samplePath {
            show(DocumentList(samplePath))
        } else {
            ui.banner = Banner(text: "No photo given and the sample photo was not found. Press Ctrl+O to open one.")
        }
    }

    /// `~/Pictures` rather than `/home/ana/Pictures`.
    func abbreviated(_ path: String) -> String {
        let home = library.home
        guard home != "/", path == home || path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    /// Takes the panels' background results; the name is the state log's event.
    func receivePanelMessage(_ message: BackgroundMessage) -> String {
        switch message {
        case let .recentPhotosLoaded(photos): return receiveRecentPhotos(photos)
        case let .thumbnailReady(result): return receiveThumbnail(result)
        case let .directoryListed(listing): return receiveListing(listing)
        case let .placesLoaded(places):
            ui.places = places
            return "placesLoaded"
        default: return "message"
        }
    }
}

extension EditorApp {
    /// At start the picker waits a moment for the library before showing, so an empty library (which opens
    /// the sample photo instead) does not flash an empty sheet.
    func panelIsRevealed(_ picker: PickerPanel, at now: Double) -> Bool {
        !(picker.isStartup && picker.isLoading && picker.items.isEmpty && now - picker.openedAt < 0.25)
    }
}
