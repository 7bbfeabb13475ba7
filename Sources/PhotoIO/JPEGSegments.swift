import Glibc

/// One marker segment of a JPEG file, bytes exactly as stored:
/// `FF`, the marker, the two length bytes and the payload.
public struct JPEGSegment: Equatable, Sendable {
    public let marker: UInt8
    /// Offset of the segment's FF byte in the file.
    public let offset: Int
    public let bytes: [UInt8]

    public init(marker: UInt8, offset: Int = 0, bytes: [UInt8]) {
        self.marker = marker
        self.offset = offset
        self.bytes = bytes
    }

    /// Builds a segment from a payload (the bytes after the length field).
    public init?(marker: UInt8, payload: [UInt8]) {
        guard payload.count <= 65_533 else { return nil }
        let length = payload.count + 2
        self.init(marker: marker, bytes: [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload)
    }

    public var payload: ArraySlice<UInt8> { bytes[4...] }
    var isAPPn: Bool { marker >= 0xE0 && marker <= 0xEF }
    var isComment: Bool { marker == 0xFE }
    /// APPn and COM: the segments that carry metadata rather than coding parameters.
    public var isMetadata: Bool { isAPPn || isComment }

    func payloadHasPrefix(_ signature: [UInt8]) -> Bool { payload.hasPrefix(signature) }
}

/// The marker layout of a JPEG file: every segment before the first scan,
/// the frame header, and whether the file reaches its EOI marker.
public struct JPEGStructure: Sendable {
    public let segments: [JPEGSegment]
    public let frame: JPEGFrame
    /// Offset of the first SOS marker.
    public let firstScanOffset: Int
    /// Offset just past the EOI marker; nil when the file ends before it.
    let endOfImage: Int?
    /// Number of SOS markers seen (progressive files have many).
    let scanCount: Int

    public var isTruncated: Bool { endOfImage == nil }
    /// Adobe's APP14 on a CMYK file means its values are stored inverted (255 = no ink), as Photoshop writes them.
    var hasAdobeMarker: Bool { segments.contains(where: \.isAdobeTransform) }
    public var metadataSegments: [JPEGSegment] { segments.filter(\.isMetadata) }

    /// Walks the markers of `bytes`. Throws `.notAnImage` without SOI,
    /// `.truncated` when the headers are cut short, `.corrupt` on nonsense.
    public static func parse(_ bytes: [UInt8]) throws -> JPEGStructure {
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else { throw PhotoIOError.notAnImage }
        var segments: [JPEGSegment] = []
        var frame: JPEGFrame?
        var position = 2

        while true {
            let (marker, markerOffset, next) = try nextMarker(in: bytes, from: position)
            position = next
            switch marker {
            case 0xD8:
                throw PhotoIOError.corrupt("a second start-of-image marker in the headers")
            case 0xD9:
                throw PhotoIOError.corrupt("the file ends before any image data")
            case 0x01, 0xD0...0xD7:
                continue  // standalone markers carry no length
            default:
                break
            }
            guard position + 2 <= bytes.count else { throw PhotoIOError.truncated }
            let length = Int(bytes[position]) << 8 | Int(bytes[position + 1])
            guard length >= 2 else { throw PhotoIOError.corrupt("segment length \(length) at offset \(markerOffset)") }
            guard position + length <= bytes.count else { throw PhotoIOError.truncated }
            let segment = JPEGSegment(marker: marker, offset: markerOffset,
                                      bytes: Array(bytes[markerOffset..<position + length]))
            position += length

            if marker == 0xDA {
                guard let frame else { throw PhotoIOError.corrupt("image data before the frame header") }
                let (end, scans) = endOfEntropyData(in: bytes, from: position)
                return JPEGStructure(segments: segments, frame: frame, firstScanOffset: markerOffset, endOfImage: end,
                                     scanCount: scans)
            }
            if JPEGFrame.isStartOfFrame(marker), frame == nil {
                frame = try JPEGFrame(segment: segment)
            }
            segments.append(segment)
        }
    }

    /// Finds the next marker at or after `position`, skipping FF fill bytes.
    /// Returns the marker, the offset of its first FF, and the offset after it.
    private static func nextMarker(in bytes: [UInt8], from position: Int) throws -> (UInt8, Int, Int) {
        var p = position
        guard p < bytes.count else { throw PhotoIOError.truncated }
        // Junk between markers is skipped, as libjpeg does (with a warning the decode reports).
        while p < bytes.count, bytes[p] != 0xFF || p + 1 < bytes.count && bytes[p + 1] == 0x00 { p += 1 }
        guard p < bytes.count else { throw PhotoIOError.truncated }
        let start = p
        while p < bytes.count, bytes[p] == 0xFF { p += 1 }
        guard p < bytes.count else { throw PhotoIOError.truncated }
        return (bytes[p], start, p + 1)
    }

    /// Skips entropy-coded data and the markers between scans up to EOI.
    /// Returns the offset after EOI (nil when the data stops first) and the scan count.
    private static func endOfEntropyData(in bytes: [UInt8], from start: Int) -> (Int?, Int) {
        bytes.withUnsafeBufferPointer { buffer -> (Int?, Int) in
            var scans = 1
            guard let base = buffer.baseAddress else { return (nil, scans) }
            let count = buffer.count
            var p = start
            while p < count {
                guard let hit = memchr(base + p, 0xFF, count - p) else { return (nil, scans) }
                p = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
                while p < count, base[p] == 0xFF { p += 1 }
                guard p < count else { return (nil, scans) }
                let marker = base[p]
                p += 1
                switch marker {
                case 0x00, 0xD0...0xD7:
                    continue  // stuffed zero or restart marker: still entropy data
                case 0xD9:
                    return (p, scans)
                default:
                    guard p + 2 <= count else { return (nil, scans) }
                    let length = Int(base[p]) << 8 | Int(base[p + 1])
                    guard length >= 2 else { return (nil, scans) }
                    if marker == 0xDA { scans += 1 }
                    p += length
                }
            }
            return (nil, scans)
        }
    }
}

/// Signatures that name what an APPn segment holds.
enum SegmentSignature {
    static let exif: [UInt8] = "Exif\0".asciiBytes
    static let xmp: [UInt8] = "http://ns.adobe.com/xap/1.0/\0".asciiBytes
    static let extendedXMP: [UInt8] = "http://ns.adobe.com/xmp/extension/\0".asciiBytes
    static let icc: [UInt8] = "ICC_PROFILE\0".asciiBytes
    static let photoshop: [UInt8] = "Photoshop 3.0\0".asciiBytes
    static let jfif: [UInt8] = "JFIF\0".asciiBytes
    static let jfxx: [UInt8] = "JFXX\0".asciiBytes
    static let adobe: [UInt8] = "Adobe".asciiBytes
}

extension JPEGSegment {
    public var isExif: Bool { marker == 0xE1 && payloadHasPrefix(SegmentSignature.exif) }
    public var isXMP: Bool { marker == 0xE1 && payloadHasPrefix(SegmentSignature.xmp) }
    var isExtendedXMP: Bool { marker == 0xE1 && payloadHasPrefix(SegmentSignature.extendedXMP) }
    var isICC: Bool { marker == 0xE2 && payloadHasPrefix(SegmentSignature.icc) }
    var isPhotoshop: Bool { marker == 0xED && payloadHasPrefix(SegmentSignature.photoshop) }
    var isJFIF: Bool { marker == 0xE0 && payloadHasPrefix(SegmentSignature.jfif) }
    var isJFXX: Bool { marker == 0xE0 && payloadHasPrefix(SegmentSignature.jfxx) }
    /// Adobe APP14 describes the colour transform of the coded data, not the picture.
    var isAdobeTransform: Bool { marker == 0xEE && payloadHasPrefix(SegmentSignature.adobe) }
}
