import CJPEGRecovery
import EditorState
import Glibc

extension JPEGDecoder {
    /// Only `rect` of the stored picture, at full resolution and turned by `transform` as it is written,
    /// bit-identical to the same pixels of a turned full decode: the libjpeg API inverse-transforms just
    /// the rect's iMCU columns (plus a margin for chroma upsampling) and stops reading below it, so a crop
    /// costs the time and memory of its own pixels. Nil when the data is damaged: the full decode is the
    /// one that places damage.
    static func decodeRegion(_ bytes: [UInt8], structure: JPEGStructure, rect: PixelRect,
                             turnedBy transform: Orientation) throws -> Bitmap? {
        try checkRegion(rect, of: structure.frame)
        let turnedSize = transform.displayedSize(forStored: rect.size)
        let bitmap = try Bitmap(width: turnedSize.width, height: turnedSize.height)
        let place = Bitmap.Placement(of: rect.size, turnedBy: transform, pitch: bitmap.stride / 4)
        var message = [CChar](repeating: 0, count: 200)
        let status = bytes.withUnsafeBufferPointer { input in
            cropper_jpeg_decode_region(input.baseAddress, input.count, structure.frame.isCMYK ? 1 : 0, Int32(rect.x),
                                       Int32(rect.y), Int32(rect.width), Int32(rect.height),
                                       bitmap.pixels.assumingMemoryBound(to: UInt32.self),
                                       place.origin, place.stepX, place.stepY, Int32(maxScans), &message)
        }
        return try regionOutcome(status, message) ? bitmap : nil
    }

    /// The same region, unturned, encoded as `encoding` while it is decoded: a second thread compresses the
    /// rows already placed, so the crop's encode mostly hides behind its decode. The bitmap, and its JPEG byte
    /// for byte as `JPEGEncoder.encode` makes it, and the `reduced` copy asked for, summed by the encoder from the
    /// rows it reads (nil when the region fits it already); nil when the data is damaged.
    static func decodeRegion(_ bytes: [UInt8], structure: JPEGStructure, rect: PixelRect,
                             encodedAs encoding: JPEGEncoding,
                             reduced: ReducedCopy? = nil) throws -> (pixels: Bitmap, jpeg: [UInt8], reduced: Bitmap?)? {
        try checkRegion(rect, of: structure.frame)
        guard !structure.frame.isCMYK, !encoding.cmyk else {
            throw PhotoIOError.invalidRequest("a CMYK region is encoded after it is decoded")
        }
        let bitmap = try Bitmap(width: rect.width, height: rect.height)
        let encoded = try encodingRows(bytes, rect: rect, as: encoding, reduced: reduced) { input, settings, sums, output, size, message in
            cropper_jpeg_decode_region_encoding(input.baseAddress, input.count, Int32(rect.x), Int32(rect.y),
                                                Int32(rect.width), Int32(rect.height),
                                                bitmap.pixels.assumingMemoryBound(to: UInt32.self), bitmap.stride / 4,
                                                Int32(maxScans), settings, sums, output, size, message)
        }
        return encoded.map { (bitmap, $0.jpeg, $0.reduced) }
    }

    /// The same JPEG of the unturned region for a caller that wants no pixels: the decode hands its rows to the
    /// encoder through a ring of 128 rows rather than a bitmap of the region, so a crop's memory is the file and the
    /// JPEG it makes (a batch of crops on two workers peaked at 115 MB, of which 62 MB were the two regions). Nil
    /// when the data is damaged.
    static func encodeRegion(_ bytes: [UInt8], structure: JPEGStructure, rect: PixelRect, as encoding: JPEGEncoding,
                             reduced: ReducedCopy? = nil) throws -> (jpeg: [UInt8], reduced: Bitmap?)? {
        try checkRegion(rect, of: structure.frame)
        guard !structure.frame.isCMYK, !encoding.cmyk else {
            throw PhotoIOError.invalidRequest("a CMYK region is encoded after it is decoded")
        }
        return try encodingRows(bytes, rect: rect, as: encoding, reduced: reduced) { input, settings, sums, output, size, message in
            cropper_jpeg_encode_region(input.baseAddress, input.count, Int32(rect.x), Int32(rect.y), Int32(rect.width),
                                       Int32(rect.height), Int32(maxScans), settings, sums, output, size, message)
        }
    }

    /// Runs one of the C decodes that hand their rows to the encoder (`decode`), with the encoding's settings, the
    /// reduced copy's row sums and the output and message buffers; the JPEG it made and the reduced copy, nil when
    /// the data is damaged.
    private static func encodingRows(
        _ bytes: [UInt8], rect: PixelRect, as encoding: JPEGEncoding, reduced: ReducedCopy?,
        _ decode: (UnsafeBufferPointer<UInt8>, cropper_jpeg_encoding, UnsafePointer<cropper_row_sums>?,
                   UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int>, UnsafeMutablePointer<CChar>) -> Int32
    ) throws -> (jpeg: [UInt8], reduced: Bitmap?)? {
        let settings = cropper_jpeg_encoding(encoding)
        var message = [CChar](repeating: 0, count: 200)
        var output: UnsafeMutablePointer<UInt8>?
        var outputSize = 0
        let reduction = reduced.flatMap { ReducedWhileEncoding($0, of: rect.size) }
        let status = bytes.withUnsafeBufferPointer { input in
            withOptionalRowSums(reduction) { sums in decode(input, settings, sums, &output, &outputSize, &message) }
        }
        defer { free(output) }
        if Int(status) == Int(CROPPER_REGION_ENCODE_FAILED) { throw PhotoIOError.encodeFailed(text(of: message)) }
        guard try regionOutcome(status, message), let output else { return nil }
        return (Array(UnsafeBufferPointer(start: output, count: outputSize)), try reduction?.copy())
    }

    private static func checkRegion(_ rect: PixelRect, of frame: JPEGFrame) throws {
        if frame.isLosslessCoding { throw PhotoIOError.unsupported("lossless-coded JPEG") }
        if frame.precision != 8 { throw PhotoIOError.unsupported("\(frame.precision)-bit JPEG") }
        try PixelLimits.check(frame.size)
        guard rect.isInside(frame.size), !rect.isEmpty else {
            throw PhotoIOError.rectOutsideImage(rect: rect, image: frame.size)
        }
    }

    /// True when the region was decoded, false when it is damaged; throws what stopped it otherwise.
    private static func regionOutcome(_ status: Int32, _ message: [CChar]) throws -> Bool {
        switch Int(status) {
        case Int(CROPPER_REGION_OK): return true
        case Int(CROPPER_REGION_DAMAGED): return false
        default:
            let text = text(of: message)
            throw PhotoIOError.corrupt(text.isEmpty ? "libjpeg could not read it" : text)
        }
    }

    private static func text(of message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension cropper_jpeg_encoding {
    init(_ encoding: JPEGEncoding) {
        let factors = encoding.subsampling.turboJPEGLumaFactors
        self.init(quality: Int32(encoding.quality), luma_h: factors.horizontal, luma_v: factors.vertical,
                  grey: encoding.subsampling == .grey ? 1 : 0, progressive: encoding.progressive ? 1 : 0)
    }
}

/// A crop's pixels, turned, with the problem the decoder worked around and the damage it cost.
struct CropPixels {
    let pixels: Bitmap
    let warning: String?
    let damage: Damage?
    /// The pixels already encoded as the JPEG asked for, when the decode could encode them as it went.
    var encoded: [UInt8]? = nil
    /// The reduced copy asked for, made by that encode.
    var reduced: Bitmap? = nil
}

/// `body` with the reduction's sums for the encoder, or with none.
func withOptionalRowSums<T>(_ reduction: ReducedWhileEncoding?, _ body: (UnsafePointer<cropper_row_sums>?) throws -> T) rethrows -> T {
    guard let reduction else { return try body(nil) }
    return try reduction.withRowSums { try body($0) }
}
