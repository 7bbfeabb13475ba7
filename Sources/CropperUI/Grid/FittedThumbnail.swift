import CCairo
import EditorState

/// A thumbnail scaled once to the device pixels a grid cell shows it at, turned as the cell's crop turns it, with
/// the proposed box drawn over it, and then copied 1:1 on every frame. Scaling some sixty thumbnails and dimming
/// around their boxes on every frame was most of a grid frame's work, and the grid redraws on every photo a batch
/// saves and every thumbnail that arrives.
final class FittedThumbnail {
    let width: Int
    let height: Int
    let turn: Orientation
    let box: BoxOverlay?
    let surface: OpaquePointer

    private init(width: Int, height: Int, turn: Orientation, box: BoxOverlay?, surface: OpaquePointer) {
        self.width = width
        self.height = height
        self.turn = turn
        self.box = box
        self.surface = surface
    }

    deinit { cairo_surface_destroy(surface) }

    /// The size, in the square's units, of `bitmap` turned by `turn` and fitted whole in `square`.
    static func size(of bitmap: DisplayBitmap, turnedBy turn: Orientation,
                     in square: LayoutRect) -> (width: Double, height: Double) {
        let turned = turn.displayedSize(forStored: PixelSize(width: bitmap.width, height: bitmap.height))
        let scale = min(square.width / Double(turned.width), square.height / Double(turned.height))
        return ((Double(turned.width) * scale).rounded(), (Double(turned.height) * scale).rounded())
    }

    /// `bitmap` turned by `turn` and scaled to `width` × `height`, with the bilinear filter the grid drew with,
    /// and `box` over it.
    static func make(_ bitmap: DisplayBitmap, width: Int, height: Int, turn: Orientation,
                     box: BoxOverlay?) -> FittedThumbnail? {
        guard width > 0, height > 0,
              let surface = cairo_image_surface_create(bitmap.hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24,
                                                       Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        let cr = cairo_create(surface)!
        var matrix = bitmap.matrix(to: (Double(width), Double(height)), orientation: turn)
        cairo_transform(cr, &matrix)
        bitmap.paint(on: cr, filter: CAIRO_FILTER_BILINEAR)
        cairo_identity_matrix(cr)
        box?.draw(width: width, height: height, on: cr)
        cairo_destroy(cr)
        return FittedThumbnail(width: width, height: height, turn: turn, box: box, surface: surface)
    }
}

/// A photo's proposed box over its thumbnail: the rest dimmed (even-odd, as on the canvas) and the box outlined.
struct BoxOverlay: Equatable {
    /// The box's corners in the copy's pixels, clockwise from the top left. A straightened or re-projected box is
    /// the turned (or keystoned) part of the photo it takes.
    let corners: [Point]
    /// Upright: the outline snapped to whole pixels, crisp.
    let isUpright: Bool
    let lineWidth: Double

    static let maskFill = Color(hex: 0x000000, alpha: 0.6)

    func draw(width: Int, height: Int, on cr: OpaquePointer) {
        guard corners.count == 4, corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
        cairo_save(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_rectangle(cr, 0, 0, Double(width), Double(height))
        outline(inset: 0, on: cr)
        Self.maskFill.set(on: cr)
        cairo_fill(cr)
        Theme.cropFrame.set(on: cr)
        cairo_set_line_width(cr, lineWidth)
        outline(inset: lineWidth / 2, on: cr)
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    private func outline(inset: Double, on cr: OpaquePointer) {
        let points = isUpright
            ? [Point(x: corners[0].x.rounded() + inset, y: corners[0].y.rounded() + inset),
               Point(x: corners[2].x.rounded() - inset, y: corners[0].y.rounded() + inset),
               Point(x: corners[2].x.rounded() - inset, y: corners[2].y.rounded() - inset),
               Point(x: corners[0].x.rounded() + inset, y: corners[2].y.rounded() - inset)]
            : corners
        cairo_move_to(cr, points[0].x, points[0].y)
        for point in points.dropFirst() { cairo_line_to(cr, point.x, point.y) }
        cairo_close_path(cr)
    }
}

extension DisplayBitmap {
    /// The copy at this size and turn with this box, made now when the one kept is for another (the cell changed
    /// size, or the crop did).
    func fittedCopy(width: Int, height: Int, turnedBy turn: Orientation, box: BoxOverlay?) -> FittedThumbnail? {
        if let copy = fitted, copy.width == width, copy.height == height, copy.turn == turn, copy.box == box { return copy }
        fitted = FittedThumbnail.make(self, width: width, height: height, turn: turn, box: box)
        return fitted
    }
}
