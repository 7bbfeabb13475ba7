import PhotoIO

/// A photo offered in the picker's strip of recent photos.
public struct RecentPhoto: Sendable, Equatable {
    public struct Origins: OptionSet, Sendable, Equatable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Found in the Pictures folder.
        public static let pictures = Origins(rawValue: 1)
        /// Listed in recently-used.xbel.
        static let recentlyUsed = Origins(rawValue: 2)
    }

    public let path: String
    public let modified: FileTime
    public let byteCount: Int
    /// From the file's first bytes, whatever its name says.
    public let format: PhotoFormat
    let origins: Origins
}

/// The recent photos: JPEG and PNG files from the Pictures folder and from the desktop's
/// recently-used list, newest first by modification time.
///
/// - Pictures is scanned `folderDepth` (3) levels deep, hidden entries skipped, links
///   followed with loops detected, at most `scanBudget` directory entries examined.
/// - recently-used.xbel contributes local files named like a photo or typed with its MIME type
///   (image/jpeg, image/heic, …); files that no longer exist are dropped.
/// - A photo reached by two paths (both lists, a link) appears once: duplicates are merged by
///   (device, inode), keeping the Pictures path.
/// - Only files that are readable and start with a photo format's magic bytes are kept, at most
///   `limit` (200) of them. Ties in time are ordered by path.
///
/// Reads the disk: call it off the event-loop thread.
public enum RecentPhotos {
    public static let limit = 200
    static let folderDepth = 3
    static let scanBudget = 50_000

    public static func load(environment: XDGEnvironment, limit: Int = RecentPhotos.limit) -> [RecentPhoto] {
        collect(picturesDirectory: environment.picturesDirectory,
                recentEntries: RecentlyUsed(environment: environment).entries(), limit: limit)
    }

    static func collect(picturesDirectory: String?, recentEntries: [RecentEntry], limit: Int) -> [RecentPhoto] {
        var candidates: [PhotoCandidate] = []
        if let picturesDirectory {
            candidates = PicturesScanner(maxDepth: folderDepth, entryBudget: scanBudget).scan(picturesDirectory)
        }
        for entry in recentEntries where looksLikePhoto(entry) {
            guard let status = FileSystem.status(entry.path), status.isRegularFile else { continue }
            candidates.append(PhotoCandidate(path: entry.path, status: status, origins: .recentlyUsed))
        }

        var unique: [PhotoCandidate] = []
        var indexByIdentity: [FileIdentity: Int] = [:]
        for candidate in candidates {
            if let index = indexByIdentity[candidate.status.identity] {
                unique[index].origins.formUnion(candidate.origins)
            } else {
                indexByIdentity[candidate.status.identity] = unique.count
                unique.append(candidate)
            }
        }
        unique.sort {
            ($0.status.modified, $1.path) > ($1.status.modified, $0.path)
        }

        var photos: [RecentPhoto] = []
        for candidate in unique {
            guard photos.count < limit else { break }
            guard FileSystem.isReadable(candidate.path),
                  let format = PhotoFormat(signature: FileSystem.prefix(of: candidate.path, count: PhotoFormat.signatureLength) ?? [])
            else { continue }
            photos.append(RecentPhoto(path: candidate.path, modified: candidate.status.modified,
                                      byteCount: candidate.status.byteCount, format: format, origins: candidate.origins))
        }
        return photos
    }

    private static func looksLikePhoto(_ entry: RecentEntry) -> Bool {
        if let mimeType = entry.mimeType, PhotoFormat.allCases.contains(where: { $0.mimeType == mimeType }) { return true }
        return PhotoFormat(pathExtensionOf: entry.path) != nil
    }
}
