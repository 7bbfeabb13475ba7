import CTurboJPEG
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
}
