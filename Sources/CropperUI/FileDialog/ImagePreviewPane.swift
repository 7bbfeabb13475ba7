import CCairo
import Localization

/// The dialog's right column: the selected photo's thumbnail with its pixel size, date and file size; a folder
/// or another file by its icon and facts; a word when nothing is selected.
enum ImagePreviewPane {
    static func draw(_ dialog: FileDialog, in area: LayoutRect, thumbnails: ThumbnailStore, text: TextRenderer, now: Double,
                     on cr: OpaquePointer) {
        let box = LayoutRect(x: area.x, y: area.y, width: area.width, height: (area.width * 0.8).rounded())
        Shapes.panel(LayoutRect(x: box.x + 0.5, y: box.y + 0.5, width: box.width - 1, height: box.height - 1),
                     radius: 8, fill: Theme.fieldBackground, border: Theme.panelBorder, on: cr)
        guard let entry = dialog.selectedEntry else {
            Theme.disabledText.set(on: cr)
            Icons.draw(.image, at: box.midX - 20, box.midY - 34, size: 40, on: cr)
            text.drawParagraph(tr("Select a photo to preview it"), font: Theme.bodyFont, color: Theme.secondaryText,
                               in: LayoutRect(x: box.x + 10, y: box.midY + 16, width: box.width - 20, height: 44),
                               alignment: .center, on: cr)
            return
        }
        let path = dialog.path(of: entry)
        var facts: [String] = []
        if entry.isImage {
            let stored = thumbnails.entry(for: path)
            let inner = box.insetBy(10, 10)
            if let bitmap = stored?.bitmap {
                let frame = inner.fitting(aspect: Double(bitmap.width) / Double(max(1, bitmap.height)))
                ThumbnailView.draw(bitmap, in: frame, radius: 4, on: cr)
                if stored?.isDamaged == true { ThumbnailView.drawDamageMark(in: frame, on: cr) }
            } else if stored == nil {
                ThumbnailView.drawLoading(in: inner.fitting(aspect: 4.0 / 3.0), radius: 4, now: now, on: cr)
            } else {
                ThumbnailView.drawUnavailable(in: inner.fitting(aspect: 4.0 / 3.0), radius: 4, on: cr)
            }
            if let size = stored?.imageSize { facts.append(tr("%1$d × %2$d pixels", size.width, size.height)) }
            if stored?.isDamaged == true { facts.append(tr("Damaged: only part of it could be read")) }
            if stored != nil && stored?.bitmap == nil { facts.append(tr("No preview: not a readable photo")) }
        } else {
            (entry.isDirectory ? Theme.accentHover : Theme.secondaryText).set(on: cr)
            Icons.draw(entry.isDirectory ? .folder : .file, at: box.midX - 28, box.midY - 28, size: 56, on: cr)
            if entry.isDirectory { facts.append(tr("Folder")) }
        }
        if let bytes = entry.byteCount { facts.append(FileFacts.size(bytes)) }
        if let modified = entry.modified { facts.append(tr("Modified %s", FileFacts.date(modified, now: FileFacts.now()))) }

        var y = box.maxY + 14
        y += text.drawParagraph(entry.shownName, font: Theme.boldFont, color: Theme.text,
                                in: LayoutRect(x: area.x + 2, y: y, width: area.width - 4, height: 60), on: cr) + 8
        for fact in facts where y + 20 <= area.maxY {
            text.draw(fact, font: Theme.bodyFont, color: Theme.secondaryText,
                      in: LayoutRect(x: area.x + 2, y: y, width: area.width - 4, height: 20), on: cr)
            y += 21
        }
    }
}

extension LayoutRect {
    /// The largest rectangle of `aspect` (width over height) centred in this one, on whole pixels.
    func fitting(aspect: Double) -> LayoutRect {
        guard aspect > 0, width > 0, height > 0 else { return self }
        let w = min(width, height * aspect), h = min(height, width / aspect)
        return centered(width: w.rounded(), height: h.rounded())
    }
}
