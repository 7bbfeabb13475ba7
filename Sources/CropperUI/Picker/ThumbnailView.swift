import CCairo

/// How thumbnails look wherever they are shown: the picture in rounded corners, or a placeholder of the same
/// shape — shimmering while it loads, still with a muted image glyph when there is no thumbnail to be had.
enum ThumbnailView {
    static let placeholderFill = Color(hex: 0x35373d)
    static let shimmerPeriod = 1.4

    /// Draws `bitmap` to fill `frame` (cut to fit when the aspect ratios differ). The grid, which draws dozens a
    /// frame while it scrolls, asks for the bilinear filter.
    static func draw(_ bitmap: DisplayBitmap, in frame: LayoutRect, radius: Double, filter: cairo_filter_t = CAIRO_FILTER_GOOD,
                     on cr: OpaquePointer) {
        guard bitmap.width > 0, bitmap.height > 0, frame.width > 0, frame.height > 0 else { return }
        let scale = max(frame.width / Double(bitmap.width), frame.height / Double(bitmap.height))
        cairo_save(cr)
        // Square corners clip by a rectangle, which Cairo does without a mask.
        if radius > 0 {
            Shapes.roundedRect(frame, radius: radius, on: cr)
        } else {
            cairo_rectangle(cr, frame.x, frame.y, frame.width, frame.height)
        }
        cairo_clip(cr)
        cairo_translate(cr, frame.midX - Double(bitmap.width) * scale / 2, frame.midY - Double(bitmap.height) * scale / 2)
        cairo_scale(cr, scale, scale)
        bitmap.paint(on: cr, filter: filter)
        cairo_restore(cr)
    }

    /// A loading placeholder: the rounded shape with a soft light band sweeping across it.
    static func drawLoading(in frame: LayoutRect, radius: Double, now: Double, on cr: OpaquePointer) {
        Shapes.roundedRect(frame, radius: radius, on: cr)
        placeholderFill.set(on: cr)
        cairo_fill_preserve(cr)
        let phase = now.truncatingRemainder(dividingBy: shimmerPeriod) / shimmerPeriod
        let width = max(60, frame.width * 0.6).rounded()
        let start = frame.x - width + phase * (frame.width + 2 * width)
        if let band = ShimmerBand.band(width: width, height: frame.height) {
            cairo_set_source_surface(cr, band.surface, start - band.startX, frame.y)
            // Its edge rows carried on, not faded, where the placeholder sits between pixels.
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_fill(cr)
        } else {
            cairo_new_path(cr)
        }
        drawGlyph(in: frame, color: Color(hex: 0xffffff, alpha: 0.16), on: cr)
    }

    /// A damaged photo: a small warning triangle in the top right corner of its picture.
    static func drawDamageMark(in frame: LayoutRect, on cr: OpaquePointer) {
        let size = min(22, frame.width / 3, frame.height / 3)
        let x = frame.maxX - size - 6, y = frame.y + 6
        Color(hex: 0x000000, alpha: 0.45).set(on: cr)
        cairo_arc(cr, x + size / 2, y + size / 2, size * 0.72, 0, 2 * .pi)
        cairo_fill(cr)
        Color(hex: 0xf2b33d).set(on: cr)
        cairo_move_to(cr, x + size / 2, y + 1)
        cairo_line_to(cr, x + size - 1, y + size - 2)
        cairo_line_to(cr, x + 1, y + size - 2)
        cairo_close_path(cr)
        cairo_fill(cr)
        Color(hex: 0x1b1b1d).set(on: cr)
        cairo_rectangle(cr, x + size / 2 - 1, y + size * 0.35, 2, size * 0.3)
        cairo_rectangle(cr, x + size / 2 - 1, y + size * 0.72, 2, 2)
        cairo_fill(cr)
    }

    /// The photo has no thumbnail (it cannot be decoded): the shape and a muted glyph, no movement.
    static func drawUnavailable(in frame: LayoutRect, radius: Double, on cr: OpaquePointer) {
        placeholderFill.withAlpha(0.7).set(on: cr)
        Shapes.roundedRect(frame, radius: radius, on: cr)
        cairo_fill(cr)
        drawGlyph(in: frame, color: Theme.disabledText, on: cr)
    }

    static func drawGlyph(in frame: LayoutRect, color: Color, on cr: OpaquePointer) {
        let size = min(36, frame.width * 0.4, frame.height * 0.4)
        guard size >= 12 else { return }
        color.set(on: cr)
        Icons.draw(.image, at: (frame.midX - size / 2).rounded(), (frame.midY - size / 2).rounded(), size: size, on: cr)
    }
}
