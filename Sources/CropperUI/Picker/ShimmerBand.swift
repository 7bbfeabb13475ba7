import CCairo

/// The loading placeholder's light band, drawn once for a band width and placeholder height and then moved across
/// each placeholder. Cairo works a linear gradient out pixel by pixel: thirty placeholders in a grid frame cost
/// 3–5 ms that way, half that as a copy. The band's gradient runs from its start along (1, 0.35) over `width`,
/// transparent at both ends, so outside the copy nothing is drawn. Used on the event loop's thread only.
final class ShimmerBand {
    let surface: OpaquePointer
    /// Where the gradient starts in the copy: it leans back by 0.35 of the height at the bottom.
    let startX: Double

    static let slope = 0.35
    static let peakAlpha = 0.075

    private init?(width: Int, height: Int) {
        startX = (Self.slope * Double(height)).rounded(.up)
        let band = Double(width)
        // t = ((x - startX) + slope·y) / (band · (1 + slope²)) reaches 1 at this x on the top row.
        let copyWidth = Int((startX + band * (1 + Self.slope * Self.slope)).rounded(.up)) + 1
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(copyWidth), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        self.surface = surface
        let cr = cairo_create(surface)!
        Self.setGradient(from: startX, 0, width: band, on: cr)
        cairo_paint(cr)
        cairo_destroy(cr)
    }

    deinit { cairo_surface_destroy(surface) }

    /// The band as a gradient starting at (`x`, `y`): what the copy is made of.
    static func setGradient(from x: Double, _ y: Double, width band: Double, on cr: OpaquePointer) {
        guard let gradient = cairo_pattern_create_linear(x, y, x + band, y + band * slope) else { return }
        cairo_pattern_add_color_stop_rgba(gradient, 0, 1, 1, 1, 0)
        cairo_pattern_add_color_stop_rgba(gradient, 0.5, 1, 1, 1, peakAlpha)
        cairo_pattern_add_color_stop_rgba(gradient, 1, 1, 1, 1, 0)
        cairo_set_source(cr, gradient)
        cairo_pattern_destroy(gradient)
    }

    private struct Key: Hashable {
        let width: Int
        let height: Int
    }

    /// A few sizes at a time: the grid's placeholders share one, the strip's a handful.
    nonisolated(unsafe) private static var made: [Key: ShimmerBand] = [:]
    private static let kept = 24

    /// The band `width` wide for a placeholder `height` high (whole pixels, rounded up).
    static func band(width: Double, height: Double) -> ShimmerBand? {
        let key = Key(width: Int(width.rounded()), height: Int(height.rounded(.up)))
        if let band = made[key] { return band }
        if made.count >= kept { made.removeAll() }
        let band = ShimmerBand(width: key.width, height: key.height)
        made[key] = band
        return band
    }
}
