import Glibc
import PhotoIO

extension ThumbnailCache {
    /// The photo's thumbnail: from the cache when a valid one exists, else made (a DCT-scaled
    /// decode, turned upright, box-filtered to fit `size`) and stored with the specification's
    /// keys, atomically, mode 0600 in folders of mode 0700. A photo that cannot be decoded gets
    /// a failure record and is not retried while its modification time stays the same.
    ///
    /// Runs on any thread; decoding takes milliseconds to tens of milliseconds.
    public func thumbnail(for path: String, size: ThumbnailSize = .normal) throws -> Thumbnail {
        let status = try checkedStatus(of: path)
        let uri = FileURI.from(path: path)
        if let hit = cached(path: path, uri: uri, status: status, size: size) { return hit }
        if hasFailureRecord(uri: uri, status: status) { throw LibraryError.failedBefore }

        let made: (bitmap: Bitmap, source: PhotoSource, isDamaged: Bool)
        do {
            made = try render(path: path, size: size)
        } catch {
            let reason = (error as? PhotoIOError)?.reason ?? String(describing: error)
            if (error as? PhotoIOError)?.isAboutReading != true { recordFailure(uri: uri, status: status) }
            throw LibraryError.undecodable(reason)
        }
        let upright = made.source.displayedSize
        var keys = baseKeys(uri: uri, status: status)
        keys += [(ThumbKey.mimeType, made.source.format.mimeType),
                 (ThumbKey.imageWidth, String(upright.width)), (ThumbKey.imageHeight, String(upright.height))]
        if made.isDamaged { keys.append((ThumbKey.damaged, "1")) }
        let file = file(forURI: uri, size: size)
        let stored = (try? store(made.bitmap.encodedPNG(fast: true), keys: keys, at: file)) != nil
        return Thumbnail(path: path, bitmap: made.bitmap, imageWidth: upright.width, imageHeight: upright.height,
                         origin: .created, file: stored ? file : nil, isDamaged: made.isDamaged)
    }

    /// The photo's status, when it is an absolute path to a readable regular file outside the cache.
    func checkedStatus(of path: String) throws -> FileStatus {
        guard path.hasPrefix("/") else { throw LibraryError.relativePath(path) }
        guard !FileURI.canonical(path).hasPrefix(FileURI.canonical(directory) + "/") else {
            throw LibraryError.insideThumbnailCache
        }
        guard let status = FileSystem.status(path), status.isRegularFile else {
            throw LibraryError.photoNotReadable("not a regular file")
        }
        guard FileSystem.isReadable(path) else { throw LibraryError.photoNotReadable("permission denied") }
        return status
    }

    /// Only JPEG has a reduced-size decode; for every other format a thumbnail costs a full decode: pictures
    /// beyond this many pixels (160 MB of memory per worker) are recorded as failures instead.
    static let maximumPNGPixels = 40_000_000

    private func render(path: String, size: ThumbnailSize) throws -> (bitmap: Bitmap, source: PhotoSource, isDamaged: Bool) {
        let source = try PhotoSource.open(path: path)
        let stored = source.storedSize
        if source.format != .jpeg && stored.width * stored.height > ThumbnailCache.maximumPNGPixels {
            throw PhotoIOError.unsupported("a thumbnail of a \(stored.width)x\(stored.height) \(source.format.rawValue) (too many pixels)")
        }
        // The shared cache holds sRGB, as the programs reading it expect.
        let preview = try source.decodeForDisplay(scale: source.previewScale(maxWidth: size.pixels, maxHeight: size.pixels),
                                                  display: .sRGB)
        let upright = try preview.bitmap.transformed(by: source.orientation)
        return (try BoxScaler.fit(upright, within: size.pixels), source, preview.damage != nil)
    }

    private func baseKeys(uri: String, status: FileStatus) -> [(key: String, value: String)] {
        [(ThumbKey.uri, uri), (ThumbKey.mtime, String(status.modified.seconds)),
         (ThumbKey.size, String(status.byteCount)), (ThumbKey.software, software)]
    }

    /// The specification's failure record: an (almost) empty PNG carrying the required keys.
    /// Without `Thumb::Size` it holds while the modification time does, as the spec says.
    private func recordFailure(uri: String, status: FileStatus) {
        guard let blank = try? Bitmap(width: 1, height: 1, alpha: .straight) else { return }
        blank.row(0)[0] = 0
        let keys = [(key: ThumbKey.uri, value: uri), (ThumbKey.mtime, String(status.modified.seconds)),
                    (ThumbKey.software, software)]
        _ = try? store(blank.encodedPNG(), keys: keys, at: failureFile(forURI: uri))
    }

    func store(_ png: [UInt8], keys: [(key: String, value: String)], at file: String) throws {
        guard let tagged = ThumbnailKeys.inserting(keys, into: png) else {
            throw LibraryError.cannotWrite("the PNG encoder's output has no IHDR")
        }
        try FileSystem.makeDirectories(PathNames.folder(of: file), mode: 0o700)
        // A thumbnail lost to a power cut is made again, and an empty one fails the validity test: no fsync.
        try AtomicFile.write(tagged, to: file, overwrite: true, permissions: 0o600, durable: false)
    }
}

private extension PhotoIOError {
    /// Errors that say the file could not be read rather than that its content is bad: these
    /// are not recorded as failures, since the next attempt may succeed.
    var isAboutReading: Bool {
        switch self {
        case .notFound, .notReadable: return true
        default: return false
        }
    }
}
