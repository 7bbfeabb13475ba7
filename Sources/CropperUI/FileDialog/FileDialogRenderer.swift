import CCairo
import Localization

/// Draws the file dialog over the dimmed editor: title, path bar, places, list, preview, name field (Save As),
/// toggles and buttons.
struct FileDialogRenderer {
    let dialog: FileDialog
    let layout: FileDialogLayout
    let places: [Place]
    let thumbnails: ThumbnailStore
    let text: TextRenderer
    let cr: OpaquePointer

    func draw(in window: LayoutRect, now: Double) {
        Overlay.dim(window, on: cr)
        Overlay.drawPanel(layout.panel, on: cr)
        text.draw(dialog.title, font: Theme.titleFont, color: Theme.text, in: layout.title, on: cr)
        drawPathBar()
        drawMessage()
        var hoveredPlace: Int?
        if case let .place(index) = dialog.hovered { hoveredPlace = index }
        PlacesColumn.draw(places, in: layout.places, current: dialog.directory, hovered: hoveredPlace, text: text, on: cr)
        FileList.draw(dialog, layout: layout, text: text, now: FileFacts.now(), on: cr)
        if let preview = layout.preview {
            ImagePreviewPane.draw(dialog, in: preview, thumbnails: thumbnails, text: text, now: now, on: cr)
        }
        drawNameRow()
        drawToggle(tr("All files"), isOn: dialog.showsAllFiles, frame: layout.toggleAllFiles, hovered: dialog.hovered == .toggleAllFiles)
        drawToggle(tr("Hidden files"), isOn: dialog.showsHidden, frame: layout.toggleHidden, hovered: dialog.hovered == .toggleHidden)
        Overlay.drawButton(tr("Cancel"), frame: layout.cancelButton, prominent: false,
                           hovered: dialog.hovered == .cancelButton, text: text, on: cr)
        Overlay.drawButton(confirmLabel, frame: layout.confirmButton, prominent: true,
                           hovered: dialog.hovered == .confirmButton, text: text, on: cr)
    }

    /// "Open" enters a selected folder, so the button says so.
    private var confirmLabel: String {
        if dialog.focus == .list, dialog.selectedEntry?.isDirectory == true { return tr("Open folder") }
        switch dialog.mode {
        case .open: return tr("Open")
        case .save: return tr("Save")
        }
    }

    private func drawPathBar() {
        let button = layout.parentButton
        let enabled = dialog.parent != nil
        if enabled && dialog.hovered == .parentButton {
            Theme.hover.set(on: cr)
            Shapes.roundedRect(button, radius: Theme.cornerRadius, on: cr)
            cairo_fill(cr)
        }
        (enabled ? Theme.text : Theme.disabledText).set(on: cr)
        Icons.draw(.parentFolder, at: button.midX - 10, button.midY - 10, on: cr)
        dialog.pathField.draw(in: layout.pathField, focused: dialog.focus == .pathBar,
                              invalid: dialog.isError && dialog.focus == .pathBar, text: text, on: cr)
    }

    private func drawMessage() {
        let hint: String
        switch dialog.focus {
        case .pathBar: hint = tr("Type a folder or a file · Tab completes · Enter goes there")
        case .list: hint = tr("Type / or ~ (or Ctrl+L) to enter a path · type a name to jump to it")
        case .nameField: hint = tr("A name ending in .jpg, .png, .webp, .heic, .avif, .tif, .jxl, .gif or .apng (the photo’s own type when left out)")
        }
        let isError = dialog.isError
        text.draw(dialog.message ?? hint, font: Theme.smallFont,
                  color: isError ? Color(hex: 0xff8a80) : Theme.secondaryText.withAlpha(dialog.message == nil ? 0.75 : 1),
                  in: layout.messageLine, truncation: .middle, on: cr)
    }

    private func drawNameRow() {
        guard let label = layout.nameLabel, let field = layout.nameField else { return }
        text.draw(tr("Name"), font: Theme.boldFont, color: Theme.text, in: label, on: cr)
        dialog.nameField.draw(in: field, focused: dialog.focus == .nameField,
                              invalid: dialog.isError && dialog.focus == .nameField, text: text, on: cr)
    }

    private func drawToggle(_ label: String, isOn: Bool, frame: LayoutRect, hovered: Bool) {
        let box = LayoutRect(x: frame.x, y: (frame.midY - 8).rounded(), width: 16, height: 16)
        if isOn {
            (hovered ? Theme.accentHover : Theme.accent).set(on: cr)
            Shapes.roundedRect(box, radius: 4, on: cr)
            cairo_fill(cr)
            Color(hex: 0xffffff).set(on: cr)
            cairo_set_line_width(cr, 1.8)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_move_to(cr, box.x + 4, box.y + 8.5)
            cairo_line_to(cr, box.x + 7, box.y + 11.5)
            cairo_line_to(cr, box.x + 12.5, box.y + 5)
            cairo_stroke(cr)
        } else {
            Shapes.panel(LayoutRect(x: box.x + 0.5, y: box.y + 0.5, width: box.width - 1, height: box.height - 1), radius: 4,
                         fill: Theme.fieldBackground, border: hovered ? Theme.secondaryText : Theme.panelBorder, on: cr)
        }
        text.draw(label, font: Theme.bodyFont, color: hovered ? Theme.text : Theme.secondaryText,
                  in: LayoutRect(x: box.maxX + 8, y: frame.y, width: frame.width - 24, height: frame.height), on: cr)
    }
}
