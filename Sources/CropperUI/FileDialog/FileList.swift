import CCairo
import Localization

/// The dialog's list: a header of sortable columns (name, size, date; an arrow on the sorted one), folders
/// first, the selection, a scroll bar, and a clear word when there is nothing to list.
enum FileList {
    static func draw(_ dialog: FileDialog, layout: FileDialogLayout, text: TextRenderer, now: Int, on cr: OpaquePointer) {
        let box = layout.list
        Shapes.panel(LayoutRect(x: box.x + 0.5, y: box.y + 0.5, width: box.width - 1, height: box.height - 1),
                     radius: 8, fill: Theme.fieldBackground,
                     border: dialog.focus == .list ? Theme.accent.withAlpha(0.6) : Theme.panelBorder, on: cr)
        drawHeader(dialog, layout: layout, text: text, on: cr)

        let rows = layout.rows
        cairo_save(cr)
        cairo_rectangle(cr, rows.x + 1, rows.y, rows.width - 2, rows.height - 1)
        cairo_clip(cr)
        if dialog.entries.isEmpty {
            drawEmpty(dialog, in: rows, text: text, on: cr)
        } else {
            let first = max(0, Int(dialog.scrollOffset / FileDialog.rowHeight))
            let last = min(dialog.entries.count - 1, Int((dialog.scrollOffset + rows.height) / FileDialog.rowHeight))
            if first <= last {
                for index in first...last {
                    drawRow(index, of: dialog, layout: layout, text: text, now: now, on: cr)
                }
            }
        }
        cairo_restore(cr)
        drawScrollBar(dialog, in: rows, on: cr)
    }

    private static func drawHeader(_ dialog: FileDialog, layout: FileDialogLayout, text: TextRenderer, on cr: OpaquePointer) {
        Theme.separator.set(on: cr)
        cairo_rectangle(cr, layout.header.x + 1, layout.header.maxY - 1, layout.header.width - 2, 1)
        cairo_fill(cr)
        for key in FileDialog.SortKey.allCases {
            let column = layout.column(key)
            if dialog.hovered == .header(key) {
                Theme.hover.withAlpha(0.6).set(on: cr)
                cairo_rectangle(cr, column.x + 1, column.y + 1, column.width - 2, column.height - 2)
                cairo_fill(cr)
            }
            let isSorted = dialog.sortKey == key
            let titleWidth = text.size(of: key.title, font: Theme.boldFont).width
            let alignRight = key == .size
            let titleX = alignRight ? column.maxX - 14 - 14 - titleWidth : column.x + (key == .name ? 38 : 10)
            text.draw(key.title, font: Theme.boldFont, color: isSorted ? Theme.text : Theme.secondaryText,
                      in: LayoutRect(x: titleX, y: column.y, width: titleWidth + 1, height: column.height), on: cr)
            if isSorted {
                drawSortArrow(ascending: dialog.ascending, x: titleX + titleWidth + 7, midY: column.midY, on: cr)
            }
        }
    }

    /// A small filled triangle: up for ascending, down for descending.
    private static func drawSortArrow(ascending: Bool, x: Double, midY: Double, on cr: OpaquePointer) {
        Theme.accentHover.set(on: cr)
        let half = 3.5
        if ascending {
            cairo_move_to(cr, x, midY + 2)
            cairo_line_to(cr, x + half, midY - 2.5)
            cairo_line_to(cr, x + 2 * half, midY + 2)
        } else {
            cairo_move_to(cr, x, midY - 2)
            cairo_line_to(cr, x + half, midY + 2.5)
            cairo_line_to(cr, x + 2 * half, midY - 2)
        }
        cairo_close_path(cr)
        cairo_fill(cr)
    }

    private static func drawRow(_ index: Int, of dialog: FileDialog, layout: FileDialogLayout, text: TextRenderer,
                                now: Int, on cr: OpaquePointer) {
        let entry = dialog.entries[index]
        let frame = layout.rowFrame(index, scrollOffset: dialog.scrollOffset)
        let highlight = LayoutRect(x: frame.x + 4, y: frame.y + 1, width: frame.width - 8, height: frame.height - 2)
        if dialog.selection == index {
            (dialog.focus == .list ? Theme.accent : Theme.accent.withAlpha(0.45)).set(on: cr)
            Shapes.roundedRect(highlight, radius: 5, on: cr)
            cairo_fill(cr)
        } else if dialog.hovered == .row(index) {
            Theme.hover.withAlpha(0.7).set(on: cr)
            Shapes.roundedRect(highlight, radius: 5, on: cr)
            cairo_fill(cr)
        }
        let selected = dialog.selection == index
        let dimmed = entry.isHidden || (!entry.isDirectory && !entry.isImage)
        let nameColor = selected ? Color(hex: 0xffffff) : dimmed ? Theme.secondaryText : Theme.text
        let factColor = selected ? Color(hex: 0xffffff, alpha: 0.85) : Theme.secondaryText
        let icon: Icon = entry.isDirectory ? .folder : entry.isImage ? .image : .file
        (selected ? Color(hex: 0xffffff) : entry.isDirectory ? Theme.accentHover : Theme.secondaryText).set(on: cr)
        Icons.draw(icon, at: frame.x + 12, (frame.midY - 9).rounded(), size: 18, on: cr)

        let name = layout.column(.name), size = layout.column(.size), date = layout.column(.date)
        text.draw(entry.shownName + (entry.isSymbolicLink ? "  →" : ""), font: Theme.bodyFont, color: nameColor,
                  in: LayoutRect(x: name.x + 38, y: frame.y, width: name.width - 46, height: frame.height),
                  truncation: .middle, on: cr)
        if let bytes = entry.byteCount {
            text.draw(FileFacts.size(bytes), font: Theme.bodyFont, color: factColor,
                      in: LayoutRect(x: size.x, y: frame.y, width: size.width - 14, height: frame.height),
                      alignment: .right, on: cr)
        }
        if let modified = entry.modified {
            text.draw(FileFacts.date(modified, now: now), font: Theme.bodyFont, color: factColor,
                      in: LayoutRect(x: date.x + 10, y: frame.y, width: date.width - 16, height: frame.height), on: cr)
        }
    }

    private static func drawEmpty(_ dialog: FileDialog, in rows: LayoutRect, text: TextRenderer, on cr: OpaquePointer) {
        let title: String
        var hint: String?
        if dialog.isListing {
            title = tr("Reading the folder…")
        } else if let error = dialog.listingError {
            title = error
            hint = tr("Backspace goes to the parent folder")
        } else if dialog.listed.isEmpty {
            title = tr("This folder is empty")
        } else {
            title = dialog.showsAllFiles ? tr("Only hidden files here") : tr("No photos here")
            hint = dialog.showsAllFiles ? tr("Ctrl+H shows hidden files") : tr("Tick “All files” to see other files · Ctrl+H shows hidden ones")
        }
        let y = (rows.y + min(rows.height / 2 - 30, 90)).rounded()
        text.draw(title, font: Theme.messageFont, color: dialog.listingError == nil ? Theme.secondaryText : Color(hex: 0xff8a80),
                  in: LayoutRect(x: rows.x + 20, y: y, width: rows.width - 40, height: 24), alignment: .center, on: cr)
        if let hint {
            text.draw(hint, font: Theme.smallFont, color: Theme.secondaryText.withAlpha(0.8),
                      in: LayoutRect(x: rows.x + 20, y: y + 26, width: rows.width - 40, height: 20), alignment: .center, on: cr)
        }
    }

    private static func drawScrollBar(_ dialog: FileDialog, in rows: LayoutRect, on cr: OpaquePointer) {
        let content = Double(dialog.entries.count) * FileDialog.rowHeight
        guard content > rows.height, rows.height > 20 else { return }
        let track = rows.insetBy(0, 4)
        let height = max(24, track.height * rows.height / content)
        let y = track.y + (track.height - height) * dialog.scrollOffset / (content - rows.height)
        Color(hex: 0xffffff, alpha: 0.22).set(on: cr)
        Shapes.roundedRect(LayoutRect(x: rows.maxX - 8, y: y, width: 4, height: height), radius: 2, on: cr)
        cairo_fill(cr)
    }
}
