import CCairo

/// The back buffer as plain pixels, for the blits that write every pixel of the canvas themselves (a straighten
/// dial drag, a warped photo): a 32-bit image surface under a plain translation. These write past Cairo's clip, so
/// they write only `pieces`: the parts of the area inside the clip (a frame that repaints part of the window clips
/// to it). `area` is in the context's coordinates.
struct DirectTarget {
    let data: UnsafeMutableRawPointer
    let stride: Int
    /// Where the context's origin lies in the surface's pixels.
    let offset: (x: Double, y: Double)
    /// The parts of the area inside the clip, in the context's coordinates, whole pixels.
    let pieces: [LayoutRect]

    init?(_ cr: OpaquePointer, covering area: LayoutRect) {
        let target = cairo_get_target(cr)!
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        guard cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
              [CAIRO_FORMAT_RGB24, CAIRO_FORMAT_ARGB32].contains(cairo_image_surface_get_format(target)),
              matrix.xx == 1, matrix.yy == 1, matrix.xy == 0, matrix.yx == 0,
              let pieces = Self.clipped(area, cr) else { return nil }
        cairo_surface_flush(target)
        guard let data = cairo_image_surface_get_data(target) else { return nil }
        self.data = UnsafeMutableRawPointer(data)
        stride = Int(cairo_image_surface_get_stride(target))
        offset = (matrix.x0, matrix.y0)
        self.pieces = pieces
    }

    /// `area` cut to the clip's rectangles; nil when the clip is neither rectangles nor around the whole area.
    private static func clipped(_ area: LayoutRect, _ cr: OpaquePointer) -> [LayoutRect]? {
        guard let list = cairo_copy_clip_rectangle_list(cr) else { return nil }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS else {
            // No clip at all is not a list either.
            var clip = (x1: 0.0, y1: 0.0, x2: 0.0, y2: 0.0)
            cairo_clip_extents(cr, &clip.x1, &clip.y1, &clip.x2, &clip.y2)
            let covered = clip.x1 <= area.x && clip.y1 <= area.y && clip.x2 >= area.maxX && clip.y2 >= area.maxY
            return covered ? [area] : nil
        }
        let count = Int(list.pointee.num_rectangles)
        return (0..<count).compactMap { index in
            let clip = list.pointee.rectangles[index]
            let x0 = max(area.x, clip.x.rounded(.down)), y0 = max(area.y, clip.y.rounded(.down))
            let x1 = min(area.maxX, (clip.x + clip.width).rounded(.up))
            let y1 = min(area.maxY, (clip.y + clip.height).rounded(.up))
            return x1 > x0 && y1 > y0 ? LayoutRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
        }
    }

    /// After writing: Cairo reads the surface afresh.
    static func finished(_ cr: OpaquePointer) {
        cairo_surface_mark_dirty(cairo_get_target(cr))
    }
}
