import EditorState
import Localization

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
    /// Within the limits, but the machine would not give the memory for the pixels.
    case outOfMemory(width: Int, height: Int)
    case invalidRequest(String)
    case rectOutsideImage(rect: PixelRect, image: PixelSize)
    /// A straightened crop's rect reaches off the turned picture; `largest` is its shape shrunk to fit there.
    case rectOutsideTurnedPhoto(rect: PixelRect, angle: StraightenAngle, largest: PixelRect)
    /// The same for a crop corrected for perspective (and perhaps straightened as well).
    case rectOutsideWarpedPhoto(rect: PixelRect, perspective: PerspectiveAngles, angle: StraightenAngle, largest: PixelRect)
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
            return tr("not found")
        case .notReadable(let why):
            return tr("not readable (%s)", why)
        case .notAnImage:
            return tr("not an image (not JPEG, PNG, HEIC, AVIF, WebP, TIFF, JPEG XL or GIF)")
        case .truncated:
            return tr("truncated (the file ends before the image data does)")
        case .corrupt(let why):
            return tr("corrupt image data (%s)", why)
        case .unsupported(let what):
            return tr("unsupported: %s", what)
        case .tooLarge(let width, let height):
            return tr("too large: %1$dx%2$d exceeds the decoding limit of %3$d megapixels or %4$d pixels a side",
                      width, height, PixelLimits.maxPixels / 1_000_000, PixelLimits.maxSide)
        case .outOfMemory(let width, let height):
            return tr("not enough memory for %1$dx%2$d pixels (%3$d MB)", width, height,
                      (width * height * 4 + 500_000) / 1_000_000)
        case .invalidRequest(let why):
            return why
        case .rectOutsideImage(let rect, let image):
            let where_ = "\(rect.x),\(rect.y),\(rect.width),\(rect.height)"
            let size = "\(image.width)x\(image.height)"
            guard let problem = rect.fitProblem(in: image) else {
                return tr("rect %1$s is outside the image (%2$s as displayed)", where_, size)
            }
            return tr("rect %1$s is outside the image (%2$s as displayed): %3$s", where_, size, problem.reason)
        case .rectOutsideTurnedPhoto(let rect, let angle, let largest):
            return tr("rect %1$s reaches outside the picture turned by %2$s (it would show an empty corner); "
                      + "the largest box of that shape there is %3$s", rect, angle, largest)
        case .rectOutsideWarpedPhoto(let rect, let perspective, let angle, let largest):
            return tr("rect %1$s reaches outside the picture corrected for perspective %2$s and turned by %3$s "
                      + "(it would show an empty corner); the largest box of that shape there is %4$s",
                      rect, perspective, angle, largest)
        case .losslessImpossible(let why):
            return tr("lossless crop impossible: %s; omit --lossless to re-encode instead", why)
        case .reachesDamage(let region):
            return tr("the crop reaches into the damaged part of the photo (%1$s could not be read): move the box %2$s",
                      region.unreadableText, region.moveAdvice)
        case .outputExists:
            return tr("output exists (use --force to overwrite)")
        case .outputIsSource:
            return tr("output is the source file, which is never modified")
        case .cannotWrite(let why):
            return tr("cannot write (%s)", why)
        case .encodeFailed(let why):
            return tr("cannot encode (%s)", why)
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

extension RectFitProblem {
    /// "W must be from 1 to 640", in the user's language (the letters are the fields' and `--rect`'s own).
    public var reason: String { tr("%1$s must be from %2$d to %3$d", value.letter, allowed.lowerBound, allowed.upperBound) }
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
