import CJPEGRecovery
import EditorState

extension JPEGDecoder {
    /// Only `rect` of the stored picture, at full resolution and turned by `transform` as it is written,
    /// bit-identical to the same pixels of a turned full decode: the libjpeg API inverse-transforms just
    /// the rect's iMCU columns (plus a margin for chroma upsampling) and stops reading below it, so a crop
    /// costs the time and memory of its own pixels. Nil when the data is damaged: the full decode is the
    /// one that places damage.
    static func decodeRegion(_ bytes: [UInt8], structure: JPEGStructure, rect: PixelRect,
                             turnedBy transform: Orientation) throws -> Bitmap? {
        let frame = structure.frame
        if frame.isLosslessCoding { throw PhotoIOError.unsupported("lossless-coded JPEG") }
        if frame.components.count == 4 { throw PhotoIOError.unsupported("CMYK JPEG") }
        if frame.precision != 8 { throw PhotoIOError.unsupported("\(frame.precision)-bit JPEG") }
        try PixelLimits.check(frame.size)
        guard rect.isInside(frame.size), !rect.isEmpty else {
            throw PhotoIOError.rectOutsideImage(rect: rect, image: frame.size)
        }
        let turnedSize = transform.displayedSize(forStored: rect.size)
        let bitmap = try Bitmap(width: turnedSize.width, height: turnedSize.height)
        let place = Bitmap.Placement(of: rect.size, turnedBy: transform, pitch: bitmap.stride / 4)
        var message = [CChar](repeating: 0, count: 200)
        let status = bytes.withUnsafeBufferPointer { input in
            cropper_jpeg_decode_region(input.baseAddress, input.count, Int32(rect.x), Int32(rect.y),
                                       Int32(rect.width), Int32(rect.height),
                                       bitmap.pixels.assumingMemoryBound(to: UInt32.self),
                                       place.origin, place.stepX, place.stepY, Int32(maxScans), &message)
        }
        switch Int(status) {
        case Int(CROPPER_REGION_OK): return bitmap
        case Int(CROPPER_REGION_DAMAGED): return nil
        default:
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw PhotoIOError.corrupt(text.isEmpty ? "libjpeg could not read it" : text)
        }
    }
}

/// A crop's pixels, turned, with the problem the decoder worked around and the damage it cost.
struct CropPixels {
    let pixels: Bitmap
    let warning: String?
    let damage: Damage?
}
