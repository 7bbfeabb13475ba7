import CWebP
import EditorState
import Localization

/// Writes an animated WebP frame by frame, into memory or straight to an atomic write's file (`sink`): the RIFF
/// container is written here (libwebpmux can only assemble a whole file in memory), each frame encoded by libwebp
/// and its bitstream chunks placed in an ANMF chunk as soon as it is made, so only one frame is ever in memory.
/// Each frame is a whole canvas drawn without blending, so it shows exactly the pixels given whatever came before,
/// with the duration and disposal the source frame had. The RIFF size and the alpha flag, known only at the end,
/// are written over the header then.
final class AnimatedWebPWriter {
    private let canvas: PixelSize
    private let metadata: MetadataBlocks
    private let sink: AtomicFileSink?
    private var kept: [UInt8] = []
    private var written = 0
    private var hasAlpha = false

    private static let iccFlag: UInt8 = 0x20, alphaFlag: UInt8 = 0x10, exifFlag: UInt8 = 0x08, xmpFlag: UInt8 = 0x04
    private static let animationFlag: UInt8 = 0x02
    /// Where VP8X's flags byte lies: after RIFF's 12 bytes and VP8X's chunk header.
    private static let flagsOffset = 20

    /// `metadata`: the EXIF, XMP and ICC profile the file carries (the profile goes before the frames, as the
    /// format asks, the others after them).
    init(canvas: PixelSize, loopCount: Int, metadata: MetadataBlocks = MetadataBlocks(), sink: AtomicFileSink? = nil) throws {
        guard (1...(1 << 24)).contains(canvas.width), (1...(1 << 24)).contains(canvas.height) else {
            throw PhotoIOError.encodeFailed(tr("a WebP animation is at most 16,777,216 pixels a side"))
        }
        self.canvas = canvas
        self.metadata = metadata
        self.sink = sink
        var header = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8X".utf8) + Self.le(10, 4)
        header += [flags(), 0, 0, 0] + Self.le(canvas.width - 1, 3) + Self.le(canvas.height - 1, 3)
        if let icc = metadata.icc { header += Self.chunk("ICCP", icc) }
        header += Self.chunk("ANIM", [0, 0, 0, 0] + Self.le(min(max(loopCount, 0), 0xFFFF), 2))
        try emit(header)
    }

    func add(_ frame: Bitmap, duration: Int, dispose: WebPMuxAnimDispose, lossless: Bool, quality: Int) throws {
        guard frame.width == canvas.width, frame.height == canvas.height else {
            throw PhotoIOError.encodeFailed("an animation frame of another size than its canvas")
        }
        let encoded = try WebPCodec.encode(frame, lossless: lossless, quality: quality, metadata: MetadataBlocks())
        let (bitstream, alpha) = try Self.frameChunks(of: encoded)
        hasAlpha = hasAlpha || alpha
        // No blending (bit 1); disposal to the background (bit 0) as the source frame asked.
        let bits: UInt8 = 0b10 | (dispose == WEBP_MUX_DISPOSE_BACKGROUND ? 1 : 0)
        let placement = Self.le(0, 3) + Self.le(0, 3) + Self.le(canvas.width - 1, 3) + Self.le(canvas.height - 1, 3)
            + Self.le(min(max(duration, 0), 0xFF_FFFF), 3) + [bits]
        try emit(Self.chunk("ANMF", placement + bitstream))
    }

    /// Writes the EXIF and XMP chunks and the sizes; the bytes when kept in memory, none when they went to the sink.
    func finish() throws -> [UInt8] {
        var tail: [UInt8] = []
        if let exif = metadata.exif { tail += Self.chunk("EXIF", exif) }
        if let xmp = metadata.xmp { tail += Self.chunk("XMP ", xmp) }
        try emit(tail)
        guard written - 8 <= Int(UInt32.max) - 1 else { throw PhotoIOError.encodeFailed(tr("the animation is too large for a WebP file (at most 4 GiB)")) }
        let size = Self.le(written - 8, 4)
        if let sink {
            try sink.write(size, at: 4)
            try sink.write([flags()], at: Self.flagsOffset)
            return []
        }
        kept.replaceSubrange(4..<8, with: size)
        kept[Self.flagsOffset] = flags()
        return kept
    }

    private func flags() -> UInt8 {
        var flags = Self.animationFlag
        if metadata.icc != nil { flags |= Self.iccFlag }
        if metadata.exif != nil { flags |= Self.exifFlag }
        if metadata.xmp != nil { flags |= Self.xmpFlag }
        if hasAlpha { flags |= Self.alphaFlag }
        return flags
    }

    private func emit(_ bytes: [UInt8]) throws {
        if let sink { try sink.write(bytes) } else { kept += bytes }
        written += bytes.count
    }

    /// The chunks of a still WebP that make its picture (ALPH and VP8, or VP8L), as an ANMF chunk holds them, and
    /// whether the picture has alpha (an ALPH chunk, or VP8L's alpha bit).
    static func frameChunks(of webp: [UInt8]) throws -> (chunks: [UInt8], alpha: Bool) {
        guard webp.count >= 12, Array(webp[0..<4]) == Array("RIFF".utf8), Array(webp[8..<12]) == Array("WEBP".utf8) else {
            throw PhotoIOError.encodeFailed("libwebp wrote no WebP")
        }
        var chunks: [UInt8] = []
        var alpha = false
        var position = 12
        while position + 8 <= webp.count {
            let fourCC = String(decoding: webp[position..<position + 4], as: UTF8.self)
            let size = Int(webp[position + 4]) | Int(webp[position + 5]) << 8 | Int(webp[position + 6]) << 16
                | Int(webp[position + 7]) << 24
            let end = position + 8 + size + (size & 1)
            guard position + 8 + size <= webp.count else { throw PhotoIOError.encodeFailed("libwebp wrote a cut chunk") }
            switch fourCC {
            case "ALPH":
                alpha = true
                chunks += webp[position..<min(end, webp.count)]
            case "VP8 ":
                chunks += webp[position..<min(end, webp.count)]
            case "VP8L":
                // The header's 29th bit (after the signature byte, 14 bits of width and 14 of height) says alpha is used.
                if size >= 5 { alpha = alpha || webp[position + 8 + 4] & 0x10 != 0 }
                chunks += webp[position..<min(end, webp.count)]
            default:
                break
            }
            position = end
        }
        guard !chunks.isEmpty else { throw PhotoIOError.encodeFailed("libwebp wrote no picture") }
        if chunks.count % 2 == 1 { chunks.append(0) }
        return (chunks, alpha)
    }

    /// A RIFF chunk: its four characters, its size and its payload, padded to an even length.
    static func chunk(_ fourCC: String, _ payload: [UInt8]) -> [UInt8] {
        Array(fourCC.utf8) + le(payload.count, 4) + payload + (payload.count % 2 == 1 ? [0] : [])
    }

    /// `value` as `count` little-endian bytes.
    static func le(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
