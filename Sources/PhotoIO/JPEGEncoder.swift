import CTurboJPEG
import EditorState
import Localization

/// Encodes a bitmap as a bare JPEG (TurboJPEG's own headers, no metadata).
public enum JPEGEncoder {
    /// `cmyk`: the bitmap holds C, M, Y, K (as a CMYK JPEG decodes), written as YCCK with Adobe's marker.
    static func encode(_ bitmap: Bitmap, quality: Int, subsampling: ChromaSubsampling,
                       progressive: Bool, cmyk: Bool = false) throws -> [UInt8] {
        guard JPEGQuality.range.contains(quality) else {
            throw PhotoIOError.invalidRequest(tr("quality %1$d is not between %2$d and %3$d", quality, JPEGQuality.range.lowerBound, JPEGQuality.range.upperBound))
        }
        let opaque = try bitmap.flattened()
        let handle = try TurboJPEGHandle(.compress)
        var output: UnsafeMutablePointer<UInt8>?
        var outputSize: UInt = 0
        let flags = progressive ? TJFLAG_PROGRESSIVE : 0
        let status = tjCompress2(handle.raw, opaque.pixelBytes, Int32(opaque.width), Int32(opaque.stride),
                                 Int32(opaque.height), Int32((cmyk ? TJPF_CMYK : TJPF_BGRX).rawValue), &output, &outputSize,
                                 subsampling.turboJPEGSampling, Int32(quality), Int32(flags))
        defer { if let output { tjFree(output) } }
        guard status == 0, let output else { throw PhotoIOError.encodeFailed(handle.errorMessage) }
        return Array(UnsafeBufferPointer(start: output, count: Int(outputSize)))
    }
}
