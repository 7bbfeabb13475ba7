/// EXIF between TIFF files and the other containers. A TIFF file is itself the structure EXIF borrows:
/// its camera tags sit in IFD0 and in the EXIF and GPS sub-directories beside the picture's own tags.
/// `extract` copies those into a stand-alone EXIF block; `attach` adds a block's tags to a TIFF that
/// libtiff wrote, appending the sub-directories and a new IFD0 (nothing already written moves).
enum TIFFExif {
    /// IFD0 tags that describe the photo rather than its coding.
    static let descriptiveTags: Set<UInt16> = [270, 271, 272, 274, 305, 306, 315, 33432]
    static let exifPointer: UInt16 = 34665
    static let gpsPointer: UInt16 = 34853
    /// Interoperability: a pointer inside the EXIF directory that is not carried.
    static let interopPointer: UInt16 = 40965

    static func extract(from file: [UInt8]) -> [UInt8]? {
        guard let big = byteOrder(file), let first = ByteReader(file, bigEndian: big).u32(4),
              let ifd0 = entries(in: file, at: Int(first), bigEndian: big) else { return nil }
        var writer = DirectoryWriter(bigEndian: big)
        var top = ifd0.filter { descriptiveTags.contains($0.tag) }
        top += subdirectories(of: ifd0, in: file, bigEndian: big, into: &writer)
        guard !top.isEmpty else { return nil }
        writer.setFirstDirectory(writer.append(top))
        return writer.bytes
    }

    static func attach(_ exif: [UInt8], to file: [UInt8]) -> [UInt8] {
        guard let big = byteOrder(file), let exifBig = byteOrder(exif),
              let first = ByteReader(file, bigEndian: big).u32(4),
              let ifd0 = entries(in: file, at: Int(first), bigEndian: big),
              let exifFirst = ByteReader(exif, bigEndian: exifBig).u32(4),
              let exifIFD0 = entries(in: exif, at: Int(exifFirst), bigEndian: exifBig) else { return file }
        var writer = DirectoryWriter(bigEndian: big, startingWith: file)
        var added = exifIFD0.filter { descriptiveTags.contains($0.tag) && $0.tag != 274 }.map { $0.converted(to: big) }
        added += subdirectories(of: exifIFD0, in: exif, bigEndian: exifBig, into: &writer)
        let addedTags = Set(added.map(\.tag))
        writer.setFirstDirectory(writer.append(ifd0.filter { !addedTags.contains($0.tag) } + added))
        return writer.bytes
    }

    /// The EXIF and GPS directories below `directory`, appended to `writer`, as the pointer entries to them.
    private static func subdirectories(of directory: [DirectoryEntry], in bytes: [UInt8], bigEndian: Bool,
                                       into writer: inout DirectoryWriter) -> [DirectoryEntry] {
        var pointers: [DirectoryEntry] = []
        for tag in [exifPointer, gpsPointer] {
            guard let entry = directory.first(where: { $0.tag == tag }),
                  let offset = ByteReader(entry.value, bigEndian: bigEndian).u32(0),
                  let inner = entries(in: bytes, at: Int(offset), bigEndian: bigEndian) else { continue }
            let kept = inner.filter { $0.tag != interopPointer }.map { $0.converted(to: writer.bigEndian) }
            let at = writer.append(kept)
            pointers.append(DirectoryEntry(tag: tag, type: 4, count: 1, value: writer.number(UInt32(at)),
                                           bigEndian: writer.bigEndian))
        }
        return pointers
    }

    static func byteOrder(_ bytes: [UInt8]) -> Bool? {
        if bytes.hasPrefix([0x49, 0x49, 0x2A, 0x00]) { return false }
        if bytes.hasPrefix([0x4D, 0x4D, 0x00, 0x2A]) { return true }
        return nil
    }

    /// A directory's entries with their values read out; nil when it is not all inside the bytes.
    static func entries(in bytes: [UInt8], at offset: Int, bigEndian: Bool) -> [DirectoryEntry]? {
        let reader = ByteReader(bytes, bigEndian: bigEndian)
        guard offset >= 8, let count = reader.u16(offset), count < 1000 else { return nil }
        var entries: [DirectoryEntry] = []
        for index in 0..<Int(count) {
            let at = offset + 2 + 12 * index
            guard let tag = reader.u16(at), let type = reader.u16(at + 2), let count = reader.u32(at + 4) else { return nil }
            guard let unit = DirectoryEntry.unitSize(type) else { continue }
            let length = unit * Int(count)
            guard length <= 1 << 24 else { continue }
            let valueAt = length <= 4 ? at + 8 : reader.u32(at + 8).map(Int.init) ?? -1
            guard let value = reader.slice(valueAt, length) else { continue }
            entries.append(DirectoryEntry(tag: tag, type: type, count: count, value: Array(value), bigEndian: bigEndian))
        }
        return entries
    }
}

/// One directory entry with its value's bytes (in the byte order of the file they came from).
struct DirectoryEntry {
    let tag: UInt16
    let type: UInt16
    let count: UInt32
    let value: [UInt8]

    static func unitSize(_ type: UInt16) -> Int? {
        switch type {
        case 1, 2, 6, 7: 1
        case 3, 8: 2
        case 4, 9, 11, 13: 4
        case 5, 10, 12: 8
        default: nil
        }
    }

    /// The byte order `value` is in.
    let bigEndian: Bool

    /// The entry with its value in `order` (bytes reversed in each number's own width).
    func converted(to order: Bool) -> DirectoryEntry {
        guard order != bigEndian, let unit = Self.unitSize(type), unit > 1 else {
            return DirectoryEntry(tag: tag, type: type, count: count, value: value, bigEndian: order)
        }
        let width = type == 5 || type == 10 ? 4 : unit  // a rational is two LONGs
        var swapped = value
        var start = 0
        while start + width <= swapped.count {
            swapped[start..<start + width].reverse()
            start += width
        }
        return DirectoryEntry(tag: tag, type: type, count: count, value: swapped, bigEndian: order)
    }
}

/// Builds TIFF directories: values that do not fit an entry go before the directory that names them.
struct DirectoryWriter {
    let bigEndian: Bool
    private(set) var bytes: [UInt8]

    init(bigEndian: Bool, startingWith file: [UInt8]? = nil) {
        self.bigEndian = bigEndian
        bytes = file ?? (bigEndian ? [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 0] : [0x49, 0x49, 0x2A, 0x00, 0, 0, 0, 0])
    }

    func number(_ value: UInt32) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 4)
        out.writeU32(value, at: 0, bigEndian: bigEndian)
        return out
    }

    /// Appends a directory (sorted by tag, as TIFF requires) and returns its offset.
    mutating func append(_ entries: [DirectoryEntry]) -> Int {
        let sorted = entries.sorted { $0.tag < $1.tag }
        var valueOffsets: [Int] = []
        for entry in sorted {
            align()
            valueOffsets.append(bytes.count)
            if entry.value.count > 4 { bytes += entry.value }
        }
        align()
        let start = bytes.count
        var table = [UInt8](repeating: 0, count: 2 + 12 * sorted.count + 4)
        table.writeU16(UInt16(sorted.count), at: 0, bigEndian: bigEndian)
        for (index, entry) in sorted.enumerated() {
            let at = 2 + 12 * index
            table.writeU16(entry.tag, at: at, bigEndian: bigEndian)
            table.writeU16(entry.type, at: at + 2, bigEndian: bigEndian)
            table.writeU32(entry.count, at: at + 4, bigEndian: bigEndian)
            if entry.value.count > 4 {
                table.writeU32(UInt32(valueOffsets[index]), at: at + 8, bigEndian: bigEndian)
            } else {
                for (i, byte) in entry.value.enumerated() { table[at + 8 + i] = byte }
            }
        }
        bytes += table
        return start
    }

    mutating func setFirstDirectory(_ offset: Int) {
        bytes.writeU32(UInt32(offset), at: 4, bigEndian: bigEndian)
    }

    private mutating func align() {
        if bytes.count % 2 != 0 { bytes.append(0) }
    }
}
