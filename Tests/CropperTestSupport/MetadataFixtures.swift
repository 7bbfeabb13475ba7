import Foundation
import PhotoIO

/// Builders for test inputs: TIFF/EXIF blocks, ICC profiles, JPEGs with
/// chosen segments, and a photo rich in metadata made with exiftool.
public enum TIFFBlock {
    public struct Entry {
        public let tag: UInt16
        public let type: UInt16
        public let count: UInt32
        /// The 4-byte value field: an inline value or an offset.
        public let field: UInt32
        /// For inline SHORTs the value sits in the first two bytes of the field.
        public var inlineShort = false

        public init(tag: UInt16, type: UInt16, count: UInt32, field: UInt32, inlineShort: Bool = false) {
            self.tag = tag
            self.type = type
            self.count = count
            self.field = field
            self.inlineShort = inlineShort
        }
    }

    public static func short(_ tag: UInt16, _ value: UInt16) -> Entry {
        Entry(tag: tag, type: 3, count: 1, field: UInt32(value), inlineShort: true)
    }

    public static func long(_ tag: UInt16, _ value: UInt32) -> Entry {
        Entry(tag: tag, type: 4, count: 1, field: value)
    }

    /// Header, then IFDs laid out one after another from offset 8, then `tail`.
    /// `ifds` are (entries, next-IFD offset); IFD offsets can be computed with `offsets`.
    public static func build(bigEndian: Bool, ifds: [([Entry], UInt32)], tail: [UInt8] = []) -> [UInt8] {
        var out: [UInt8] = bigEndian ? [0x4D, 0x4D, 0, 42] : [0x49, 0x49, 42, 0]
        out += u32(8, bigEndian)
        for (entries, next) in ifds {
            out += u16(UInt16(entries.count), bigEndian)
            for entry in entries {
                out += u16(entry.tag, bigEndian) + u16(entry.type, bigEndian) + u32(entry.count, bigEndian)
                out += entry.inlineShort ? u16(UInt16(entry.field), bigEndian) + [0, 0] : u32(entry.field, bigEndian)
            }
            out += u32(next, bigEndian)
        }
        return out + tail
    }

    /// Offsets at which `build` places each IFD, and where the tail starts.
    public static func offsets(_ entryCounts: [Int]) -> (ifds: [Int], tail: Int) {
        var offsets: [Int] = []
        var at = 8
        for count in entryCounts {
            offsets.append(at)
            at += 2 + 12 * count + 4
        }
        return (offsets, at)
    }

    public static func u16(_ v: UInt16, _ big: Bool) -> [UInt8] {
        big ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)]
    }

    public static func u32(_ v: UInt32, _ big: Bool) -> [UInt8] {
        let b = [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
        return big ? b : b.reversed()
    }

    public static func exifSegment(_ tiff: [UInt8]) -> JPEGSegment {
        JPEGSegment(marker: 0xE1, payload: Array("Exif\0\0".utf8) + tiff)!
    }
}

public enum JPEGEdit {
    /// The JPEG with its metadata replaced by `segments`.
    public static func replacingMetadata(of jpeg: [UInt8], with segments: [JPEGSegment]) throws -> [UInt8] {
        let structure = try JPEGStructure.parse(jpeg)
        var out: [UInt8] = [0xFF, 0xD8]
        for segment in segments { out += segment.bytes }
        for segment in structure.segments where !segment.isMetadata { out += segment.bytes }
        return out + jpeg[structure.firstScanOffset...]
    }
}

public enum ICCBuilder {
    /// A small but well-formed display profile whose 'desc' tag is a v2
    /// textDescriptionType or a v4 multiLocalizedUnicodeType; `padding` bytes of a
    /// private tag make it big enough to need several APP2 chunks.
    public static func profile(description: String, version4: Bool, padding: Int = 0) -> [UInt8] {
        var desc: [UInt8]
        if version4 {
            let utf16 = Array(description.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            desc = Array("mluc".utf8) + [0, 0, 0, 0] + be32(2) + be32(12)
            let german = Array("Profil".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            desc += Array("deDE".utf8) + be32(UInt32(german.count)) + be32(16 + 24)
            desc += Array("enUS".utf8) + be32(UInt32(utf16.count)) + be32(UInt32(16 + 24 + german.count))
            desc += german + utf16
        } else {
            let ascii = Array(description.utf8) + [0]
            desc = Array("desc".utf8) + [0, 0, 0, 0] + be32(UInt32(ascii.count)) + ascii
            desc += [UInt8](repeating: 0, count: 4 + 4 + 2 + 1 + 67)
        }
        while desc.count % 4 != 0 { desc.append(0) }
        let wtpt = Array("XYZ ".utf8) + [0, 0, 0, 0] + be32(0x0000_F6D6) + be32(0x0001_0000) + be32(0x0000_D32D)
        var tags: [(String, [UInt8])] = [("desc", desc), ("wtpt", wtpt)]
        if padding > 0 { tags.append(("zzzz", Array("data".utf8) + [0, 0, 0, 0] + [UInt8](repeating: 0x5A, count: padding))) }

        var offset = 128 + 4 + 12 * tags.count
        var table = be32(UInt32(tags.count))
        var body: [UInt8] = []
        for (signature, data) in tags {
            table += Array(signature.utf8) + be32(UInt32(offset)) + be32(UInt32(data.count))
            body += data
            while body.count % 4 != 0 { body.append(0) }
            offset = 128 + 4 + 12 * tags.count + body.count
        }
        let total = 128 + table.count + body.count
        var header = be32(UInt32(total)) + Array("none".utf8) + (version4 ? be32(0x0430_0000) : be32(0x0210_0000))
        header += Array("mntrRGB XYZ ".utf8) + [UInt8](repeating: 0, count: 12) + Array("acsp".utf8)
        header += [UInt8](repeating: 0, count: 4 + 4 + 4 + 4 + 8 + 4)
        header += be32(0x0000_F6D6) + be32(0x0001_0000) + be32(0x0000_D32D)  // D50
        header += [UInt8](repeating: 0, count: 128 - header.count)
        return header + table + body
    }

    public static func be32(_ v: UInt32) -> [UInt8] { TIFFBlock.u32(v, true) }
}

public enum RichPhoto {
    public static let iccDescription = "Cropper Test RGB"

    /// A copy of `base` with GPS (EXIF and XMP), XMP, a multi-chunk ICC profile, IPTC,
    /// a comment, camera tags, pixel dimensions and an EXIF thumbnail, written by exiftool. Made once per base
    /// (its path, size and time) for the whole run: exiftool takes a quarter of a second of CPU to start.
    public static func make(from base: String, in scratch: ScratchDirectory, name: String = "rich.jpg") throws -> String {
        try Tools.require("exiftool")
        try Tools.require("convert")
        let attributes = try FileManager.default.attributesOfItem(atPath: base)
        let identity = [base, "\(attributes[.size] ?? 0)", "\((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"]
        let made = try MadeOnce.file("rich.jpg", recipe: ["rich", iccDescription] + identity) { output in
            try FileManager.default.copyItem(atPath: base, toPath: output)
            try addMetadata(to: output, thumbnailFrom: base, in: scratch)
        }
        return try scratch.copy(made, as: name)
    }

    private static func addMetadata(to path: String, thumbnailFrom base: String, in scratch: ScratchDirectory) throws {
        let icc = try scratch.write(ICCBuilder.profile(description: iccDescription, version4: false, padding: 90_000),
                                    as: "profile.icc")
        let thumb = scratch.file("thumb.jpg")
        try Tools.run("convert", [base, "-resize", "160x160", thumb])
        let size = try PhotoSource.open(path: base).storedSize
        let result = try Tools.run("exiftool", [
            "-q", "-overwrite_original",
            "-GPSLatitude=48.8584", "-GPSLatitudeRef=N", "-GPSLongitude=2.2945", "-GPSLongitudeRef=E",
            "-XMP-exif:GPSLatitude=48.8584N", "-XMP-exif:GPSLongitude=2.2945E",
            "-XMP-dc:Title=Tower", "-XMP-dc:Subject=test", "-XMP-tiff:Orientation#=6",
            "-IPTC:Keywords=cropper", "-IPTC:City=Paris", "-Comment=a comment",
            "-Make=TestMake", "-Model=TestModel 1", "-DateTimeOriginal=2020:01:02 03:04:05",
            "-ExifImageWidth=\(size.width)", "-ExifImageHeight=\(size.height)",
            "-ICC_Profile<=\(icc)", "-ThumbnailImage<=\(thumb)", path,
        ])
        guard result.status == 0 else { throw HarnessError.toolFailed("exiftool: \(result.stderr)") }
    }
}
