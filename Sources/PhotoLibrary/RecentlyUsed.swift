import PhotoIO

/// One local file listed in recently-used.xbel.
public struct RecentEntry: Sendable, Equatable {
    /// The `href`, entities resolved, percent escapes kept.
    public let uri: String
    /// The local path the URI names.
    public let path: String
    /// From `<mime:mime-type type=...>` in the freedesktop metadata, when present.
    public let mimeType: String?
    /// The bookmark's times in ISO 8601, as GLib gives them back (UTC, microseconds when there are any).
    public let added: String?
    public let modified: String?
    public let visited: String?
    /// The `name` of every `<bookmark:application>` that registered the file.
    public let applications: [String]
}

/// The desktop's list of recently used files, `$XDG_DATA_HOME/recently-used.xbel`, read and written by GLib's
/// `GBookmarkFile` (BookmarkFile.swift) as GTK's recent manager does. Reading never fails: a missing file is an
/// empty list and a damaged one yields the bookmarks GLib read before the damage. Updating is `add`, in
/// RecentlyUsed+Add.swift.
public struct RecentlyUsed: Sendable {
    public let file: String

    public init(environment: XDGEnvironment) { file = environment.recentlyUsedFile }
    public init(file: String) { self.file = file }

    /// The local-file bookmarks of the file, in file order; empty when it is missing or unreadable.
    public func entries() -> [RecentEntry] {
        guard let bytes = try? FileReading.readAll(path: file) else { return [] }
        return RecentlyUsed.parse(data: bytes)
    }

    /// The local-file bookmarks in `data`, in order. Bookmarks whose `href` is not a local `file:` URI are
    /// left out.
    public static func parse(data: [UInt8]) -> [RecentEntry] {
        let bookmarks = BookmarkFile(data: data)
        return bookmarks.uris.compactMap { uri in
            guard let path = FileURI.path(from: uri) else { return nil }
            return RecentEntry(uri: uri, path: path, mimeType: bookmarks.mimeType(of: uri),
                               added: bookmarks.added(uri), modified: bookmarks.modified(uri),
                               visited: bookmarks.visited(uri), applications: bookmarks.applications(of: uri))
        }
    }
}
