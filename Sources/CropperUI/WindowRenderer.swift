import CCairo

/// One frame of the whole window, back to front: canvas, notices, toolbar, status bar, tooltip, modal overlays.
/// The canvas is drawn in device pixels; everything after it in interface pixels, scaled.
struct WindowRenderer {
    let app: EditorApp

    func draw(on cr: OpaquePointer, now: Double) {
        let layout = app.layout
        let ui = app.ui
        let text = app.text
        CanvasRenderer(area: layout.deviceCanvas, scale: layout.scale, text: text)
            .draw(state: app.state, document: app.document, cache: app.imageCache, on: cr)
        cairo_save(cr)
        cairo_scale(cr, layout.scale, layout.scale)
        drawChrome(layout: layout, ui: ui, text: text, now: now, on: cr)
        cairo_restore(cr)
    }

    private func drawChrome(layout: WindowLayout, ui: UIState, text: TextRenderer, now: Double, on cr: OpaquePointer) {
        if let banner = ui.banner {
            banner.draw(in: layout.canvas, dismissHovered: ui.hoveringBannerDismiss, text: text, on: cr)
        }
        if let toast = ui.toast { toast.draw(in: layout.canvas, now: now, text: text, on: cr) }
        if ui.dropHovering { DropHighlight.draw(in: layout.canvas, text: text, on: cr) }

        let toolbar = app.toolbar()
        toolbar.draw(area: layout.toolbar, hovered: ui.hoveredButton, pressed: ui.pressedButton, text: text, on: cr)
        app.statusBar().draw(editableHovered: ui.hoveringEditableStatus, text: text, on: cr)
        if ui.tooltipDue(at: now), let command = ui.hoveredButton,
           let button = toolbar.buttons.first(where: { $0.command == command }) {
            drawTooltip(for: button, windowWidth: layout.width, text: text, on: cr)
        }

        let whole = layout.bounds
        if let picker = ui.picker, app.panelIsRevealed(picker, at: now) {
            PickerPanelRenderer(picker: picker, layout: app.pickerLayout(picker), thumbnails: app.thumbnails, text: text, cr: cr)
                .draw(in: whole, now: now)
        }
        if let dialog = ui.fileDialog {
            FileDialogRenderer(dialog: dialog, layout: app.dialogLayout(), places: ui.places, thumbnails: app.thumbnails,
                               text: text, cr: cr).draw(in: whole, now: now)
        }
        if let confirm = ui.confirm { confirm.draw(in: whole, hovered: ui.confirmHovered, text: text, on: cr) }
        if ui.showsShortcuts { ShortcutSheet.draw(in: whole, text: text, value: app.settingValue, on: cr) }
    }

    private func drawTooltip(for button: ToolbarButton, windowWidth: Double, text: TextRenderer, on cr: OpaquePointer) {
        let title = button.tooltip
        let shortcut = Bindings.shortcutLabel(for: button.command)
        let titleWidth = text.size(of: title, font: Theme.bodyFont).width
        let shortcutWidth = shortcut.map { text.size(of: $0, font: Theme.smallFont).width + 14 } ?? 0
        let width = (titleWidth + shortcutWidth + 22).rounded()
        let x = min(max(6, (button.frame.midX - width / 2).rounded()), windowWidth - width - 6)
        let rect = LayoutRect(x: x, y: button.frame.maxY + 8, width: width, height: 28)
        Shapes.panel(LayoutRect(x: rect.x + 0.5, y: rect.y + 0.5, width: rect.width - 1, height: rect.height - 1),
                     radius: 6, fill: Color(hex: 0x111214, alpha: 0.96), border: Theme.panelBorder, on: cr)
        text.draw(title, font: Theme.bodyFont, color: Theme.text,
                  in: LayoutRect(x: rect.x + 11, y: rect.y, width: titleWidth + 1, height: rect.height), on: cr)
        if let shortcut {
            text.draw(shortcut, font: Theme.smallFont, color: Theme.secondaryText,
                      in: LayoutRect(x: rect.x + 11 + titleWidth + 14, y: rect.y, width: shortcutWidth, height: rect.height), on: cr)
        }
    }
}
