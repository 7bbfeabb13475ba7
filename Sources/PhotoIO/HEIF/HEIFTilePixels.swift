import EditorState

/// A decoded tile whose rows HEIFTileDecoder writes into the picture shown, as opaque BGRX.
protocol DecodedTileRows {
    var size: PixelSize { get }
    /// Row `y`'s pixels from column `x` on, `count` of them, written `every` pixels apart from `target`.
    func copyRow(_ y: Int, from x: Int, count: Int, into target: UnsafeMutablePointer<UInt32>, every: Int)
}

/// A decoded tile's red, green and blue samples, 8 bits each: three planes side by side, or one interleaved plane.
///
/// libheif 1.15 turns every picture without alpha from YCbCr into planar RGB first, and only then, in a second
/// pass over every pixel, into interleaved RGB when that is asked for. Asking for the planes saves that pass (it
/// only copies bytes, so the samples are the same); pictures deeper than 8 bits still come interleaved, where
/// libheif brings them down to 8 bits.
struct HEIFTilePixels: DecodedTileRows {
    let red: UnsafePointer<UInt8>
    let green: UnsafePointer<UInt8>
    let blue: UnsafePointer<UInt8>
    /// Bytes from one row to the next (the same in each plane) and from one pixel to the next.
    let rowBytes: Int
    let step: Int
    let size: PixelSize

    func copyRow(_ y: Int, from x: Int, count: Int, into target: UnsafeMutablePointer<UInt32>, every: Int) {
        let offset = y * rowBytes + x * step
        let r = red + offset, g = green + offset, b = blue + offset
        var at = target, index = 0
        for _ in 0..<count {
            at.pointee = 0xFF00_0000 | UInt32(r[index]) << 16 | UInt32(g[index]) << 8 | UInt32(b[index])
            at += every
            index += step
        }
    }
}
