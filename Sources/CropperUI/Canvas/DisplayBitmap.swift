import CCairo
import EditorState
import PhotoIO

/// Decoded pixels wrapped as a Cairo image surface (BGRX rows, CAIRO_FORMAT_RGB24), in the file's stored
/// orientation. Made on a loader thread and handed to the event loop once, then only read there.
final class DisplayBitmap: @unchecked Sendable {
    let surface: OpaquePointer
    let width: Int
    let height: Int
    private let format: cairo_format_t
    private let stride: Int32
    private let pixels: UnsafeMutablePointer<UInt8>
    /// Keeps the pixel memory the surface points into alive.
    let owner: AnyObject?
    /// The colour conversion these pixels still need to be shown (nil when they are ready): the copies made from
    /// them are converted instead, a fraction of the pixels, and the pixels themselves are never drawn as they are.
    let pendingTransform: ColourTransform?
    /// A frame of a playing animation: drawn directly, as it changes too often for scaled copies to pay.
    let isAnimationFrame: Bool

    init?(surface: OpaquePointer, owner: AnyObject?, pendingTransform: ColourTransform? = nil,
          isAnimationFrame: Bool = false) {
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              let pixels = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.surface = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        format = cairo_image_surface_get_format(surface)
        stride = cairo_image_surface_get_stride(surface)
        self.pixels = pixels
        self.owner = owner
        self.pendingTransform = pendingTransform
        self.isAnimationFrame = isAnimationFrame
    }

    /// Whether the pixels carry transparency (Cairo ARGB32), so what is behind them shows.
    var hasAlpha: Bool { format == CAIRO_FORMAT_ARGB32 }

    /// A second Cairo surface over the same pixels, for reading on another thread while this bitmap is alive.
    /// The caller destroys it.
    func makeReadOnlySurface() -> OpaquePointer? {
        guard let copy = cairo_image_surface_create_for_data(pixels, format, Int32(width), Int32(height), stride),
              cairo_surface_status(copy) == CAIRO_STATUS_SUCCESS else { return nil }
        return copy
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    var pixelCount: Int { width * height }

    /// The Cairo matrix taking this bitmap's pixels to upright pixels of `target` size, turned by `orientation`.
    func matrix(to target: (width: Double, height: Double), orientation: Orientation) -> cairo_matrix_t {
        let size = PixelSize(width: width, height: height)
        let upright = orientation.displayedSize(forStored: size)
        func map(_ x: Double, _ y: Double) -> Point {
            let p = orientation.displayedPoint(fromStored: Point(x: x, y: y), storedSize: size)
            return Point(x: p.x * target.width / Double(upright.width), y: p.y * target.height / Double(upright.height))
        }
        let origin = map(0, 0), unitX = map(1, 0), unitY = map(0, 1)
        var matrix = cairo_matrix_t()
        cairo_matrix_init(&matrix, unitX.x - origin.x, unitX.y - origin.y, unitY.x - origin.x, unitY.y - origin.y,
                          origin.x, origin.y)
        return matrix
    }
}
