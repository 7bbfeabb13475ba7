/// Conversions between the byte orders the C libraries speak and Bitmap's BGRA (see Bitmap).
enum PixelPacking {
    /// Rows of RGB (3 bytes) or RGBA (4 bytes) into the bitmap.
    static func fill(_ bitmap: Bitmap, fromRGB source: UnsafePointer<UInt8>, stride: Int, hasAlpha: Bool) {
        let channels = hasAlpha ? 4 : 3
        for y in 0..<bitmap.height {
            let src = source + y * stride
            let dst = UnsafeMutableRawPointer(bitmap.row(y)).assumingMemoryBound(to: UInt8.self)
            for x in 0..<bitmap.width {
                let s = x * channels, d = x * 4
                dst[d] = src[s + 2]
                dst[d + 1] = src[s + 1]
                dst[d + 2] = src[s]
                dst[d + 3] = hasAlpha ? src[s + 3] : 0xFF
            }
        }
    }

    /// The bitmap as rows of RGB (opaque) or RGBA (straight alpha), `stride` bytes apart.
    static func copy(_ bitmap: Bitmap, toRGB target: UnsafeMutablePointer<UInt8>, stride: Int, withAlpha: Bool) {
        for y in 0..<bitmap.height {
            copy(row: y, of: bitmap, toRGB: target + y * stride, withAlpha: withAlpha)
        }
    }

    static func copy(row y: Int, of bitmap: Bitmap, toRGB dst: UnsafeMutablePointer<UInt8>, withAlpha: Bool) {
        let channels = withAlpha ? 4 : 3
        let src = UnsafeRawPointer(bitmap.row(y)).assumingMemoryBound(to: UInt8.self)
        let opaque = bitmap.alpha == .opaque
        for x in 0..<bitmap.width {
            let s = x * 4, d = x * channels
            dst[d] = src[s + 2]
            dst[d + 1] = src[s + 1]
            dst[d + 2] = src[s]
            if withAlpha { dst[d + 3] = opaque ? 0xFF : src[s + 3] }
        }
    }

    /// The bitmap as one packed array of RGB or RGBA rows.
    static func rgbBytes(_ bitmap: Bitmap, withAlpha: Bool) -> [UInt8] {
        let stride = bitmap.width * (withAlpha ? 4 : 3)
        return [UInt8](unsafeUninitializedCapacity: stride * bitmap.height) { buffer, count in
            copy(bitmap, toRGB: buffer.baseAddress!, stride: stride, withAlpha: withAlpha)
            count = stride * bitmap.height
        }
    }
}
