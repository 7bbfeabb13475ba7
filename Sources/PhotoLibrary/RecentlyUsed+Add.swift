import Glibc
import PhotoIO

extension RecentlyUsed {
    /// What GLib writes at the top of a new bookmark file.
    public static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xbel version="1.0"
              xmlns:bookmark="http://www.freedesktop.org/standards/desktop-bookmarks"
              xmlns:mime="http://www.freedesktop.org/standards/shared-mime-info"
        >
        """

    static let bookmarkNamespace = "http://www.freedesktop.org/standards/desktop-bookmarks"
    static let mimeNamespace = "http://www.freedesktop.org/standards/shared-mime-info"

    /// Records that `appName` opened `path`, as GTK's recent manager does: the file's bookmark
    /// gets new `modified` and `visited` times and an `<bookmark:application>` entry for the
    /// program (count incremented when it exists), or a new bookmark is appended. The file is
    /// rewritten atomically (mode kept; a new file is 0600) and every byte outside the edited
    /// bookmark is kept as it was. A damaged file is refused rather than rewritten.
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
        var bytes = original ?? []
        if !bytes.contains(where: { !XMLText.isSpace($0) }) { bytes = Array((header + "</xbel>").utf8) }

        let document = XBELDocument.parse(bytes)
        guard !document.isDamaged, let root = document.root else { throw LibraryError.damagedBookmarkFile(fileName) }
        let entry = NewEntry(uri: FileURI.from(path: path), mimeType: mimeType, appName: appName, exec: exec,
                             time: XMLText.escaped(timestamp))

        var splice = ByteSplice(bytes)
        for (prefix, namespace) in [("bookmark", bookmarkNamespace), ("mime", mimeNamespace)]
        where root.tag.attribute("xmlns:" + prefix) == nil {
            splice.setAttribute("xmlns:" + prefix, to: namespace, in: root.tag)
        }
        let canonicalPath = FileURI.canonical(path)
        if let bookmark = document.bookmarks.first(where: {
            $0.href.flatMap(FileURI.path(from:)).map(FileURI.canonical) == canonicalPath
        }) {
            update(bookmark, with: entry, in: &splice)
        } else {
            splice.appendChild(entry.bookmarkLines, to: root, depth: 1)
        }
        guard let result = splice.result() else { throw LibraryError.damagedBookmarkFile(fileName) }
        return result
    }

    private static func update(_ bookmark: XBELDocument.Bookmark, with entry: NewEntry, in splice: inout ByteSplice) {
        splice.setAttribute("modified", to: entry.time, in: bookmark.element.tag)
        splice.setAttribute("visited", to: entry.time, in: bookmark.element.tag)
        if let application = bookmark.applications.first(where: { $0.tag.value("name") == entry.appName }) {
            let previous = application.tag.value("count").flatMap { UInt32($0) } ?? 0
            let (count, overflow) = previous.addingReportingOverflow(1)
            let name = application.tag.name
            let prefix = name.lastIndex(of: ":").map { String(name[...$0]) } ?? ""
            let end = application.end ?? application.tag.range.upperBound
            splice.replace(application.tag.range.lowerBound..<end,
                           with: entry.applicationLine(prefix: prefix, count: overflow ? UInt32.max : count))
        } else if let list = bookmark.applicationsList {
            splice.appendChild([entry.applicationLine(prefix: "bookmark:", count: 1)], to: list, depth: 5)
        } else if let metadata = bookmark.metadata {
            splice.appendChild(entry.applicationsLines, to: metadata, depth: 4)
        } else if let info = bookmark.info {
            splice.appendChild(entry.metadataLines, to: info, depth: 3)
        } else {
            splice.appendChild(entry.infoLines, to: bookmark.element, depth: 2)
        }
    }
}

/// The text of a bookmark for one file and one program, in GTK's layout, one element per line.
private struct NewEntry {
    let uri: String
    let mimeType: String
    let appName: String
    let exec: String
    /// Already escaped.
    let time: String

    func applicationLine(prefix: String, count: UInt32) -> String {
        "<\(prefix)application name=\"\(XMLText.escaped(appName))\" exec=\"\(XMLText.escaped(shellQuoted(exec)))\""
            + " modified=\"\(time)\" count=\"\(count)\"/>"
    }

    var applicationsLines: [String] {
        ["<bookmark:applications>", "  " + applicationLine(prefix: "bookmark:", count: 1), "</bookmark:applications>"]
    }

    var metadataLines: [String] {
        ["<metadata owner=\"\(XBELDocument.freedesktopOwner)\">",
         "  <mime:mime-type type=\"\(XMLText.escaped(mimeType))\"/>"]
            + applicationsLines.map { "  " + $0 } + ["</metadata>"]
    }

    var infoLines: [String] { ["<info>"] + metadataLines.map { "  " + $0 } + ["</info>"] }

    var bookmarkLines: [String] {
        ["<bookmark href=\"\(XMLText.escaped(uri))\" added=\"\(time)\" modified=\"\(time)\" visited=\"\(time)\">"]
            + infoLines.map { "  " + $0 } + ["</bookmark>"]
    }

    /// GLib stores the whole command line shell-quoted (`g_shell_quote`), so `cropper %u`
    /// is written `'cropper %u'`.
    private func shellQuoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
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
