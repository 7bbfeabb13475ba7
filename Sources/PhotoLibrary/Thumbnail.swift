import PhotoIO

/// The sizes of the freedesktop thumbnail specification: the longer side of the thumbnail
/// in pixels, and the cache folder each size lives in.
public enum ThumbnailSize: Int, Sendable, CaseIterable {
    case normal = 128
    case large = 256
    case xLarge = 512
    case xxLarge = 1024

    public var pixels: Int { rawValue }

    var directoryName: String {
        switch self {
        case .normal: return "normal"
        case .large: return "large"
        case .xLarge: return "x-large"
        case .xxLarge: return "xx-large"
        }
    }
}

/// A photo's thumbnail, upright, its longer side at most the requested size's pixels
/// (smaller photos are never scaled up).
public struct Thumbnail: Sendable {
    public enum Origin: Sendable, Equatable {
        /// Read from the cache, written by us or by another program.
        case cache
        /// Made now from the photo.
        case created
        /// The photo's own EXIF thumbnail, a stand-in until the real one is made; never stored.
        case embedded
    }

    /// The photo.
    public let path: String
    public let bitmap: Bitmap
    /// The photo's upright size, from `Thumb::Image::Width/Height` or the decode, when known.
    public let imageWidth: Int?
    public let imageHeight: Int?
    public let origin: Origin
    /// The cache file read or written; nil when a new thumbnail could not be stored.
    public let file: String?
    /// The photo is damaged: the thumbnail shows only what could be decoded.
    public var isDamaged = false
}

/// The text keys the specification defines.
enum ThumbKey {
    static let uri = "Thumb::URI"
    static let mtime = "Thumb::MTime"
    static let size = "Thumb::Size"
    static let mimeType = "Thumb::Mimetype"
    static let imageWidth = "Thumb::Image::Width"
    static let imageHeight = "Thumb::Image::Height"
    static let software = "Software"
    /// Ours, in the specification's form for program keys: "1" when the photo is damaged (the thumbnail shows
    /// only what could be decoded). Other programs' thumbnails do not carry it.
    static let damaged = "X-Cropper::Damaged"
}
