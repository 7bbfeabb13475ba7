import PhotoIO

/// A folder bookmarked in GTK's file dialogs (Files, the GTK file chooser).
public struct GTKBookmark: Sendable, Equatable {
    public let path: String
    /// The name the user gave it; nil when the line has none.
    public let label: String?

    public init(path: String, label: String?) {
        self.path = path
        self.label = label
    }

    /// The label, else the folder's own name (`/` for the root).
    public var title: String {
        if let label { return label }
        return PathNames.shown(PathNames.name(of: path))
    }
}

/// `$XDG_CONFIG_HOME/gtk-3.0/bookmarks`: one bookmark a line, `URI` or `URI LABEL` (the label is
/// everything after the first space). Only local `file:` URIs are kept, percent-decoded;
/// network locations (`sftp://`, `smb://`) and malformed lines are skipped.
public enum GTKBookmarks {
    public static func load(environment: XDGEnvironment) -> [GTKBookmark] {
        guard let bytes = try? FileReading.readAll(path: environment.gtkBookmarksFile) else { return [] }
        return parse(String(decoding: bytes, as: UTF8.self))
    }

    public static func parse(_ text: String) -> [GTKBookmark] {
        var bookmarks: [GTKBookmark] = []
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingTrailingBlanks
            guard !line.isEmpty else { continue }
            let uri: Substring
            var label: String?
            if let space = line.firstIndex(of: " ") {
                uri = line[..<space]
                let rest = line[line.index(after: space)...]
                label = rest.isEmpty ? nil : String(rest)
            } else {
                uri = line
            }
            guard let path = FileURI.path(from: String(uri)) else { continue }
            bookmarks.append(GTKBookmark(path: XDGEnvironment.trimmingTrailingSlashes(path), label: label))
        }
        return bookmarks
    }
}

private extension Substring {
    var trimmingTrailingBlanks: Substring {
        var text = self
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
