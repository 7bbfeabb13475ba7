import CGLib
import Glibc
import PhotoIO

extension RecentlyUsed {
    /// Records that `appName` opened `path`, as GTK's recent manager does: the file's bookmark gets new
    /// `modified` and `visited` times and an `<bookmark:application>` entry for the program (its count raised
    /// when it exists), or a new bookmark is added. GLib writes the whole file; it is replaced atomically (mode
    /// kept; a new file is 0600). A damaged file is refused rather than rewritten.
    public func add(path: String, mimeType: String, appName: String = "Cropper", exec: String = "cropper %u",
                    timestamp: String = XBELTimestamp.now()) throws {
        let target = FileSystem.resolvingLink(file)
        let original: [UInt8]?
        do {
            original = try FileReading.readAll(path: target)
        } catch PhotoIOError.notFound {
            original = nil
        } catch {
            throw LibraryError.cannotRead("\(target): \(error)")
        }
        let updated = try RecentlyUsed.adding(path: path, mimeType: mimeType, appName: appName, exec: exec,
                                              timestamp: timestamp, to: original, fileName: target)
        try FileSystem.makeDirectories(PathNames.folder(of: target), mode: 0o700)
        let mode = FileSystem.status(target).map { $0.mode & 0o7777 } ?? 0o600
        do {
            try AtomicFile.write(updated, to: target, overwrite: true, permissions: mode)
        } catch {
            throw LibraryError.cannotWrite("\(target): \(error)")
        }
    }

    /// The bytes `add` writes, given the file's current bytes (nil or blank: no file yet).
    public static func adding(path: String, mimeType: String, appName: String, exec: String,
                              timestamp: String, to original: [UInt8]?,
                              fileName: String = "recently-used.xbel") throws -> [UInt8] {
        guard path.hasPrefix("/") else { throw LibraryError.relativePath(path) }
        let isBlank = !(original ?? []).contains { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        let bookmarks = isBlank ? BookmarkFile() : BookmarkFile(data: original ?? [])
        guard bookmarks.isComplete, let time = g_date_time_new_from_iso8601(timestamp, nil) else {
            throw LibraryError.damagedBookmarkFile(fileName)
        }
        defer { g_date_time_unref(time) }
        // The file's own spelling of the URI when it lists the same file (another escaping, `localhost`).
        let canonicalPath = FileURI.canonical(path)
        let uri = bookmarks.uris.first { $0.hasPrefix("file:") && FileURI.path(from: $0).map(FileURI.canonical) == canonicalPath }
            ?? FileURI.from(path: path)
        bookmarks.register(uri: uri, mimeType: mimeType, application: appName, exec: exec, time: time)
        guard let data = bookmarks.data() else { throw LibraryError.damagedBookmarkFile(fileName) }
        return data
    }
}

/// Timestamps as GLib writes them in bookmark files: UTC, ISO 8601, microseconds.
public enum XBELTimestamp {
    public static func now() -> String {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return format(seconds: Int(time.tv_sec), microseconds: Int(time.tv_nsec) / 1000)
    }

    /// E.g. `2024-03-05T07:08:09.012345Z`.
    public static func format(seconds: Int, microseconds: Int) -> String {
        var value = time_t(seconds)
        var parts = tm()
        gmtime_r(&value, &parts)
        func padded(_ number: Int32, _ width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return padded(parts.tm_year + 1900, 4) + "-" + padded(parts.tm_mon + 1, 2) + "-" + padded(parts.tm_mday, 2)
            + "T" + padded(parts.tm_hour, 2) + ":" + padded(parts.tm_min, 2) + ":" + padded(parts.tm_sec, 2)
            + "." + padded(Int32(clamping: microseconds), 6) + "Z"
    }
}
