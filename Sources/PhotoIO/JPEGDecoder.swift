import CTurboJPEG
import EditorState

/// A DCT scaling factor TurboJPEG decodes at: 1, 1/2, 1/4 or 1/8.
public struct DecodeScale: Equatable, Sendable, CustomStringConvertible {
    let denominator: Int

    public static let full = DecodeScale(checked: 1)
    public static let all = [1, 2, 4, 8].map(DecodeScale.init(checked:))

    /// 1, 2, 4 or 8; nil for other denominators.
    public init?(denominator: Int) {
        guard [1, 2, 4, 8].contains(denominator) else { return nil }
        self.denominator = denominator
    }

    private init(checked denominator: Int) {
        self.denominator = denominator
    }

    public func scaled(_ size: PixelSize) -> PixelSize {
        PixelSize(width: (size.width + denominator - 1) / denominator,
                  height: (size.height + denominator - 1) / denominator)
    }

    /// The smallest scale whose output still covers `target`
    /// (never upscales: a target bigger than the image gives full size).
    public static func covering(_ target: PixelSize, from size: PixelSize) -> DecodeScale {
        all.last { scale in
            let scaled = scale.scaled(size)
            return scaled.width >= target.width && scaled.height >= target.height
        } ?? .full
    }

    public var description: String { denominator == 1 ? "1" : "1/\(denominator)" }
}

/// A decode's pixels and any damage the decoder reported along the way
/// (a truncated file decoded for preview, extraneous bytes, …).
public struct DecodedBitmap: Sendable {
    public let bitmap: Bitmap
    public let warning: String?
}

/// Decodes JPEG data straight into a Cairo-layout bitmap (TJPF_BGRX).
enum JPEGDecoder {
    static func decode(_ bytes: [UInt8], structure: JPEGStructure, scale: DecodeScale = .full,
                       allowTruncated: Bool) throws -> DecodedBitmap {
        let frame = structure.frame
        if frame.isLosslessCoding { throw PhotoIOError.unsupported("lossless-coded JPEG") }
        if frame.components.count == 4 { throw PhotoIOError.unsupported("CMYK JPEG") }
        if frame.precision != 8 { throw PhotoIOError.unsupported("\(frame.precision)-bit JPEG") }
        try PixelLimits.check(frame.size)
        if structure.isTruncated && !allowTruncated { throw PhotoIOError.truncated }

        let outSize = scale.scaled(frame.size)
        let bitmap = try Bitmap(width: outSize.width, height: outSize.height)
        let handle = try TurboJPEGHandle(.decompress)
        let status = bytes.withUnsafeBufferPointer { input in
            tjDecompress2(handle.raw, input.baseAddress, UInt(input.count), bitmap.pixelBytes,
                          Int32(outSize.width), Int32(bitmap.stride), Int32(outSize.height),
                          Int32(TJPF_BGRX.rawValue), 0)
        }
        guard status != 0 else { return DecodedBitmap(bitmap: bitmap, warning: nil) }
        let message = handle.errorMessage
        guard handle.lastFailureIsWarning else { throw PhotoIOError.corrupt(message) }
        let truncated = structure.isTruncated || message.contains("Premature end")
        if truncated && !allowTruncated { throw PhotoIOError.truncated }
        return DecodedBitmap(bitmap: bitmap, warning: truncated ? PhotoIOError.truncated.reason : message)
    }
}
