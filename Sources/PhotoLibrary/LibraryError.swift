import Localization

/// Every way reading or writing the photo library can fail.
public enum LibraryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Paths given to the library must be absolute.
    case relativePath(String)
    /// An existing recently-used.xbel is not a complete XBEL document; it is left untouched.
    case damagedBookmarkFile(String)
    case cannotRead(String)
    case cannotWrite(String)
    /// The photo cannot be read by this user, so the spec forbids caching anything about it.
    case photoNotReadable(String)
    /// The path lies inside the thumbnail cache, whose files are never thumbnailed.
    case insideThumbnailCache
    /// A failure record for this photo and modification time exists: not retried.
    case failedBefore
    /// The photo could not be decoded; a failure record was written.
    case undecodable(String)

    public var description: String {
        switch self {
        case .relativePath(let path): return tr("not an absolute path: %s", path)
        case .damagedBookmarkFile(let path): return tr("%s is damaged; left as it is", path)
        case .cannotRead(let why): return tr("cannot read (%s)", why)
        case .cannotWrite(let why): return tr("cannot write (%s)", why)
        case .photoNotReadable(let why): return tr("photo not readable (%s)", why)
        case .insideThumbnailCache: return tr("files in the thumbnail cache are not thumbnailed")
        case .failedBefore: return tr("thumbnailing failed before and the file has not changed since")
        case .undecodable(let why): return tr("cannot decode (%s)", why)
        }
    }
}
