import EditorState

/// Every way reading, cropping or writing a photo can fail. `reason` is the
/// text after `cropper: FILE: ` on the command line.
public enum PhotoIOError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound
    case notReadable(String)
    case notAnImage
    case truncated
    case corrupt(String)
    case unsupported(String)
    case tooLarge(width: Int, height: Int)
    case invalidRequest(String)
    case rectOutsideImage(rect: PixelRect, image: PixelSize)
    /// A straightened crop's rect reaches off the turned picture; `largest` is its shape shrunk to fit there.
    case rectOutsideTurnedPhoto(rect: PixelRect, angle: StraightenAngle, largest: PixelRect)
    case losslessImpossible(String)
    /// The crop reaches rows the decoder could not read.
    case reachesDamage(DamagedRegion)
    case outputExists
    case outputIsSource
    case cannotWrite(String)
    case encodeFailed(String)

    public var reason: String {
        switch self {
        case .notFound:
            return "not found"
        case .notReadable(let why):
            return "not readable (\(why))"
        case .notAnImage:
            return "not an image (not JPEG, PNG, HEIC, AVIF, WebP or TIFF)"
        case .truncated:
            return "truncated (the file ends before the image data does)"
        case .corrupt(let why):
            return "corrupt image data (\(why))"
        case .unsupported(let what):
            return "unsupported: \(what)"
        case .tooLarge(let width, let height):
            return "too large: \(width)x\(height) exceeds the decoding limit of "
                + "\(PixelLimits.maxPixels / 1_000_000) megapixels or \(PixelLimits.maxSide) pixels a side"
        case .invalidRequest(let why):
            return why
        case .rectOutsideImage(let rect, let image):
            return "rect \(rect.x),\(rect.y),\(rect.width),\(rect.height) is outside the image "
                + "(\(image.width)x\(image.height) as displayed)"
                + (rect.fitProblem(in: image).map { ": " + $0.message } ?? "")
        case .rectOutsideTurnedPhoto(let rect, let angle, let largest):
            return "rect \(rect) reaches outside the picture turned by \(angle) (it would show an empty corner); "
                + "the largest box of that shape there is \(largest)"
        case .losslessImpossible(let why):
            return "lossless crop impossible: \(why); omit --lossless to re-encode instead"
        case .reachesDamage(let region):
            return "the crop reaches into the damaged part of the photo (\(region.unreadableText) could not be read): "
                + "move the box \(region.moveAdvice)"
        case .outputExists:
            return "output exists (use --force to overwrite)"
        case .outputIsSource:
            return "output is the source file, which is never modified"
        case .cannotWrite(let why):
            return "cannot write (\(why))"
        case .encodeFailed(let why):
            return "cannot encode (\(why))"
        }
    }

    /// True when the error is about the output path rather than the source photo.
    public var concernsOutput: Bool {
        switch self {
        case .outputExists, .outputIsSource, .cannotWrite: return true
        default: return false
        }
    }

    public var description: String { reason }
}

/// Declared sizes above these are refused before any pixel memory is allocated,
/// so a 100-byte file claiming 65000x65000 pixels cannot exhaust memory.
public enum PixelLimits {
    static let maxPixels = 200_000_000
    static let maxSide = 65_500

    public static func check(_ size: PixelSize) throws {
        guard size.width > 0, size.height > 0 else {
            throw PhotoIOError.corrupt("declared size \(size.width)x\(size.height)")
        }
        if size.width > maxSide || size.height > maxSide || size.width * size.height > maxPixels {
            throw PhotoIOError.tooLarge(width: size.width, height: size.height)
        }
    }
}
