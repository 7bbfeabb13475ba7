import Glibc

/// The container formats Cropper reads and writes.
public enum PhotoFormat: String, Sendable {
    case jpeg = "JPEG"
    case png = "PNG"

    /// The format an output path asks for by its extension, nil when unknown.
    public init?(pathExtensionOf path: String) {
        guard let ext = Self.pathExtension(of: path) else { return nil }
        switch ext.lowercased() {
        case "jpg", "jpeg", "jpe", "jfif": self = .jpeg
        case "png": self = .png
        default: return nil
        }
    }

    /// The format a file's first bytes announce: JPEG's SOI and a marker, or PNG's signature.
    public init?(signature bytes: some Collection<UInt8>) {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else {
            return nil
        }
    }

    /// The format of the file at `path` by its content; nil when it cannot be read or is neither.
    public init?(contentsOf path: String) {
        let fd = open(PathNames.cString(path), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var start = [UInt8](repeating: 0, count: 8)
        let got = start.withUnsafeMutableBytes { read(fd, $0.baseAddress!, 8) }
        guard got > 0 else { return nil }
        self.init(signature: start.prefix(got))
    }

    /// The extension a new file of this format is given.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        }
    }

    /// What follows the last dot of the path's name; nil without one (a leading dot starts no extension).
    static func pathExtension(of path: String) -> Substring? {
        let name = Substring(PathNames.name(of: path))
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return name[name.index(after: dot)...]
    }
}
