import CGLib

/// `file://` URIs for local paths, through GLib (`g_filename_to_uri`, `g_filename_from_uri`): what GNOME, Xfce
/// and GTK write in thumbnails and recently-used.xbel, so the MD5 of our URI names the same thumbnail theirs does.
public enum FileURI {
    /// The URI of an absolute path, made canonical first as GIO does, so `/a//b/./c` and `/a/b/c` share a URI.
    public static func from(path: String) -> String {
        guard let uri = g_filename_to_uri(canonical(path), nil, nil) else { return "file://" + canonical(path) }
        defer { g_free(uri) }
        return String(cString: uri)
    }

    /// `path` with repeated slashes, `.` components and trailing slashes removed and each `..` taking away the
    /// component before it, without consulting the disk (`g_canonicalize_filename`; symbolic links are left alone).
    public static func canonical(_ path: String) -> String {
        let canonical = g_canonicalize_filename(path, "/")!
        defer { g_free(canonical) }
        return String(cString: canonical)
    }

    /// The local path a `file:` URI names, or nil when it is not one: another scheme, a host other than
    /// `localhost`, a bad escape, a path that is not UTF-8 (GLib's refusals), or a query (`?`), which names
    /// no file of its own.
    public static func path(from uri: String) -> String? {
        guard !uri.contains("?") else { return nil }
        var host: UnsafeMutablePointer<gchar>?
        guard let path = g_filename_from_uri(uri, &host, nil) else { return nil }
        defer {
            g_free(path)
            g_free(host)
        }
        if let host, String(cString: host).lowercased() != "localhost" { return nil }
        return String(validatingCString: path)
    }
}
