import CTurboJPEG
import EditorState

/// A TurboJPEG instance for one operation. Each decode, encode and transform
/// makes its own: handles are not thread-safe, and a reused transform handle
/// mishandles TJXOPT_COPYNONE.
final class TurboJPEGHandle {
    enum Kind { case decompress, compress, transform }

    let raw: tjhandle

    init(_ kind: Kind) throws {
        let made: tjhandle?
        switch kind {
        case .decompress: made = tjInitDecompress()
        case .compress: made = tjInitCompress()
        case .transform: made = tjInitTransform()
        }
        guard let made else { throw PhotoIOError.unsupported("TurboJPEG could not be initialised") }
        raw = made
    }

    deinit { tjDestroy(raw) }

    var errorMessage: String {
        guard let text = tjGetErrorStr2(raw) else { return "unknown TurboJPEG error" }
        var message = String(cString: text)
        while message.last == "\n" || message.last == "." { message.removeLast() }
        return message
    }

    /// TurboJPEG reports damaged-but-decodable data (a premature end, extraneous
    /// bytes) as a warning with the call returning -1.
    var lastFailureIsWarning: Bool { tjGetErrorCode(raw) == Int32(TJERR_WARNING.rawValue) }
}

extension ChromaSubsampling {
    /// The TurboJPEG constant for encoding; unusual samplings keep full chroma.
    var turboJPEGSampling: Int32 {
        switch self {
        case .s444, .other: return Int32(TJSAMP_444.rawValue)
        case .s422: return Int32(TJSAMP_422.rawValue)
        case .s420: return Int32(TJSAMP_420.rawValue)
        case .s440: return Int32(TJSAMP_440.rawValue)
        case .s411: return Int32(TJSAMP_411.rawValue)
        case .grey: return Int32(TJSAMP_GRAY.rawValue)
        }
    }

    /// The luma component's sampling factors TurboJPEG encodes `turboJPEGSampling` with (tjMCUWidth / 8,
    /// tjMCUHeight / 8); the chroma components' are 1.
    var turboJPEGLumaFactors: (horizontal: Int32, vertical: Int32) {
        switch self {
        case .s444, .other, .grey: return (1, 1)
        case .s422: return (2, 1)
        case .s420: return (2, 2)
        case .s440: return (1, 2)
        case .s411: return (4, 1)
        }
    }

    /// TurboJPEG 2.1's tjTransform checks crop offsets against the MCU size of
    /// the source subsampling (tjMCUWidth/tjMCUHeight), untransposed.
    var turboJPEGMCUSize: PixelSize? {
        switch self {
        case .s444: return PixelSize(width: 8, height: 8)
        case .s422: return PixelSize(width: 16, height: 8)
        case .s420: return PixelSize(width: 16, height: 16)
        case .grey: return PixelSize(width: 8, height: 8)
        case .s440: return PixelSize(width: 8, height: 16)
        case .s411: return PixelSize(width: 32, height: 8)
        case .other: return nil
        }
    }
}

extension Orientation {
    /// The single TurboJPEG lossless operation that turns pixels this way.
    var turboJPEGOperation: Int32 {
        switch self {
        case .normal: return Int32(TJXOP_NONE.rawValue)
        case .mirrorHorizontal: return Int32(TJXOP_HFLIP.rawValue)
        case .rotate180: return Int32(TJXOP_ROT180.rawValue)
        case .mirrorVertical: return Int32(TJXOP_VFLIP.rawValue)
        case .transpose: return Int32(TJXOP_TRANSPOSE.rawValue)
        case .rotate90CW: return Int32(TJXOP_ROT90.rawValue)
        case .transverse: return Int32(TJXOP_TRANSVERSE.rawValue)
        case .rotate270CW: return Int32(TJXOP_ROT270.rawValue)
        }
    }
}
