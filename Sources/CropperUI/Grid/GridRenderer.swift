import CCairo
import EditorState
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
        let pending = context.batch.pendingPaths(context.session)
        for index in layout.visibleItems {
            drawCell(index, isFocus: index == focus, isPending: pending.contains(paths[index]))
        }
        drawScrollbar()
        grid.batchBar(context)?.draw(hovered: grid.hoveredButton, text: context.text, on: cr)
        cairo_restore(cr)
        drawHeader()
    }

    private func drawHeader() {
        let header = layout.header
        Shapes.chromeBar(header, on: cr)
        let documents = context.session.documents
        let title = documents?.folder.map { PathNames.shown(PathNames.name(of: $0)) } ?? tr("Photos given together")
        let pending = GridComponent.pending(context)
        let counts = trn("%d photo", "%d photos", paths.count, paths.count) + " · "
            + trn("%d selected", "%d selected", grid.selection.count, grid.selection.count)
            + (pending > 0 ? " · " + trn("%d crop to save", "%d crops to save", pending, pending) : "")
        let hint = pending > 0 ? tr("Enter opens one to adjust · Ctrl+S saves the selected")
            : context.batch.rules.copied != nil ? tr("Ctrl+Shift+V puts the copied crop on the selected")
            : tr("Enter opens · G or Esc: back to the editor")
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

    private func drawCell(_ index: Int, isFocus: Bool, isPending: Bool) {
        let cell = layout.frame(ofItem: index)
        let path = paths[index]
        let isSelected = grid.selection.contains(path)
        if isSelected {
            Self.selectedFill.set(on: cr)
            Shapes.fillRoundedRect(cell, radius: Self.cellRadius, on: cr)
        } else if grid.hovered == index {
            Theme.hover.withAlpha(0.6).set(on: cr)
            Shapes.fillRoundedRect(cell, radius: Self.cellRadius, on: cr)
        }
        if isFocus {
            (isSelected ? Theme.accentHover : Theme.secondaryText).set(on: cr)
            cairo_set_line_width(cr, 2)
            Shapes.roundedRect(cell.insetBy(1, 1), radius: Self.cellRadius - 1, on: cr)
            cairo_stroke(cr)
        }
        drawThumbnail(of: path, in: layout.thumbnailSquare(ofItem: index))
        if isPending { drawPendingMark(in: layout.thumbnailSquare(ofItem: index)) }
        // A photo the rule did not fit, or whose save failed, says why where its name was.
        if let reason = problem(of: path) {
            drawProblemMark(in: layout.thumbnailSquare(ofItem: index))
            context.text.draw(reason, font: Theme.smallFont, color: Theme.danger, in: layout.nameFrame(ofItem: index),
                              alignment: .center, truncation: .end, on: cr)
            return
        }
        context.text.draw(PathNames.shown(PathNames.name(of: path)), font: Theme.smallFont,
                          color: isSelected ? Theme.text : Theme.secondaryText, in: layout.nameFrame(ofItem: index),
                          alignment: .center, truncation: .middle, on: cr)
    }

    private func problem(of path: String) -> String? {
        context.batch.rules.misfits[path] ?? context.batch.run?.failures.last { $0.path == path }?.reason
    }

    /// The crop a photo holds and the photo it is in (turned as the edit turns it, then straightened and
    /// re-projected): a pending one, or the open photo's.
    private func proposedCrop(of path: String) -> (CropEdit, WarpedPhoto)? {
        if path == context.session.document?.path, let warp = context.editor.warpedPhoto {
            return context.editor.crop == nil ? nil : (context.editor.edit, warp)
        }
        guard let pending = context.batch.pending[path], pending.edit.crop != nil else { return nil }
        return (pending.edit, WarpedPhoto(size: pending.displayedSize, angle: pending.edit.straighten,
                                          perspective: pending.edit.perspective,
                                          focal35mm: pending.focal35mm ?? CameraLens.defaultFocal35mm))
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
        let proposed = proposedCrop(of: path)
        let fitted = drawFitted(bitmap, turnedBy: proposed?.0.userTransform ?? .normal, box: proposed, in: square)
        if entry.isDamaged { ThumbnailView.drawDamageMark(in: fitted, on: cr) }
    }

    /// The thumbnail turned and flipped as the crop's edit turns the photo, fitted whole in its square, with the
    /// crop's box over it: copied from its copy at the cell's device size (`FittedThumbnail`).
    private func drawFitted(_ bitmap: DisplayBitmap, turnedBy turn: Orientation, box proposed: (CropEdit, WarpedPhoto)?,
                            in square: LayoutRect) -> LayoutRect {
        let size = FittedThumbnail.size(of: bitmap, turnedBy: turn, in: square)
        let fitted = square.centered(width: size.width, height: size.height)
        var left = fitted.x, top = fitted.y, right = fitted.maxX, bottom = fitted.maxY
        cairo_user_to_device(cr, &left, &top)
        cairo_user_to_device(cr, &right, &bottom)
        left = left.rounded()
        top = top.rounded()
        let width = Int((right - left).rounded()), height = Int((bottom - top).rounded())
        let box = proposed.flatMap { edit, warp in
            edit.crop.map { overlay($0, on: warp, width: width, height: height, lineWidth: (right - left) / fitted.width) }
        }
        guard let copy = context.thumbnails.fittedCopy(of: bitmap, width: width, height: height, turnedBy: turn, box: box) else { return fitted }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, copy.surface, left, top)
        cairo_rectangle(cr, left, top, Double(width), Double(height))
        cairo_fill(cr)
        cairo_restore(cr)
        return fitted
    }

    /// The crop's box in the copy's pixels: its corners taken back through the warp onto the photo as it is.
    private func overlay(_ crop: PixelRect, on warp: WarpedPhoto, width: Int, height: Int, lineWidth: Double) -> BoxOverlay {
        let sx = Double(width) / Double(max(1, warp.size.width)), sy = Double(height) / Double(max(1, warp.size.height))
        let corners = [Point(x: Double(crop.x), y: Double(crop.y)), Point(x: Double(crop.maxX), y: Double(crop.y)),
                       Point(x: Double(crop.maxX), y: Double(crop.maxY)), Point(x: Double(crop.x), y: Double(crop.maxY))]
            .map { warp.isIdentity ? $0 : warp.photoPoint(fromWarped: $0) }
            .map { Point(x: $0.x * sx, y: $0.y * sy) }
        return BoxOverlay(corners: corners, isUpright: warp.isIdentity, lineWidth: lineWidth)
    }

    /// A photo the crop did not fit or could not be saved: a red mark at the square's top right.
    private func drawProblemMark(in square: LayoutRect) {
        Color(hex: 0x000000, alpha: 0.5).set(on: cr)
        cairo_arc(cr, square.maxX - 11, square.y + 11, 8, 0, 2 * .pi)
        cairo_fill(cr)
        Theme.danger.set(on: cr)
        cairo_arc(cr, square.maxX - 11, square.y + 11, 5, 0, 2 * .pi)
        cairo_fill(cr)
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
