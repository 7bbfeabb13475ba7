import CCairo
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
        let shown = alpha == .opaque ? self : try premultiplied()
        let format = alpha == .opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
        guard let surface = cairo_image_surface_create_for_data(
            shown.pixelBytes, format, Int32(width), Int32(height), Int32(stride)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else { throw PhotoIOError.unsupported("a Cairo surface of \(width)x\(height)") }
        let retained = Unmanaged.passRetained(shown).toOpaque()
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
