import CGLib

/// GLib's `GBookmarkFile`: the reader and writer of `recently-used.xbel` that GTK's recent manager uses, so
/// what Cropper writes is what GTK programs read.
final class BookmarkFile {
    private let file: OpaquePointer
    /// False when the data was not a whole bookmark file. GLib keeps the bookmarks it read before the damage.
    private(set) var isComplete = true

    /// An empty bookmark file.
    init() { file = g_bookmark_file_new() }

    /// The bookmarks of `data`, as far as GLib could read them.
    convenience init(data: [UInt8]) {
        self.init()
        var error: UnsafeMutablePointer<GError>?
        let loaded = data.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: gchar.self) { g_bookmark_file_load_from_data(file, $0.baseAddress, gsize($0.count), &error) }
        }
        isComplete = loaded != 0
        g_clear_error(&error)
    }

    deinit { g_bookmark_file_free(file) }

    /// Every bookmark's URI, in file order.
    var uris: [String] {
        var count: gsize = 0
        guard let uris = g_bookmark_file_get_uris(file, &count) else { return [] }
        defer { g_strfreev(uris) }
        return (0..<Int(count)).compactMap { uris[$0].map { String(cString: $0) } }
    }

    func mimeType(of uri: String) -> String? {
        Self.taking(g_bookmark_file_get_mime_type(file, uri, nil))
    }

    func added(_ uri: String) -> String? { Self.iso8601(g_bookmark_file_get_added_date_time(file, uri, nil)) }
    func modified(_ uri: String) -> String? { Self.iso8601(g_bookmark_file_get_modified_date_time(file, uri, nil)) }
    func visited(_ uri: String) -> String? { Self.iso8601(g_bookmark_file_get_visited_date_time(file, uri, nil)) }

    /// The names of the programs that registered `uri`.
    func applications(of uri: String) -> [String] {
        var count: gsize = 0
        guard let names = g_bookmark_file_get_applications(file, uri, &count, nil) else { return [] }
        defer { g_strfreev(names) }
        return (0..<Int(count)).compactMap { names[$0].map { String(cString: $0) } }
    }

    /// Records that `application` (run as `exec`) used `uri` at `time`, as GTK's recent manager does: the
    /// bookmark is made if missing, its MIME type set, the program's count raised by one (from 1 when new),
    /// and the bookmark's modified and visited times (and added, when new) set to `time`.
    func register(uri: String, mimeType: String, application: String, exec: String, time: OpaquePointer) {
        let isNew = g_bookmark_file_has_item(file, uri) == 0
        g_bookmark_file_set_mime_type(file, uri, mimeType)
        // A count of -1 raises the program's count by one, or registers it with 1.
        g_bookmark_file_set_application_info(file, uri, application, exec, -1, time, nil)
        if isNew { g_bookmark_file_set_added_date_time(file, uri, time) }
        g_bookmark_file_set_modified_date_time(file, uri, time)
        g_bookmark_file_set_visited_date_time(file, uri, time)
    }

    /// The file as GLib writes it.
    func data() -> [UInt8]? {
        var length: gsize = 0
        guard let text = g_bookmark_file_to_data(file, &length, nil) else { return nil }
        defer { g_free(text) }
        return text.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { Array(UnsafeBufferPointer(start: $0, count: Int(length))) }
    }

    private static func taking(_ text: UnsafeMutablePointer<gchar>?) -> String? {
        guard let text else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// GLib's ISO 8601 form of a bookmark time (microseconds when there are any, `Z` for UTC).
    private static func iso8601(_ time: OpaquePointer?) -> String? {
        guard let time else { return nil }
        return taking(g_date_time_format_iso8601(time))
    }
}
