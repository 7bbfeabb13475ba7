import Glibc
import Localization

/// Where every part of the file dialog lies, in window (interface) pixels.
struct FileDialogLayout {
    let panel: LayoutRect
    let title: LayoutRect
    let parentButton: LayoutRect
    let pathField: LayoutRect
    /// Completion candidates, errors and hints, under the path bar.
    let messageLine: LayoutRect
    let places: LayoutRect
    /// The list's box: the column header on top, the rows below.
    let list: LayoutRect
    let header: LayoutRect
    let rows: LayoutRect
    /// Nil when the window is too narrow for it.
    let preview: LayoutRect?
    let nameLabel: LayoutRect?
    let nameField: LayoutRect?
    let toggleAllFiles: LayoutRect
    let toggleHidden: LayoutRect
    let cancelButton: LayoutRect
    let confirmButton: LayoutRect

    static let padding = 20.0
    static let controlHeight = 34.0
    static let headerHeight = 30.0
    static let placesWidth = 190.0
    static let previewWidth = 250.0
    static let sizeColumnWidth = 92.0
    /// Wide enough for a date in the user's locale ("28.12.2024 23:58", "2024年12月28日 23:58") and for
    /// "Yesterday" in their language, as the rows draw it (10 px before, 6 after).
    static let dateColumnWidth: Double = {
        var old = tm()
        old.tm_year = 124; old.tm_mon = 11; old.tm_mday = 28; old.tm_hour = 23; old.tm_min = 58; old.tm_isdst = -1
        let seconds = Int(mktime(&old))
        let samples = [FileFacts.date(seconds, now: seconds + 400 * 86_400), FileFacts.date(seconds, now: seconds + 86_400),
                       tr("Modified")]
        let widest = samples.map { TextRenderer.measuring.size(of: $0, font: Theme.bodyFont).width }.max() ?? 0
        return max(156, (widest + 26).rounded(.up))
    }()

    init(bounds: LayoutRect, isSaving: Bool) {
        let pad = Self.padding, control = Self.controlHeight
        panel = bounds.centered(width: min(1080, bounds.width - 40).rounded(), height: min(720, bounds.height - 32).rounded())
        title = LayoutRect(x: panel.x + pad, y: panel.y + 16, width: panel.width - 2 * pad, height: 26)
        parentButton = LayoutRect(x: panel.x + pad, y: title.maxY + 12, width: control, height: control)
        pathField = LayoutRect(x: parentButton.maxX + 8, y: parentButton.y, width: panel.maxX - pad - parentButton.maxX - 8,
                               height: control)
        messageLine = LayoutRect(x: pathField.x + 2, y: pathField.maxY + 3, width: pathField.width - 4, height: 20)

        let footerY = panel.maxY - pad - control
        // Widths from the words in the user's language: the buttons fit the longest label they can show.
        let measure = TextRenderer.measuring
        let labels = [tr("Cancel"), tr("Open"), tr("Open folder"), tr("Save")]
        let buttonWidth = max(108, (labels.map { measure.size(of: $0, font: Theme.boldFont).width }.max() ?? 0) + 32)
        confirmButton = LayoutRect(x: panel.maxX - pad - buttonWidth, y: footerY, width: buttonWidth, height: control)
        cancelButton = LayoutRect(x: confirmButton.x - 10 - buttonWidth, y: footerY, width: buttonWidth, height: control)
        // A toggle is its 16 px box, 8 px and its label.
        func toggleWidth(_ label: String) -> Double { (measure.size(of: label, font: Theme.bodyFont).width + 26).rounded(.up) }
        toggleAllFiles = LayoutRect(x: panel.x + pad, y: footerY, width: toggleWidth(tr("All files")), height: control)
        toggleHidden = LayoutRect(x: toggleAllFiles.maxX + 14, y: footerY, width: toggleWidth(tr("Hidden files")), height: control)

        var bodyBottom = footerY - 16
        if isSaving {
            let y = footerY - 14 - control
            nameLabel = LayoutRect(x: panel.x + pad, y: y, width: 52, height: control)
            nameField = LayoutRect(x: panel.x + pad + 56, y: y, width: min(560, panel.width - 2 * pad - 56), height: control)
            bodyBottom = y - 14
        } else {
            nameLabel = nil
            nameField = nil
        }

        let bodyTop = messageLine.maxY + 8
        let bodyHeight = max(Self.headerHeight + FileDialog.rowHeight, bodyBottom - bodyTop)
        places = LayoutRect(x: panel.x + 12, y: bodyTop, width: Self.placesWidth, height: bodyHeight)
        let showsPreview = panel.width >= 860
        preview = showsPreview
            ? LayoutRect(x: panel.maxX - pad - Self.previewWidth, y: bodyTop, width: Self.previewWidth, height: bodyHeight)
            : nil
        let listX = places.maxX + 12
        list = LayoutRect(x: listX, y: bodyTop, width: (preview.map { $0.x - 18 } ?? panel.maxX - pad) - listX, height: bodyHeight)
        header = LayoutRect(x: list.x, y: list.y, width: list.width, height: Self.headerHeight)
        rows = LayoutRect(x: list.x, y: header.maxY, width: list.width, height: list.maxY - header.maxY)
    }

    /// The horizontal span of a column inside the list.
    func column(_ key: FileDialog.SortKey) -> LayoutRect {
        let dateX = list.maxX - Self.dateColumnWidth
        let sizeX = dateX - Self.sizeColumnWidth
        switch key {
        case .name: return LayoutRect(x: list.x, y: header.y, width: sizeX - list.x, height: header.height)
        case .size: return LayoutRect(x: sizeX, y: header.y, width: Self.sizeColumnWidth, height: header.height)
        case .date: return LayoutRect(x: dateX, y: header.y, width: Self.dateColumnWidth, height: header.height)
        }
    }

    /// The frame of row `index` in window pixels, for a list scrolled by `offset`.
    func rowFrame(_ index: Int, scrollOffset offset: Double) -> LayoutRect {
        LayoutRect(x: rows.x, y: rows.y + Double(index) * FileDialog.rowHeight - offset, width: rows.width,
                   height: FileDialog.rowHeight)
    }

    func target(at x: Double, _ y: Double, dialog: FileDialog, places placeList: [Place]) -> FileDialogTarget? {
        guard panel.contains(x, y) else { return nil }
        if let index = PlacesColumn.frames(of: placeList, in: places).firstIndex(where: { $0.contains(x, y) }),
           places.contains(x, y) {
            return .place(index)
        }
        if parentButton.contains(x, y) { return .parentButton }
        if pathField.contains(x, y) { return .pathField }
        if nameField?.contains(x, y) == true { return .nameField }
        if header.contains(x, y) {
            return FileDialog.SortKey.allCases.first { column($0).contains(x, y) }.map { .header($0) } ?? .panel
        }
        if rows.contains(x, y) { return dialog.row(atViewportY: y - rows.y).map { .row($0) } ?? .panel }
        if toggleAllFiles.contains(x, y) { return .toggleAllFiles }
        if toggleHidden.contains(x, y) { return .toggleHidden }
        if cancelButton.contains(x, y) { return .cancelButton }
        if confirmButton.contains(x, y) { return .confirmButton }
        return .panel
    }
}
