import Foundation
import PhotoLibrary

/// `text/uri-list` (RFC 2483) as file managers drop it: one URI a line, CRLF (LF tolerated), `#` comments.
enum URIList {
    /// The local files the list names (`file:///…` or `file://localhost/…`, escapes decoded), in order;
    /// remote hosts and other schemes are left out.
    static func localPaths(in text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let uri = line.trimmingCharacters(in: .whitespaces)
            guard !uri.isEmpty, !uri.hasPrefix("#") else { return nil }
            return FileURI.path(from: uri)
        }
    }
}
