import CCairo
import EditorState
import PhotoIO

/// Decoded pixels as Cairo shows them (BGRX rows, CAIRO_FORMAT_RGB24, or premultiplied ARGB32), in the file's
/// stored orientation. A bitmap wider or taller than one Cairo surface can be is shown through several surfaces
/// over the same memory (`SurfaceTiling`); `paint` draws them as one picture. Made on a loader thread and handed
/// to the event loop once, then only read there.
final class DisplayBitmap: @unchecked Sendable {
    let width: Int
    let height: Int
    /// The pixels as decoded (straight alpha where the photo has any), for what reads them besides the screen.
    let decoded: Bitmap
    /// The pixels Cairo reads: `decoded` itself when opaque.
    private let shown: Bitmap
    let tiling: SurfaceTiling
    /// One per tile, in `tiling`'s order.
    private let surfaces: [OpaquePointer]
    /// The colour conversion these pixels still need to be shown (nil when they are ready): the copies made from
    /// them are converted instead, a fraction of the pixels, and the pixels themselves are never drawn as they are.
    let pendingTransform: ColourTransform?
    /// A frame of a playing animation: drawn directly, as it changes too often for scaled copies to pay.
    let isAnimationFrame: Bool
    /// The grid's copy of a thumbnail at the size its cell shows it (`fittedCopy`); only the event loop reads it.
    var fitted: FittedThumbnail?

    init(_ bitmap: Bitmap, pendingTransform: ColourTransform? = nil,
         maxSide: Int = SurfaceTiling.cairoMaxSide, isAnimationFrame: Bool = false) throws {
        decoded = bitmap
        shown = try bitmap.cairoPixels()
        width = bitmap.width
        height = bitmap.height
        tiling = SurfaceTiling(size: bitmap.size, maxSide: maxSide)
        var surfaces: [OpaquePointer] = []
        do {
            for tile in tiling.tiles { surfaces.append(try shown.makeCairoSurface(over: tile.extent)) }
        } catch {
            surfaces.forEach { cairo_surface_destroy($0) }
            throw error
        }
        self.surfaces = surfaces
        self.pendingTransform = pendingTransform
        self.isAnimationFrame = isAnimationFrame
    }

    deinit {
        surfaces.forEach { cairo_surface_destroy($0) }
    }

    /// Whether the pixels carry transparency (Cairo ARGB32), so what is behind them shows.
    var hasAlpha: Bool { shown.alpha != .opaque }

    var pixelCount: Int { width * height }

    /// The first pixel and the distance between rows, for blits that read the pixels themselves.
    var rawPixels: (start: UnsafeRawPointer, stride: Int) { (UnsafeRawPointer(shown.pixels), shown.stride) }

    /// Paints the picture on `cr`, whose user space is this bitmap's pixels, with `filter` and the edges padded,
    /// as far as `cr`'s clip reaches. Each tile paints the device pixels whose centres fall in its core (an
    /// aliased clip), an opaque one also a pixel into the tiles painted before it: on a turned canvas a pixel
    /// centre on the border itself would otherwise be left to neither. The join shows no seam.
    /// `privately`: through surfaces of its own over the same pixels, for painting on another thread than the
    /// event loop's (Cairo objects are not shared between threads; the pixels are only read).
    func paint(on cr: OpaquePointer, filter: cairo_filter_t, privately: Bool = false) {
        if tiling.isSingle {
            paint(tile: 0, on: cr, filter: filter, privately: privately)
            return
        }
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        let reach = Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
        for index in tiling.indices(meeting: reach) {
            let tile = tiling.tiles[index]
            cairo_save(cr)
            cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
            // The picture's outer edges stay where the caller's clip puts them.
            let core = tile.core, overlap = hasAlpha ? 0.0 : 1.0
            let left = core.x == 0 ? x1 : Double(core.x) - overlap, top = core.y == 0 ? y1 : Double(core.y) - overlap
            let right = core.x + core.width == width ? x2 : Double(core.x + core.width)
            let bottom = core.y + core.height == height ? y2 : Double(core.y + core.height)
            cairo_rectangle(cr, left, top, right - left, bottom - top)
            cairo_clip(cr)
            paint(tile: index, on: cr, filter: filter, privately: privately)
            cairo_restore(cr)
        }
    }

    private func paint(tile index: Int, on cr: OpaquePointer, filter: cairo_filter_t, privately: Bool) {
        let extent = tiling.tiles[index].extent
        guard let surface = privately ? try? shown.makeCairoSurface(over: extent) : cairo_surface_reference(surfaces[index])
        else { return }
        defer { cairo_surface_destroy(surface) }
        cairo_set_source_surface(cr, surface, Double(extent.x), Double(extent.y))
        cairo_pattern_set_filter(cairo_get_source(cr), filter)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_paint(cr)
    }

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

/// The same decode: a bitmap is never changed once made, so identity is equality.
extension DisplayBitmap: Equatable {
    static func == (lhs: DisplayBitmap, rhs: DisplayBitmap) -> Bool { lhs === rhs }
}
