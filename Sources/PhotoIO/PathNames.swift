/// File names are bytes; Swift paths are strings. A name that is not UTF-8 is carried in a String with each
/// stray byte as a private-use scalar (U+10FE00 + byte), so it can be listed, shown and passed around like any
/// other path and still turned back into its exact bytes for the system call that opens it.
public enum PathNames {
    /// The path as a String, every byte kept: valid UTF-8 as itself, anything else escaped.
    public static func string(fromFileSystem bytes: some Collection<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var pending = Array(bytes)[...]
        while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                // A real name holding an escape scalar is escaped byte by byte, so decoding stays reversible.
                if isEscape(scalar) {
                    pending.prefix(encoded.count).forEach { scalars.append(escape($0)) }
                } else {
                    scalars.append(scalar)
                }
                pending = pending.dropFirst(encoded.count)
            case let .error(length):
                pending.prefix(length).forEach { scalars.append(escape($0)) }
                pending = pending.dropFirst(length)
            case .emptyInput:
                return String(scalars)
            }
        }
    }

    /// The exact bytes a path stands for on disk (no terminating NUL).
    public static func fileSystemBytes(_ path: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if isEscape(scalar) {
                bytes.append(UInt8(scalar.value - escapeBase))
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// The NUL-terminated path to hand to a system call.
    public static func cString(_ path: String) -> [CChar] {
        fileSystemBytes(path).map { CChar(bitPattern: $0) } + [0]
    }

    /// The path as people see it: each byte that is not UTF-8 shown as U+FFFD.
    public static func shown(_ path: String) -> String {
        String(String.UnicodeScalarView(path.unicodeScalars.map { isEscape($0) ? "\u{FFFD}" : $0 }))
    }

    /// The last component: `b.jpg` of `/a/b.jpg`, `/` of `/`, the path itself when it has no slash.
    public static func name(of path: String) -> String {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard trimmed != "/", let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// The folder holding a path: `/a` of `/a/b.jpg`, `/` of `/b.jpg`, `.` of `b.jpg`.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `name` inside `folder`, without doubling the slash of `/`.
    public static func path(_ name: String, in folder: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    private static let escapeBase: UInt32 = 0x10FE00

    private static func escape(_ byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(escapeBase + UInt32(byte))!
    }

    private static func isEscape(_ scalar: Unicode.Scalar) -> Bool {
        (escapeBase...escapeBase + 0xFF).contains(scalar.value)
    }
}
