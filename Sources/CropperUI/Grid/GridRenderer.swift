import CCairo
import Localization
import PhotoIO
import PhotoLibrary

/// Draws the grid over the whole window: the header (the list's name, how many photos and how many selected),
/// the cells in view — thumbnail fitted in its square or a placeholder, the name under it, the selection, the
/// cursor and the hovered cell — and the scrollbar. Only the visible cells are touched.
struct GridRenderer {
    let grid: GridComponent
    let layout: GridLayout
    let paths: [String]
    let context: WindowContext
    let cr: OpaquePointer

    static let selectedFill = Theme.accent.withAlpha(0.30)
    static let cellRadius = 8.0

    func draw() {
        Theme.canvas.set(on: cr)
        cairo_rectangle(cr, layout.bounds.x, layout.bounds.y, layout.bounds.width, layout.bounds.height)
        cairo_fill(cr)
        cairo_save(cr)
        cairo_rectangle(cr, layout.viewport.x, layout.viewport.y, layout.viewport.width, layout.viewport.height)
        cairo_clip(cr)
        if paths.isEmpty {
            context.text.draw(tr("No photos in this list"), font: Theme.messageFont, color: Theme.secondaryText,
                              in: LayoutRect(x: layout.viewport.x, y: layout.viewport.midY - 12, width: layout.viewport.width, height: 24),
                              alignment: .center, on: cr)
        }
        let focus = grid.selection.focusIndex(in: paths)
        let openPath = context.session.document?.path
        for index in layout.visibleItems {
            drawCell(index, isFocus: index == focus, isOpenAndPending: paths[index] == openPath && GridComponent.pending(context) > 0)
        }
        drawScrollbar()
        cairo_restore(cr)
        drawHeader()
    }

    private func drawHeader() {
        let header = layout.header
        Shapes.chromeBar(header, on: cr)
        let documents = context.session.documents
        let title = documents?.folder.map { PathNames.shown(PathNames.name(of: $0)) } ?? tr("Photos given together")
        let counts = trn("%d photo", "%d photos", paths.count, paths.count) + " · "
            + trn("%d selected", "%d selected", grid.selection.count, grid.selection.count)
        let hint = tr("Enter opens · G or Esc: back to the editor")
        let countsWidth = context.text.size(of: counts, font: Theme.bodyFont).width + 1
        let hintWidth = context.text.size(of: hint, font: Theme.smallFont).width + 1
        let inner = header.insetBy(GridLayout.margin, 0)
        context.text.draw(counts, font: Theme.bodyFont, color: Theme.text,
                          in: LayoutRect(x: inner.maxX - countsWidth, y: inner.y, width: countsWidth, height: inner.height),
                          on: cr)
        let titleRoom = inner.width - countsWidth - 24
        let showsHint = titleRoom - hintWidth - 24 > 120
        context.text.draw(title, font: Theme.titleFont, color: Theme.text,
                          in: LayoutRect(x: inner.x, y: inner.y, width: showsHint ? titleRoom - hintWidth - 24 : titleRoom,
                                         height: inner.height), truncation: .middle, on: cr)
        if showsHint {
            context.text.draw(hint, font: Theme.smallFont, color: Theme.secondaryText,
                              in: LayoutRect(x: inner.maxX - countsWidth - 24 - hintWidth, y: inner.y, width: hintWidth,
                                             height: inner.height), on: cr)
        }
    }

    private func drawCell(_ index: Int, isFocus: Bool, isOpenAndPending: Bool) {
        let cell = layout.frame(ofItem: index)
        let path = paths[index]
        let isSelected = grid.selection.contains(path)
        if isSelected {
            Self.selectedFill.set(on: cr)
            Shapes.roundedRect(cell, radius: Self.cellRadius, on: cr)
            cairo_fill(cr)
        } else if grid.hovered == index {
            Theme.hover.withAlpha(0.6).set(on: cr)
            Shapes.roundedRect(cell, radius: Self.cellRadius, on: cr)
            cairo_fill(cr)
        }
        if isFocus {
            (isSelected ? Theme.accentHover : Theme.secondaryText).set(on: cr)
            cairo_set_line_width(cr, 2)
            Shapes.roundedRect(cell.insetBy(1, 1), radius: Self.cellRadius - 1, on: cr)
            cairo_stroke(cr)
        }
        drawThumbnail(of: path, in: layout.thumbnailSquare(ofItem: index))
        if isOpenAndPending { drawPendingMark(in: layout.thumbnailSquare(ofItem: index)) }
        context.text.draw(PathNames.shown(PathNames.name(of: path)), font: Theme.smallFont,
                          color: isSelected ? Theme.text : Theme.secondaryText, in: layout.nameFrame(ofItem: index),
                          alignment: .center, truncation: .middle, on: cr)
    }

    /// The thumbnail fitted whole in its square (the shape of the photo shows), or a placeholder of the square.
    private func drawThumbnail(of path: String, in square: LayoutRect) {
        guard let entry = context.thumbnails.entry(for: path) else {
            ThumbnailView.drawLoading(in: square.insetBy(0, square.height / 8), radius: 4, now: context.now, on: cr)
            return
        }
        guard let bitmap = entry.bitmap, bitmap.width > 0, bitmap.height > 0 else {
            ThumbnailView.drawUnavailable(in: square.insetBy(0, square.height / 8), radius: 4, on: cr)
            return
        }
        let scale = min(square.width / Double(bitmap.width), square.height / Double(bitmap.height))
        let fitted = square.centered(width: (Double(bitmap.width) * scale).rounded(), height: (Double(bitmap.height) * scale).rounded())
        ThumbnailView.draw(bitmap, in: fitted, radius: 0, filter: CAIRO_FILTER_BILINEAR, on: cr)
        if entry.isDamaged { ThumbnailView.drawDamageMark(in: fitted, on: cr) }
    }

    /// An unsaved crop: a dot in the accent colour at the square's top left.
    private func drawPendingMark(in square: LayoutRect) {
        Color(hex: 0x000000, alpha: 0.5).set(on: cr)
        cairo_arc(cr, square.x + 11, square.y + 11, 8, 0, 2 * .pi)
        cairo_fill(cr)
        Theme.accentHover.set(on: cr)
        cairo_arc(cr, square.x + 11, square.y + 11, 5, 0, 2 * .pi)
        cairo_fill(cr)
    }

    private func drawScrollbar() {
        guard let thumb = layout.scrollbarThumb else { return }
        Color(hex: 0xffffff, alpha: 0.05).set(on: cr)
        Shapes.roundedRect(layout.scrollbarTrack, radius: GridLayout.scrollbarWidth / 2, on: cr)
        cairo_fill(cr)
        Color(hex: 0xffffff, alpha: isDraggingScrollbar ? 0.45 : 0.28).set(on: cr)
        Shapes.roundedRect(thumb, radius: GridLayout.scrollbarWidth / 2, on: cr)
        cairo_fill(cr)
    }

    private var isDraggingScrollbar: Bool {
        if case .scrollbar = grid.press { return true }
        return false
    }
}
