import Glibc

/// The container formats Cropper reads and writes.
public enum PhotoFormat: String, Sendable, CaseIterable {
    case jpeg = "JPEG"
    case png = "PNG"
    case heic = "HEIC"
    case avif = "AVIF"
    case webp = "WebP"
    case tiff = "TIFF"
    case jxl = "JPEG XL"
    case gif = "GIF"
    case apng = "APNG"

    /// The format an output path asks for by its extension, nil when unknown.
    public init?(pathExtensionOf path: String) {
        guard let ext = Self.pathExtension(of: path) else { return nil }
        switch ext.lowercased() {
        case "jpg", "jpeg", "jpe", "jfif": self = .jpeg
        case "png": self = .png
        case "heic", "heif", "hif": self = .heic
        case "avif": self = .avif
        case "webp": self = .webp
        case "tif", "tiff": self = .tiff
        case "jxl": self = .jxl
        case "gif": self = .gif
        case "apng": self = .apng
        default: return nil
        }
    }

    /// How many leading bytes `init(signature:)` needs to tell every format apart.
    public static let signatureLength = 64

    /// The format a file's first bytes announce: JPEG's SOI and a marker, PNG's signature, the ISO
    /// `ftyp` box's brands (HEIF/AVIF), RIFF WEBP, a TIFF byte-order mark, or JPEG XL's bare codestream (FF 0A)
    /// or container (its `JXL ` signature box).
    public init?(signature bytes: some Collection<UInt8>) {
        let start = Array(bytes.prefix(Self.signatureLength))
        if start.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if start.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            // An animated PNG says so in an acTL chunk before its image data, in practice right after IHDR (a later
            // one is found when the file is opened: PhotoSource).
            self = start.count >= 41 && start[37..<41].elementsEqual("acTL".utf8) ? .apng : .png
        } else if let format = Self.isoBrandFormat(start) {
            self = format
        } else if start.count >= 12, start.starts(with: "RIFF".utf8), start[8..<12].elementsEqual("WEBP".utf8) {
            self = .webp
        } else if start.starts(with: [0x49, 0x49, 0x2A, 0x00]) || start.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
                    || start.starts(with: [0x49, 0x49, 0x2B, 0x00]) || start.starts(with: [0x4D, 0x4D, 0x00, 0x2B]) {
            self = .tiff
        } else if start.starts(with: [0xFF, 0x0A])
                    || start.starts(with: [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) {
            self = .jxl
        } else if start.starts(with: "GIF87a".utf8) || start.starts(with: "GIF89a".utf8) {
            self = .gif
        } else {
            return nil
        }
    }

    /// HEIF or AVIF by the `ftyp` box's major and compatible brands (AV1 brands win: an AVIF also lists mif1).
    private static func isoBrandFormat(_ start: [UInt8]) -> PhotoFormat? {
        guard start.count >= 16, start[4..<8].elementsEqual("ftyp".utf8) else { return nil }
        let boxSize = Int(start[0]) << 24 | Int(start[1]) << 16 | Int(start[2]) << 8 | Int(start[3])
        let end = min(start.count, max(16, boxSize))
        var brands = [String(decoding: start[8..<12], as: UTF8.self)]
        var position = 16
        while position + 4 <= end {
            brands.append(String(decoding: start[position..<position + 4], as: UTF8.self))
            position += 4
        }
        if brands.contains(where: { $0 == "avif" || $0 == "avis" }) { return .avif }
        let heif: Set = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]
        return brands.contains(where: heif.contains) ? .heic : nil
    }

    /// The format of the file at `path` by its content; nil when it cannot be read or is neither.
    public init?(contentsOf path: String) {
        let fd = open(PathNames.cString(path), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var start = [UInt8](repeating: 0, count: Self.signatureLength)
        let got = start.withUnsafeMutableBytes { read(fd, $0.baseAddress!, Self.signatureLength) }
        guard got > 0 else { return nil }
        self.init(signature: start.prefix(got))
    }

    /// The extension a new file of this format is given.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .heic: "heic"
        case .avif: "avif"
        case .webp: "webp"
        case .tiff: "tif"
        case .jxl: "jxl"
        case .gif: "gif"
        case .apng: "apng"
        }
    }

    /// The MIME type freedesktop names the format by.
    public var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .heic: "image/heic"
        case .avif: "image/avif"
        case .webp: "image/webp"
        case .tiff: "image/tiff"
        case .jxl: "image/jxl"
        case .gif: "image/gif"
        case .apng: "image/apng"
        }
    }

    /// What follows the last dot of the path's name; nil without one (a leading dot starts no extension).
    static func pathExtension(of path: String) -> Substring? {
        let name = Substring(PathNames.name(of: path))
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return name[name.index(after: dot)...]
    }
}
