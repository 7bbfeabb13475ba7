import CCairo
import EditorState

/// Draws the photo on the canvas. Below 100 % it keeps a copy already scaled to the current zoom and turned
/// to the display orientation (built once with Cairo's GOOD filter), so frames during a drag are a 1:1 blit
/// instead of a rescale of megapixels. At 100 % and above it samples the bitmap directly: that costs only
/// the visible pixels.
final class DisplayImageCache {
    private struct Key: Equatable {
        let source: ObjectIdentifier
        let orientation: Orientation
        let width: Int
        let height: Int
    }

    /// Above this many pixels a scaled copy is not worth its memory; draw directly instead.
    private static let maximumCachedPixels = 40_000_000

    private var key: Key?
    private var scaled: OpaquePointer?
    private(set) var rebuildCount = 0

    deinit { invalidate() }

    func invalidate() {
        if let scaled { cairo_surface_destroy(scaled) }
        scaled = nil
        key = nil
    }

    /// Draws `bitmap` so the upright image fills `frame` (canvas coordinates on `cr`).
    /// While `settling` (an animation runs) no new copy is built; the old one is stretched meanwhile.
    func draw(_ bitmap: DisplayBitmap, orientation: Orientation, frame: Rect, settling: Bool, on cr: OpaquePointer) {
        let width = Int(frame.width.rounded()), height = Int(frame.height.rounded())
        guard width > 0, height > 0 else { return }
        let upright = orientation.displayedSize(forStored: PixelSize(width: bitmap.width, height: bitmap.height))
        let downscales = Double(width) < Double(upright.width) - 0.5
        let wanted = Key(source: ObjectIdentifier(bitmap), orientation: orientation, width: width, height: height)

        if downscales && width * height <= Self.maximumCachedPixels {
            if key != wanted && !settling { rebuild(wanted, from: bitmap) }
            if let scaled, let key, key.source == wanted.source, key.orientation == orientation {
                blit(scaled, size: (key.width, key.height), frame: frame, on: cr)
                return
            }
        }
        drawDirect(bitmap, orientation: orientation, frame: frame, filter: downscales ? CAIRO_FILTER_GOOD : upscaleFilter(frame, upright), on: cr)
    }

    private func upscaleFilter(_ frame: Rect, _ upright: PixelSize) -> cairo_filter_t {
        // From 2× on, show the pixels as the crisp squares they are.
        frame.width >= 2 * Double(upright.width) ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR
    }

    private func rebuild(_ wanted: Key, from bitmap: DisplayBitmap) {
        invalidate()
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(wanted.width), Int32(wanted.height))
        guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return }
        let cr = cairo_create(surface)!
        var matrix = bitmap.matrix(to: (Double(wanted.width), Double(wanted.height)), orientation: wanted.orientation)
        cairo_transform(cr, &matrix)
        cairo_set_source_surface(cr, bitmap.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        scaled = surface
        key = wanted
        rebuildCount += 1
    }

    private func blit(_ surface: OpaquePointer, size: (Int, Int), frame: Rect, on cr: OpaquePointer) {
        cairo_save(cr)
        let x = frame.x.rounded(), y = frame.y.rounded()
        cairo_rectangle(cr, x, y, frame.width.rounded(), frame.height.rounded())
        cairo_clip(cr)
        cairo_translate(cr, x, y)
        if size.0 != Int(frame.width.rounded()) || size.1 != Int(frame.height.rounded()) {
            cairo_scale(cr, frame.width / Double(size.0), frame.height / Double(size.1))
        }
        cairo_set_source_surface(cr, surface, 0, 0)
        let exact = size.0 == Int(frame.width.rounded()) && size.1 == Int(frame.height.rounded())
        cairo_pattern_set_filter(cairo_get_source(cr), exact ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    private func drawDirect(_ bitmap: DisplayBitmap, orientation: Orientation, frame: Rect, filter: cairo_filter_t,
                            on cr: OpaquePointer) {
        cairo_save(cr)
        let x = frame.x.rounded(), y = frame.y.rounded()
        cairo_rectangle(cr, x, y, frame.width.rounded(), frame.height.rounded())
        cairo_clip(cr)
        cairo_translate(cr, x, y)
        var matrix = bitmap.matrix(to: (frame.width.rounded(), frame.height.rounded()), orientation: orientation)
        cairo_transform(cr, &matrix)
        cairo_set_source_surface(cr, bitmap.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), filter)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}
