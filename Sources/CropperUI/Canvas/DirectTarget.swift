import CCairo

/// The back buffer as plain pixels, for the blits that write every pixel of the canvas themselves (a straighten
/// dial drag, a warped photo): a 32-bit image surface under a plain translation, with no clip inside the area
/// (a frame that repaints only part of the window clips to it, and these write past any clip). `area` is in the
/// context's coordinates.
struct DirectTarget {
    let data: UnsafeMutableRawPointer
    let stride: Int
    /// Where the context's origin lies in the surface's pixels.
    let offset: (x: Double, y: Double)

    init?(_ cr: OpaquePointer, covering area: LayoutRect) {
        let target = cairo_get_target(cr)!
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        guard cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
              [CAIRO_FORMAT_RGB24, CAIRO_FORMAT_ARGB32].contains(cairo_image_surface_get_format(target)),
              matrix.xx == 1, matrix.yy == 1, matrix.xy == 0, matrix.yx == 0 else { return nil }
        var clip = (x1: 0.0, y1: 0.0, x2: 0.0, y2: 0.0)
        cairo_clip_extents(cr, &clip.x1, &clip.y1, &clip.x2, &clip.y2)
        guard clip.x1 <= area.x, clip.y1 <= area.y, clip.x2 >= area.maxX, clip.y2 >= area.maxY else { return nil }
        cairo_surface_flush(target)
        guard let data = cairo_image_surface_get_data(target) else { return nil }
        self.data = UnsafeMutableRawPointer(data)
        stride = Int(cairo_image_surface_get_stride(target))
        offset = (matrix.x0, matrix.y0)
    }

    /// After writing: Cairo reads the surface afresh.
    static func finished(_ cr: OpaquePointer) {
        cairo_surface_mark_dirty(cairo_get_target(cr))
    }
}
