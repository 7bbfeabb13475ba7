import CCairo
import Localization

/// Draws the picker over the dimmed editor: the sheet rising from the bottom edge, its header, the strip of
/// photos (`RecentStrip`) or the word that there are none, and the action rows.
struct PickerPanelRenderer {
    let picker: PickerPanel
    let layout: PickerLayout
    let thumbnails: ThumbnailStore
    let text: TextRenderer
    let cr: OpaquePointer

    static let cornerRadius = 14.0

    func draw(in window: LayoutRect, now: Double) {
        Overlay.dim(window, on: cr)
        drawSheet()
        drawHeader()
        if picker.isEmpty {
            drawEmptyStrip()
        } else {
            RecentStrip(picker: picker, layout: layout, thumbnails: thumbnails, cr: cr).draw(now: now)
        }
        Theme.separator.set(on: cr)
        cairo_rectangle(cr, layout.sheet.x, layout.strip.maxY + 14, layout.sheet.width, 1)
        cairo_fill(cr)
        for (action, frame) in layout.actions { drawAction(action, frame: frame) }
    }

    private func sheetPath(_ rect: LayoutRect) {
        let r = Self.cornerRadius
        cairo_new_sub_path(cr)
        cairo_move_to(cr, rect.x, rect.maxY)
        cairo_arc(cr, rect.x + r, rect.y + r, r, .pi, 3 * .pi / 2)
        cairo_arc(cr, rect.maxX - r, rect.y + r, r, -.pi / 2, 0)
        cairo_line_to(cr, rect.maxX, rect.maxY)
        cairo_close_path(cr)
    }

    private func drawSheet() {
        let sheet = layout.sheet
        for spread in stride(from: 14.0, to: 0, by: -4) {
            cairo_set_source_rgba(cr, 0, 0, 0, 0.09)
            sheetPath(LayoutRect(x: sheet.x - spread / 2, y: sheet.y - spread, width: sheet.width + spread,
                                 height: sheet.height + spread))
            cairo_fill(cr)
        }
        sheetPath(sheet)
        Theme.panel.set(on: cr)
        cairo_fill(cr)
        sheetPath(LayoutRect(x: sheet.x + 0.5, y: sheet.y + 0.5, width: sheet.width - 1, height: sheet.height + 2))
        Theme.panelBorder.set(on: cr)
        cairo_set_line_width(cr, 1)
        cairo_stroke(cr)
    }

    private func drawHeader() {
        let header = layout.header
        let given = picker.items.count - picker.recentItems.count
        text.draw(given > 0 ? tr("Photos") : tr("Recent photos"), font: Theme.titleFont, color: Theme.text, in: header, on: cr)
        let count: String
        if picker.isEmpty {
            return
        } else if picker.isLoading && picker.items.isEmpty {
            count = tr("Looking for photos…")
        } else {
            let recent = picker.recentItems.count
            var parts = [trn("%d recent photo", "%d recent photos", recent, recent)]
            if given > 0 { parts.insert(trn("%d given", "%d given", given, given), at: 0) }
            if picker.isLoading { parts.append(tr("looking for more…")) }
            count = parts.joined(separator: " · ")
        }
        text.draw(count, font: Theme.smallFont, color: Theme.secondaryText, in: header, alignment: .right, on: cr)
    }

    private func drawEmptyStrip() {
        let strip = layout.strip
        Theme.secondaryText.withAlpha(0.7).set(on: cr)
        Icons.draw(.pictures, at: strip.midX - 20, strip.y + 22, size: 40, on: cr)
        text.draw(picker.emptyMessage, font: Theme.messageFont, color: Theme.text,
                  in: LayoutRect(x: strip.x, y: strip.y + 70, width: strip.width, height: 24), alignment: .center, on: cr)
        text.draw(tr("Photos kept there and photos you open show up here. Open… finds one anywhere."),
                  font: Theme.smallFont, color: Theme.secondaryText,
                  in: LayoutRect(x: strip.x, y: strip.y + 96, width: strip.width, height: 20), alignment: .center, on: cr)
    }

    private func drawAction(_ action: PickerAction, frame: LayoutRect) {
        let enabled = picker.isEnabled(action)
        if enabled && picker.hovered == .action(action) {
            let pressed = picker.press?.target == .action(action)
            (pressed ? Theme.pressed : Theme.hover).set(on: cr)
            Shapes.roundedRect(frame.insetBy(0, 2), radius: 8, on: cr)
            cairo_fill(cr)
        }
        let color = enabled ? Theme.text : Theme.disabledText
        color.set(on: cr)
        let iconY = (frame.midY - 10).rounded()
        switch action {
        case .openFile: Icons.draw(.open, at: frame.x + 14, iconY, on: cr)
        case .openMostRecent: Icons.draw(.clock, at: frame.x + 14, iconY, on: cr)
        case .close: Icons.draw(.close, at: frame.x + 14, iconY, on: cr)
        }
        let font = FontSpec(size: 10.5)
        let titleWidth = text.size(of: action.title, font: font).width
        text.draw(action.title, font: font, color: color,
                  in: LayoutRect(x: frame.x + 48, y: frame.y, width: titleWidth + 1, height: frame.height), on: cr)
        if let detail = detail(for: action) {
            let x = frame.x + 48 + titleWidth + 16
            text.draw(detail, font: Theme.smallFont, color: enabled ? Theme.secondaryText : Theme.disabledText,
                      in: LayoutRect(x: x, y: frame.y, width: frame.maxX - 14 - x, height: frame.height),
                      alignment: .right, truncation: .middle, on: cr)
        }
    }

    /// What the row would do, said on its right: the key, or the photo it opens.
    private func detail(for action: PickerAction) -> String? {
        switch action {
        case .openFile: Bindings.shortcutLabel(for: .open)
        case .openMostRecent: picker.recentItems.first?.name
        case .close: "Esc"
        }
    }
}
