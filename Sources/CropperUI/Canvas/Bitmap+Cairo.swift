import CCairo
import EditorState
import PhotoIO

nonisolated(unsafe) private let bitmapKey: UnsafeMutablePointer<cairo_user_data_key_t> = {
    let key = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)
    key.initialize(to: cairo_user_data_key_t())
    return key
}()

extension Bitmap {
    /// A Cairo image surface over this bitmap's pixels. Opaque bitmaps are shared,
    /// not copied (the surface keeps the bitmap alive); straight-alpha bitmaps are
    /// premultiplied into a new buffer first, as Cairo requires. The caller owns
    /// the returned surface (cairo_surface_destroy).
    func makeCairoSurface() throws -> OpaquePointer {
        try cairoPixels().makeCairoSurface(over: PixelRect(size: size))
    }

    /// The pixels as Cairo reads them: this bitmap when opaque, else its colours multiplied by alpha in a new one.
    func cairoPixels() throws -> Bitmap {
        alpha == .opaque ? self : try premultiplied()
    }

    /// A Cairo image surface over `region` of these pixels (already Cairo's: see `cairoPixels`), sharing them and
    /// keeping the bitmap alive. A region is at most 32767 pixels a side (see `SurfaceTiling`).
    func makeCairoSurface(over region: PixelRect) throws -> OpaquePointer {
        let format = alpha == .opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
        let start = pixelBytes + region.y * stride + region.x * 4
        guard let surface = cairo_image_surface_create_for_data(
            start, format, Int32(region.width), Int32(region.height), Int32(stride)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else { throw PhotoIOError.unsupported("a Cairo surface of \(region.width)x\(region.height)") }
        let retained = Unmanaged.passRetained(self).toOpaque()
        cairo_surface_set_user_data(surface, bitmapKey, retained) { pointer in
            if let pointer { Unmanaged<Bitmap>.fromOpaque(pointer).release() }
        }
        return surface
    }

    /// Same pixels with colour multiplied by alpha (Cairo ARGB32).
    private func premultiplied() throws -> Bitmap {
        let out = try Bitmap(width: width, height: height, alpha: .straight)
        for y in 0..<height {
            let src = row(y), dst = out.row(y)
            for x in 0..<width {
                let p = src[x]
                let a = p >> 24
                var result = a << 24
                for shift: UInt32 in [0, 8, 16] {
                    result |= ((((p >> shift) & 0xFF) * a + 127) / 255) << shift
                }
                dst[x] = result
            }
        }
        return out
    }
}
