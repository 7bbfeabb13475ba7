/// What Cropper reads from an EXIF (TIFF) block, plus where the values it may
/// rewrite live, so the patcher can change them in place.
public struct ExifData: Sendable {
    public let bigEndian: Bool
    /// Orientation as stored (1–8 when valid); nil when the tag is absent.
    public internal(set) var orientation: Int?
    public internal(set) var make: String?
    public internal(set) var model: String?
    public internal(set) var dateTimeOriginal: String?
    /// FocalLengthIn35mmFilm, in millimetres; nil when absent or 0 (unknown).
    public internal(set) var focalLength35mm: Int?
    public internal(set) var pixelXDimension: Int?
    public internal(set) var pixelYDimension: Int?
    public internal(set) var hasGPS = false
    /// EXIF ColorSpace: 1 sRGB, 0xFFFF uncalibrated; nil when absent.
    public internal(set) var colorSpace: Int?
    /// The Interop IFD's InteroperabilityIndex: "R98" (sRGB), "R03" (Adobe RGB) or others.
    public internal(set) var interopIndex: String?
    /// Offset and length of the embedded IFD1 JPEG thumbnail inside the TIFF block.
    public internal(set) var thumbnail: Range<Int>?

    // Where things are, for ExifPatcher.
    var ifd0Offset = 0
    var values: [ExifTag: ExifValueLocation] = [:]
    /// Every GPSInfo entry of IFD0 (a damaged file may have more than one).
    var gpsEntryIndices: [Int] = []
    /// Bytes of the IFD tables and values that stay in the output.
    var ifd0Regions: [Range<Int>] = []
    var subIFDRegions: [Range<Int>] = []
    var gpsRegions: [Range<Int>] = []
    var ifd1Regions: [Range<Int>] = []
}

enum ExifTag: UInt16 {
    case imageWidth = 0x0100
    case imageLength = 0x0101
    case make = 0x010F
    case model = 0x0110
    case orientation = 0x0112
    case thumbnailOffset = 0x0201
    case thumbnailLength = 0x0202
    case exifIFD = 0x8769
    case gpsIFD = 0x8825
    case interopIndex = 0x0001
    case dateTimeOriginal = 0x9003
    case focalLengthIn35mmFilm = 0xA405
    case colorSpace = 0xA001
    case pixelXDimension = 0xA002
    case pixelYDimension = 0xA003
    case interopIFD = 0xA005
}

/// A numeric value stored inside its IFD entry (SHORT or LONG, count 1).
struct ExifValueLocation: Sendable {
    let offset: Int
    let isLong: Bool
}

/// Reads a TIFF block (the EXIF APP1 payload after "Exif\0\0"). Every offset
/// and count is checked against the block; IFD loops are detected. Problems are
/// returned as warnings; when IFD0 itself is unusable the result is nil.
enum ExifReader {
    struct Entry {
        let index: Int
        let tag: UInt16
        let type: UInt16
        let count: Int
        /// Where the value bytes are: inside the entry or at an offset.
        let valueOffset: Int
        let byteCount: Int
    }

    static func read(tiff: [UInt8]) -> (ExifData?, [String]) {
        var warnings: [String] = []
        guard tiff.count >= 8 else { return (nil, ["EXIF: block too short"]) }
        let bigEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return (nil, ["EXIF: unknown byte order"])
        }
        let reader = ByteReader(tiff, bigEndian: bigEndian)
        guard reader.u16(2) == 42, let first = reader.u32(4) else {
            return (nil, ["EXIF: not a TIFF header"])
        }
        var data = ExifData(bigEndian: bigEndian)
        var visited: Set<Int> = []
        data.ifd0Offset = Int(first)
        guard let ifd0 = readIFD(at: Int(first), name: "IFD0", reader: reader, visited: &visited, warnings: &warnings)
        else { return (nil, warnings) }
        data.ifd0Regions = ifd0.regions

        for entry in ifd0.entries {
            switch ExifTag(rawValue: entry.tag) {
            case .orientation:
                data.orientation = number(entry, reader)
                data.values[.orientation] = location(entry)
            case .imageWidth: data.values[.imageWidth] = location(entry)
            case .imageLength: data.values[.imageLength] = location(entry)
            case .make: data.make = string(entry, reader)
            case .model: data.model = string(entry, reader)
            case .exifIFD:
                guard let offset = number(entry, reader) else { continue }
                if let exif = readIFD(at: offset, name: "Exif IFD", reader: reader, visited: &visited, warnings: &warnings) {
                    data.subIFDRegions += exif.regions
                    readExifIFD(exif.entries, reader: reader, into: &data, visited: &visited, warnings: &warnings)
                }
            case .gpsIFD:
                data.gpsEntryIndices.append(entry.index)
                data.hasGPS = true
                guard let offset = number(entry, reader) else { continue }
                if let gps = readIFD(at: offset, name: "GPS IFD", reader: reader, visited: &visited, warnings: &warnings) {
                    data.gpsRegions += gps.regions
                }
            default:
                break
            }
        }
        if let orientation = data.orientation, !(0...8).contains(orientation) {
            warnings.append("EXIF: orientation \(orientation) is not 1–8; shown as 1")
        }

        if ifd0.next != 0,
           let ifd1 = readIFD(at: ifd0.next, name: "IFD1", reader: reader, visited: &visited, warnings: &warnings) {
            data.ifd1Regions = ifd1.regions
            readThumbnail(ifd1.entries, reader: reader, into: &data, warnings: &warnings)
        }
        return (data, warnings)
    }

    private static func readExifIFD(_ entries: [Entry], reader: ByteReader, into data: inout ExifData,
                                    visited: inout Set<Int>, warnings: inout [String]) {
        for entry in entries {
            switch ExifTag(rawValue: entry.tag) {
            case .dateTimeOriginal: data.dateTimeOriginal = string(entry, reader)
            case .focalLengthIn35mmFilm: data.focalLength35mm = number(entry, reader).flatMap { $0 > 0 ? $0 : nil }
            case .colorSpace: data.colorSpace = number(entry, reader)
            case .pixelXDimension:
                data.pixelXDimension = number(entry, reader)
                data.values[.pixelXDimension] = location(entry)
            case .pixelYDimension:
                data.pixelYDimension = number(entry, reader)
                data.values[.pixelYDimension] = location(entry)
            case .interopIFD:
                guard let offset = number(entry, reader) else { continue }
                if let interop = readIFD(at: offset, name: "Interop IFD", reader: reader, visited: &visited,
                                         warnings: &warnings) {
                    data.subIFDRegions += interop.regions
                    if let index = interop.entries.first(where: { $0.tag == ExifTag.interopIndex.rawValue }) {
                        data.interopIndex = string(index, reader)
                    }
                }
            default:
                break
            }
        }
    }

    private static func readThumbnail(_ entries: [Entry], reader: ByteReader, into data: inout ExifData,
                                      warnings: inout [String]) {
        var offset: Int?, length: Int?
        for entry in entries {
            switch ExifTag(rawValue: entry.tag) {
            case .thumbnailOffset: offset = number(entry, reader)
            case .thumbnailLength: length = number(entry, reader)
            default: break
            }
        }
        guard let offset, let length else { return }
        if reader.contains(offset: offset, length: length) {
            data.thumbnail = offset..<offset + length
            data.ifd1Regions.append(offset..<offset + length)
        } else {
            warnings.append("EXIF: thumbnail lies outside the EXIF block")
        }
    }

    struct IFD {
        let entries: [Entry]
        let next: Int
        let regions: [Range<Int>]
    }

    private static func readIFD(at offset: Int, name: String, reader: ByteReader, visited: inout Set<Int>,
                                warnings: inout [String]) -> IFD? {
        guard !visited.contains(offset) else {
            warnings.append("EXIF: \(name) loops back to an IFD already read")
            return nil
        }
        visited.insert(offset)
        // The first 8 bytes are the TIFF header; an IFD there would have the patcher overwrite it.
        guard offset >= 8 else {
            warnings.append("EXIF: \(name) offset \(offset) overlaps the TIFF header")
            return nil
        }
        guard let count16 = reader.u16(offset) else {
            warnings.append("EXIF: \(name) offset \(offset) is outside the EXIF block")
            return nil
        }
        let count = Int(count16)
        let tableLength = 2 + 12 * count
        guard reader.contains(offset: offset, length: tableLength) else {
            warnings.append("EXIF: \(name) with \(count) entries runs past the EXIF block")
            return nil
        }
        let next = reader.u32(offset + tableLength).map(Int.init) ?? 0
        var regions = [offset..<offset + tableLength + (reader.contains(offset: offset + tableLength, length: 4) ? 4 : 0)]
        var entries: [Entry] = []
        for index in 0..<count {
            let at = offset + 2 + 12 * index
            guard let tag = reader.u16(at), let type = reader.u16(at + 2), let count32 = reader.u32(at + 4),
                  let size = typeSize(type) else { continue }
            let valueCount = Int(count32)
            let byteCount = valueCount * size  // at most 8 * (2^32 - 1): no overflow in Int
            var valueOffset = at + 8
            if byteCount > 4 {
                guard let pointer = reader.u32(at + 8).map(Int.init),
                      reader.contains(offset: pointer, length: byteCount) else {
                    warnings.append("EXIF: \(name) entry 0x\(hex4(tag)) points outside the EXIF block")
                    continue
                }
                valueOffset = pointer
                regions.append(pointer..<pointer + byteCount)
            }
            entries.append(Entry(index: index, tag: tag, type: type, count: valueCount,
                                 valueOffset: valueOffset, byteCount: byteCount))
        }
        return IFD(entries: entries, next: next, regions: regions)
    }

    private static func typeSize(_ type: UInt16) -> Int? {
        switch type {
        case 1, 2, 6, 7: return 1
        case 3, 8: return 2
        case 4, 9, 11, 13: return 4
        case 5, 10, 12: return 8
        default: return nil
        }
    }

    /// The first value of a SHORT, LONG or IFD entry.
    private static func number(_ entry: Entry, _ reader: ByteReader) -> Int? {
        guard entry.count >= 1 else { return nil }
        switch entry.type {
        case 3: return reader.u16(entry.valueOffset).map(Int.init)
        case 4, 13: return reader.u32(entry.valueOffset).map(Int.init)
        default: return nil
        }
    }

    private static func location(_ entry: Entry) -> ExifValueLocation? {
        guard entry.count == 1, entry.type == 3 || entry.type == 4 else { return nil }
        return ExifValueLocation(offset: entry.valueOffset, isLong: entry.type == 4)
    }

    private static func string(_ entry: Entry, _ reader: ByteReader) -> String? {
        guard entry.type == 2 || entry.type == 7, let bytes = reader.slice(entry.valueOffset, entry.byteCount) else {
            return nil
        }
        let text = bytes.prefix { $0 != 0 }
        let decoded = String(decoding: text, as: UTF8.self)
        let trimmed = String(decoded.reversed().drop { $0 == " " }.reversed())
        return trimmed.isEmpty ? nil : trimmed
    }
}

func hex4(_ value: UInt16) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}
