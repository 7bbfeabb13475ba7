import BuildInfo
import PhotoIO

/// The shared thumbnail cache of the freedesktop Thumbnail Managing Standard, in
/// `$XDG_CACHE_HOME/thumbnails`: `SIZE/MD5(uri).png` for every size, `fail/PROGRAM-VERSION/`
/// for photos a program could not thumbnail. A cached thumbnail is used only while its
/// `Thumb::URI` equals the photo's URI and its `Thumb::MTime` the photo's modification time
/// (and `Thumb::Size`, when present, the photo's byte count); so thumbnails written by other
/// desktop programs are used and ours are used by them.
///
/// A plain value: safe to use from any thread; concurrent writers of one thumbnail are safe
/// because every file is written to a temporary name and renamed into place.
public struct ThumbnailCache: Sendable {
    public let directory: String
    /// `fail/cropper-VERSION`.
    let failureDirectory: String
    /// The `Software` key of the thumbnails we write.
    let software: String

    public init(environment: XDGEnvironment, programName: String = "cropper", version: String = BuildInfo.version) {
        directory = environment.thumbnailsDirectory
        failureDirectory = directory + "/fail/" + programName + "-" + version
        software = programName + " " + version
    }

    public func file(forURI uri: String, size: ThumbnailSize) -> String {
        directory + "/" + size.directoryName + "/" + MD5.hex(uri) + ".png"
    }

    func failureFile(forURI uri: String) -> String {
        failureDirectory + "/" + MD5.hex(uri) + ".png"
    }

    /// A valid cached thumbnail of the photo at `size`, else nil. The folder of the size asked
    /// for is tried first, then the larger ones, whose thumbnails are scaled down (not stored).
    public func cached(path: String, size: ThumbnailSize = .normal) -> Thumbnail? {
        guard let status = FileSystem.status(path) else { return nil }
        return cached(path: path, uri: FileURI.from(path: path), status: status, size: size)
    }

    /// True when this program recorded a failure for the photo as it is now (same mtime).
    func hasFailureRecord(path: String) -> Bool {
        guard let status = FileSystem.status(path) else { return false }
        return hasFailureRecord(uri: FileURI.from(path: path), status: status)
    }

    func cached(path: String, uri: String, status: FileStatus, size: ThumbnailSize) -> Thumbnail? {
        for candidate in ThumbnailSize.allCases where candidate.pixels >= size.pixels {
            let file = file(forURI: uri, size: candidate)
            guard let bytes = try? FileReading.readAll(path: file) else { continue }
            let keys = ThumbnailKeys.read(pngData: bytes)
            guard ThumbnailCache.isValid(keys, uri: uri, status: status),
                  let decoded = try? PhotoSource(bytes: bytes).decodeUndamaged(scale: .full),
                  let bitmap = try? BoxScaler.fit(decoded, within: size.pixels)
            else { continue }
            return Thumbnail(path: path, bitmap: bitmap, imageWidth: keys[ThumbKey.imageWidth].flatMap { Int($0) },
                             imageHeight: keys[ThumbKey.imageHeight].flatMap { Int($0) }, origin: .cache, file: file,
                             isDamaged: keys[ThumbKey.damaged] == "1")
        }
        return nil
    }

    func hasFailureRecord(uri: String, status: FileStatus) -> Bool {
        guard let bytes = try? FileReading.readAll(path: failureFile(forURI: uri)) else { return false }
        return ThumbnailCache.isValid(ThumbnailKeys.read(pngData: bytes), uri: uri, status: status)
    }

    /// The specification's validity test: the URI and the modification time (whole seconds)
    /// must match. The byte count must match too when the thumbnail records one as a plain
    /// number (ImageMagick writes values like `347327BB`, which are ignored, as GNOME does).
    static func isValid(_ keys: [String: String], uri: String, status: FileStatus) -> Bool {
        guard keys[ThumbKey.uri] == uri, let mtime = keys[ThumbKey.mtime].flatMap({ Int($0) }),
              mtime == status.modified.seconds else { return false }
        if let size = keys[ThumbKey.size].flatMap({ Int($0) }) { return size == status.byteCount }
        return true
    }
}
