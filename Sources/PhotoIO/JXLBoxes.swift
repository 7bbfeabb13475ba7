import CJXL
import Glibc

/// The metadata boxes of a JPEG XL container as libjxl walks them: `Exif` (a four-byte offset to the TIFF header
/// first) and `xml ` (XMP), either of them possibly Brotli-compressed in a `brob` box, which libjxl unpacks.
/// `jbrd` says the file is a recompressed JPEG.
struct JXLBoxes {
    private(set) var exif: [UInt8]?
    private(set) var xmp: [UInt8]?
    private(set) var exifMalformed = false
    private(set) var hasJPEGReconstruction = false

    /// A box bigger than this is not metadata Cropper can carry anywhere; it is left unread.
    private static let largest = 16 << 20

    private enum Kind { case exif, xmp }
    /// The box being read into memory libjxl writes to until the buffer is released.
    private var open: (kind: Kind, buffer: UnsafeMutableRawBufferPointer, filled: Int)?

    /// At a box event: ends the box before, then starts collecting this one if it is metadata.
    mutating func begin(_ decoder: OpaquePointer) throws {
        end(decoder)
        var type: JxlBoxType = (0, 0, 0, 0)
        let read = withUnsafeMutableBytes(of: &type) {
            JxlDecoderGetBoxType(decoder, $0.baseAddress!.assumingMemoryBound(to: CChar.self), 1)
        }
        guard read == JXL_DEC_SUCCESS else { return }
        let name = withUnsafeBytes(of: &type) { String(decoding: $0, as: UTF8.self) }
        let kind: Kind
        switch name {
        case "Exif" where exif == nil: kind = .exif
        case "xml " where xmp == nil: kind = .xmp
        case "jbrd":
            hasJPEGReconstruction = true
            return
        default: return
        }
        open = (kind, .allocate(byteCount: 64 << 10, alignment: 16), 0)
        try attach(decoder)
    }

    /// The box holds more than the buffer: one twice the size takes over where it stopped.
    mutating func grow(_ decoder: OpaquePointer) throws {
        guard let box = open else { return }
        let filled = box.buffer.count - JxlDecoderReleaseBoxBuffer(decoder)
        guard box.buffer.count < Self.largest else {
            box.buffer.deallocate()
            open = nil
            return
        }
        let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: box.buffer.count * 2, alignment: 16)
        bigger.copyMemory(from: UnsafeRawBufferPointer(rebasing: box.buffer[..<filled]))
        box.buffer.deallocate()
        open = (box.kind, bigger, filled)
        try attach(decoder)
    }

    /// Takes the finished box (at the next box event or the end).
    mutating func end(_ decoder: OpaquePointer) {
        guard let box = open else { return }
        open = nil
        let data = Array(box.buffer.prefix(box.buffer.count - JxlDecoderReleaseBoxBuffer(decoder)))
        box.buffer.deallocate()
        switch box.kind {
        case .exif:
            // The TIFF header follows a big-endian offset (0 in every writer seen).
            let reader = ByteReader(data, bigEndian: true)
            if let offset = reader.u32(0), Int(offset) <= data.count - 4 - 8 {
                exif = Array(data[(4 + Int(offset))...])
            } else {
                exifMalformed = true
            }
        case .xmp:
            xmp = data
        }
    }

    /// Frees a box left open when reading stopped early.
    mutating func discard(_ decoder: OpaquePointer) {
        guard let box = open else { return }
        _ = JxlDecoderReleaseBoxBuffer(decoder)
        box.buffer.deallocate()
        open = nil
    }

    private func attach(_ decoder: OpaquePointer) throws {
        guard let box = open else { return }
        let start = box.buffer.baseAddress!.assumingMemoryBound(to: UInt8.self) + box.filled
        guard JxlDecoderSetBoxBuffer(decoder, start, box.buffer.count - box.filled) == JXL_DEC_SUCCESS else {
            throw PhotoIOError.corrupt("libjxl refused a box buffer")
        }
    }
}
