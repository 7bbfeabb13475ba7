import PhotoIO

/// One local file listed in recently-used.xbel.
public struct RecentEntry: Sendable, Equatable {
    /// The `href` as written (entities resolved, percent escapes kept).
    public let uri: String
    /// The local path the URI names.
    public let path: String
    /// From `<mime:mime-type type=...>` in the freedesktop metadata, when present.
    public let mimeType: String?
    /// The bookmark's ISO 8601 timestamps, as written.
    public let added: String?
    public let modified: String?
    public let visited: String?
    /// The `name` of every `<bookmark:application>` that registered the file.
    public let applications: [String]
}

/// The desktop's list of recently used files, `$XDG_DATA_HOME/recently-used.xbel`, in the
/// XBEL dialect GTK writes (the Desktop Bookmark specification). Reading never fails: a
/// missing file is an empty list and a damaged one yields the bookmarks before the damage.
/// Updating (`add`, in RecentlyUsed+Add.swift) splices text into the original bytes.
public struct RecentlyUsed: Sendable {
    public let file: String

    public init(environment: XDGEnvironment) { file = environment.recentlyUsedFile }
    public init(file: String) { self.file = file }

    /// The local-file bookmarks of the file, in file order; empty when it is missing or unreadable.
    public func entries() -> [RecentEntry] {
        guard let bytes = try? FileReading.readAll(path: file) else { return [] }
        return RecentlyUsed.parse(data: bytes)
    }

    /// The local-file bookmarks in `data`, in order. Bookmarks whose `href` is not a local
    /// `file:` URI are left out. Malformed input is not an error: everything whose start tag
    /// was complete before the first damage is returned. Pure, total, never traps.
    public static func parse(data: [UInt8]) -> [RecentEntry] {
        XBELDocument.parse(data).bookmarks.compactMap { bookmark in
            guard let uri = bookmark.href, let path = FileURI.path(from: uri) else { return nil }
            let tag = bookmark.element.tag
            return RecentEntry(uri: uri, path: path, mimeType: bookmark.mimeType,
                               added: tag.value("added"), modified: tag.value("modified"),
                               visited: tag.value("visited"),
                               applications: bookmark.applications.compactMap { $0.tag.value("name") })
        }
    }
}
