/// `file://` URIs for local paths, escaped exactly as GLib's `g_filename_to_uri` does
/// (what GNOME, Xfce and GTK write in thumbnails and recently-used.xbel, so the MD5 of our
/// URI names the same thumbnail theirs does): every byte is percent-encoded as `%XX` in
/// upper case except ASCII letters, digits and `-._~!$&'()*+,=:@/`. The path is first
/// made canonical the way GIO does (see `canonical`), so `/a//b/./c` and `/a/b/c` share a URI.
public enum FileURI {
    /// The URI of an absolute path.
    public static func from(path: String) -> String {
        var uri: [UInt8] = Array("file://".utf8)
        let path = canonical(path)
        uri.reserveCapacity(uri.count + path.utf8.count)
        for byte in path.utf8 {
            if isUnescaped(byte) {
                uri.append(byte)
            } else {
                uri.append(UInt8(ascii: "%"))
                uri.append(hexDigits[Int(byte >> 4)])
                uri.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: uri, as: UTF8.self)
    }

    /// `path` with repeated slashes, `.` components and trailing slashes removed and each
    /// `..` taking away the component before it, without consulting the disk (symbolic
    /// links are left alone, as `g_canonicalize_filename` leaves them).
    public static func canonical(_ path: String) -> String {
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// The local path a `file:` URI names, or nil when it is not a local file URI: another
    /// scheme, a remote host, a query or fragment, a bad or NUL escape, a path that is not
    /// absolute or not UTF-8.
    public static func path(from uri: String) -> String? {
        var rest = Substring(uri)
        guard rest.count >= 5, rest.prefix(5).lowercased() == "file:" else { return nil }
        rest = rest.dropFirst(5)
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let host = rest.prefix { $0 != "/" }
            guard host.isEmpty || host.lowercased() == "localhost" else { return nil }
            rest = rest.dropFirst(host.count)
        }
        guard rest.hasPrefix("/"), !rest.contains("?"), !rest.contains("#") else { return nil }
        guard let bytes = percentDecoded(Array(rest.utf8)) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    static func percentDecoded(_ bytes: [UInt8]) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte != UInt8(ascii: "%") {
                output.append(byte)
                index += 1
                continue
            }
            guard index + 2 < bytes.count,
                  let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            else { return nil }
            let decoded = high << 4 | low
            if decoded == 0 { return nil }
            output.append(decoded)
            index += 3
        }
        return output
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func isUnescaped(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return pathPunctuation.contains(byte)
        }
    }

    private static let pathPunctuation: Set<UInt8> = Set("-._~!$&'()*+,=:@/".utf8)
}
