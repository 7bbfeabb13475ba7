import CCairo

/// The picker's strip: each photo as tall as the strip and as wide as its aspect ratio, a placeholder of the
/// same shape while its thumbnail loads, a lighter frame on the hovered one and an accent ring on the
/// selected one; soft fades at the edges where more photos hide, and a thin scroll indicator below.
struct RecentStrip {
    let picker: PickerPanel
    let layout: PickerLayout
    let thumbnails: ThumbnailStore
    let cr: OpaquePointer

    static let radius = 6.0

    func draw(now: Double) {
        let strip = layout.strip
        cairo_save(cr)
        cairo_rectangle(cr, strip.x - 6, strip.y, strip.width + 12, strip.height)
        cairo_clip(cr)
        if picker.items.isEmpty {
            drawLoadingRow(now: now)
        } else {
            for index in layout.visibleItems { drawItem(index, now: now) }
        }
        cairo_restore(cr)
        drawEdgeFades()
        drawIndicator()
    }

    private func drawItem(_ index: Int, now: Double) {
        let frame = layout.frame(ofItem: index)
        let item = picker.items[index]
        if let entry = thumbnails.entry(for: item.path) {
            if let bitmap = entry.bitmap {
                ThumbnailView.draw(bitmap, in: frame, radius: Self.radius, on: cr)
                if entry.isDamaged { ThumbnailView.drawDamageMark(in: frame, on: cr) }
            } else {
                ThumbnailView.drawUnavailable(in: frame, radius: Self.radius, on: cr)
            }
        } else {
            ThumbnailView.drawLoading(in: frame, radius: Self.radius, now: now - Double(index) * 0.08, on: cr)
        }
        if index > 0, picker.items[index - 1].isGiven, !item.isGiven {
            // Where the photos given together end and the recent ones begin.
            Theme.secondaryText.withAlpha(0.5).set(on: cr)
            cairo_rectangle(cr, (frame.x - PickerLayout.itemGap / 2).rounded() - 1, frame.y + 16, 2, frame.height - 32)
            cairo_fill(cr)
        }
        if picker.selected == index {
            Theme.accentHover.set(on: cr)
            cairo_set_line_width(cr, 2.5)
            Shapes.roundedRect(LayoutRect(x: frame.x - 3.5, y: frame.y - 3.5, width: frame.width + 7, height: frame.height + 7),
                               radius: Self.radius + 3, on: cr)
            cairo_stroke(cr)
        }
        if picker.hovered == .item(index) {
            Color(hex: 0xffffff, alpha: picker.selected == index ? 0.55 : 0.4).set(on: cr)
            cairo_set_line_width(cr, 1.5)
            Shapes.roundedRect(frame.insetBy(0.75, 0.75), radius: Self.radius - 0.5, on: cr)
            cairo_stroke(cr)
            Color(hex: 0xffffff, alpha: 0.08).set(on: cr)
            Shapes.roundedRect(frame, radius: Self.radius, on: cr)
            cairo_fill(cr)
        }
    }

    /// Before the first photos are found: a row of shimmering 4:3 shapes.
    private func drawLoadingRow(now: Double) {
        let width = (PickerLayout.stripHeight * PickerLayout.placeholderAspect).rounded()
        var x = layout.strip.x
        var index = 0
        while x < layout.strip.maxX {
            let frame = LayoutRect(x: x, y: layout.strip.y + PickerLayout.ringSpace, width: width, height: PickerLayout.stripHeight)
            ThumbnailView.drawLoading(in: frame, radius: Self.radius, now: now - Double(index) * 0.08, on: cr)
            x += width + PickerLayout.itemGap
            index += 1
        }
    }

    private func drawEdgeFades() {
        let strip = layout.strip
        let fade = 28.0
        let panel = Theme.panel
        for (isLeft, shows) in [(true, layout.scrollOffset > 0.5), (false, layout.scrollOffset < layout.maxScroll - 0.5)] where shows {
            let x0 = isLeft ? strip.x - 4 : strip.maxX + 4
            let x1 = isLeft ? strip.x - 4 + fade : strip.maxX + 4 - fade
            guard let gradient = cairo_pattern_create_linear(x0, 0, x1, 0) else { continue }
            cairo_pattern_add_color_stop_rgba(gradient, 0, panel.red, panel.green, panel.blue, 0.95)
            cairo_pattern_add_color_stop_rgba(gradient, 1, panel.red, panel.green, panel.blue, 0)
            cairo_set_source(cr, gradient)
            cairo_rectangle(cr, min(x0, x1), strip.y, fade, strip.height)
            cairo_fill(cr)
            cairo_pattern_destroy(gradient)
        }
    }

    private func drawIndicator() {
        guard layout.maxScroll > 0.5, layout.contentWidth > 0 else { return }
        let track = layout.indicator
        let width = max(32, track.width * track.width / layout.contentWidth)
        let x = track.x + (track.width - width) * layout.scrollOffset / layout.maxScroll
        Color(hex: 0xffffff, alpha: 0.08).set(on: cr)
        Shapes.roundedRect(track, radius: track.height / 2, on: cr)
        cairo_fill(cr)
        Color(hex: 0xffffff, alpha: 0.3).set(on: cr)
        Shapes.roundedRect(LayoutRect(x: x, y: track.y, width: width, height: track.height), radius: track.height / 2, on: cr)
        cairo_fill(cr)
    }
}
