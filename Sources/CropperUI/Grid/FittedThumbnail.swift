import CCairo
import EditorState

/// A thumbnail scaled once to the device pixels a grid cell shows it at, turned as the cell's crop turns it, and
/// then copied 1:1 on every frame. Scaling some sixty thumbnails on every frame was most of a grid frame's work,
/// and the grid redraws on every photo a batch saves and every thumbnail that arrives.
final class FittedThumbnail {
    let width: Int
    let height: Int
    let turn: Orientation
    let surface: OpaquePointer

    private init(width: Int, height: Int, turn: Orientation, surface: OpaquePointer) {
        self.width = width
        self.height = height
        self.turn = turn
        self.surface = surface
    }

    deinit { cairo_surface_destroy(surface) }

    /// `bitmap` turned by `turn` and scaled to `width` × `height`, with the bilinear filter the grid drew with.
    static func make(_ bitmap: DisplayBitmap, width: Int, height: Int, turn: Orientation) -> FittedThumbnail? {
        guard width > 0, height > 0,
              let surface = cairo_image_surface_create(bitmap.hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24,
                                                       Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        let cr = cairo_create(surface)!
        var matrix = bitmap.matrix(to: (Double(width), Double(height)), orientation: turn)
        cairo_transform(cr, &matrix)
        bitmap.paint(on: cr, filter: CAIRO_FILTER_BILINEAR)
        cairo_destroy(cr)
        return FittedThumbnail(width: width, height: height, turn: turn, surface: surface)
    }
}

extension DisplayBitmap {
    /// The copy at this size and turn, made now when the one kept is for another (the cell changed size, or the
    /// crop's turn did).
    func fittedCopy(width: Int, height: Int, turnedBy turn: Orientation) -> FittedThumbnail? {
        if let copy = fitted, copy.width == width, copy.height == height, copy.turn == turn { return copy }
        fitted = FittedThumbnail.make(self, width: width, height: height, turn: turn)
        return fitted
    }
}
