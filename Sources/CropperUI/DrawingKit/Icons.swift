import CCairo

/// Every icon of the window, one set: vector paths on a 20×20 grid, stroked with the current source colour 1.6
/// pixels wide with round ends, so they stay crisp at any size and take their button's or row's colour.
enum Icon: CaseIterable {
    // Commands
    case open, photos, rotateLeft, rotateRight, flipHorizontal, flipVertical
    case aspect, lossless, undo, redo, reset, fit, actualSize, save, shortcuts, more
    case level, copy
    // Files and places
    case home, pictures, desktop, downloads, documents, bookmark, drive
    case folder, file, image, parentFolder, clock, close
}

enum Icons {
    static func draw(_ icon: Icon, at x: Double, _ y: Double, size: Double = 20, on cr: OpaquePointer) {
        cairo_save(cr)
        cairo_translate(cr, x, y)
        if size != 20 { cairo_scale(cr, size / 20, size / 20) }
        cairo_set_line_width(cr, 1.6)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        switch icon {
        case .more: drawMore(cr)
        case .open: drawOpenFolder(cr)
        case .photos: drawPhotos(cr)
        case .rotateLeft: drawRotate(cr, clockwise: false)
        case .rotateRight: drawRotate(cr, clockwise: true)
        case .flipHorizontal: drawFlip(cr)
        case .flipVertical:
            // The horizontal flip mirrored across the diagonal: the same picture, upside down.
            var transpose = cairo_matrix_t()
            cairo_matrix_init(&transpose, 0, 1, 1, 0, 0, 0)
            cairo_transform(cr, &transpose)
            drawFlip(cr)
        case .aspect: drawAspect(cr)
        case .level: drawLevel(cr)
        case .lossless: drawBlocks(cr)
        case .undo: drawUndo(cr)
        case .redo:
            cairo_translate(cr, 20, 0)
            cairo_scale(cr, -1, 1)
            drawUndo(cr)
        case .reset: drawReset(cr)
        case .fit: drawFit(cr)
        case .actualSize: drawActualSize(cr)
        case .save: drawSave(cr)
        case .shortcuts: drawKeyboard(cr)
        case .copy: drawCopy(cr)
        case .home: drawHome(cr)
        case .pictures, .image: drawImage(cr)
        case .desktop: drawDesktop(cr)
        case .downloads: drawSave(cr)   // an arrow into a tray, as Save
        case .documents, .file: drawPage(cr, lines: icon == .documents)
        case .bookmark: drawBookmark(cr)
        case .drive: drawDrive(cr)
        case .folder: drawClosedFolder(cr)
        case .parentFolder: drawUpArrow(cr)
        case .clock: drawClock(cr)
        case .close: drawClose(cr)
        }
        cairo_restore(cr)
    }
}
