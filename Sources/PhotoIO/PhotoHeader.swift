import EditorState

/// What placing a crop on a photo needs to know of it, read from the start of its file: its format, size,
/// orientation, lens and (a JPEG) its block grid. Putting a copied rule on a thousand photos reads this much of
/// each, not the photos.
public struct PhotoHeader: Sendable, Equatable {
    public let format: PhotoFormat
    public let storedSize: PixelSize
    public let orientation: Orientation
    /// The 35 mm-equivalent focal length the camera recorded, for perspective.
    public let focal35mm: Double?
    /// A JPEG's frame: its size and sampling, which decide where a lossless crop may start.
    public let jpegFrame: JPEGFrame?

    public var displayedSize: PixelSize { orientation.displayedSize(forStored: storedSize) }

    /// How much of a file is read first: EXIF sits in the first 64 KB of a JPEG, and its frame header follows.
    static let startBytes = 256 * 1024

    /// The header of the photo at `path`. A JPEG or PNG is read as far as its headers (unless they run past the
    /// first bytes read); other formats keep theirs anywhere in the file (WebP's EXIF comes last), so they are
    /// read whole.
    public static func read(path: String) throws -> PhotoHeader {
        let (start, isWhole) = try FileReading.readStart(path: path, count: startBytes)
        if !isWhole, PNGCodec.isPNG(start) || start.starts(with: [0xFF, 0xD8]),
           let source = try? PhotoSource(bytes: start, path: path) {
            return PhotoHeader(source)
        }
        return PhotoHeader(try PhotoSource(bytes: isWhole ? start : FileReading.readAll(path: path), path: path))
    }

    public init(_ source: PhotoSource) {
        format = source.format
        storedSize = source.storedSize
        orientation = source.orientation
        focal35mm = source.focal35mm
        jpegFrame = source.jpeg?.frame
    }
}
