import CJPEGRecovery
import CTurboJPEG
import Glibc
import EditorState
import Localization

/// How pixels are encoded as JPEG: TurboJPEG's settings for this quality and subsampling.
struct JPEGEncoding {
    let quality: Int
    let subsampling: ChromaSubsampling
    let progressive: Bool
    /// The pixels are C, M, Y, K (as a CMYK JPEG decodes), written as YCCK with Adobe's marker.
    var cmyk = false
}

/// Encodes a bitmap as a bare JPEG (TurboJPEG's own headers, no metadata).
public enum JPEGEncoder {
    static func encode(_ bitmap: Bitmap, as encoding: JPEGEncoding) throws -> [UInt8] {
        guard JPEGQuality.range.contains(encoding.quality) else {
            throw PhotoIOError.invalidRequest(tr("quality %1$d is not between %2$d and %3$d", encoding.quality, JPEGQuality.range.lowerBound, JPEGQuality.range.upperBound))
        }
        let opaque = try bitmap.flattened()
        let handle = try TurboJPEGHandle(.compress)
        var output: UnsafeMutablePointer<UInt8>?
        var outputSize: UInt = 0
        let flags = encoding.progressive ? TJFLAG_PROGRESSIVE : 0
        let status = tjCompress2(handle.raw, opaque.pixelBytes, Int32(opaque.width), Int32(opaque.stride),
                                 Int32(opaque.height), Int32((encoding.cmyk ? TJPF_CMYK : TJPF_BGRX).rawValue), &output,
                                 &outputSize, encoding.subsampling.turboJPEGSampling, Int32(encoding.quality), Int32(flags))
        defer { if let output { tjFree(output) } }
        guard status == 0, let output else { throw PhotoIOError.encodeFailed(handle.errorMessage) }
        return Array(UnsafeBufferPointer(start: output, count: Int(outputSize)))
    }

    /// Pictures smaller than this are encoded on one thread: a second would save less than it costs to start.
    static let twoThreadsFrom = 1_000_000

    /// A large baseline picture encoded on two threads, the top half and the bottom, joined at a restart marker:
    /// the same coefficients as `encode`'s (it decodes to the same pixels), in about half the time; with the
    /// `reduced` copy asked for, summed by the two encoders from the rows they read (nil when the picture fits it
    /// already). Nil when the picture is small, progressive, CMYK, or too wide to split; `encode` is for those.
    static func encodeOnTwoThreads(_ bitmap: Bitmap, as encoding: JPEGEncoding,
                                   reduced: ReducedCopy? = nil) throws -> (jpeg: [UInt8], reduced: Bitmap?)? {
        guard !encoding.progressive, !encoding.cmyk, bitmap.width * bitmap.height >= twoThreadsFrom else { return nil }
        let opaque = try bitmap.flattened()
        let factors = encoding.subsampling.turboJPEGLumaFactors
        let settings = cropper_jpeg_encoding(quality: Int32(encoding.quality), luma_h: factors.horizontal,
                                             luma_v: factors.vertical, grey: encoding.subsampling == .grey ? 1 : 0,
                                             progressive: 0)
        var message = [CChar](repeating: 0, count: 200)
        var output: UnsafeMutablePointer<UInt8>?
        var outputSize = 0
        let reduction = bitmap.alpha == .opaque ? reduced.flatMap { ReducedWhileEncoding($0, of: bitmap.size) } : nil
        let status = withOptionalRowSums(reduction) { sums in
            cropper_jpeg_encode_in_two(opaque.pixels.assumingMemoryBound(to: UInt32.self), Int32(opaque.width),
                                       Int32(opaque.height), opaque.stride / 4, settings, sums, &output,
                                       &outputSize, &message)
        }
        defer { free(output) }
        switch Int(status) {
        case Int(CROPPER_REGION_OK):
            guard let output else { return nil }
            return (Array(UnsafeBufferPointer(start: output, count: outputSize)), try reduction?.copy())
        case Int(CROPPER_ENCODE_UNSPLIT):
            return nil
        default:
            throw PhotoIOError.encodeFailed(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
                                                   as: UTF8.self))
        }
    }
}
