import EditorState

/// One APNG frame's control chunk (fcTL): its rectangle on the canvas, its delay as a fraction of a second, and
/// how it is disposed of (0 none, 1 background, 2 previous) and drawn (0 source, 1 over).
struct APNGFrameControl {
    let rect: PixelRect
    let delayNumerator: Int
    let delayDenominator: Int
    let dispose: UInt8
    let blend: UInt8

    /// In milliseconds; a denominator of 0 means hundredths, as the specification says.
    var milliseconds: Int { delayNumerator * 1000 / (delayDenominator == 0 ? 100 : delayDenominator) }
}

/// The animation chunks of an APNG, which Debian's libpng (without the APNG patch) passes over: acTL (frame count,
/// plays), each frame's fcTL and its data (the IDAT chunks for a first frame that is the default image, fdAT
/// chunks after a sequence number for the others). Each frame is decoded by libpng as a PNG of its own, made of
/// the file's header chunks and the frame's data (`framePNG`).
struct APNGStructure {
    let canvas: PixelSize
    let plays: Int
    let frames: [(control: APNGFrameControl, data: [Range<Int>])]
    /// The IHDR data, and the chunks every frame's PNG needs beside it (palette, transparency, colour).
    private let header: [UInt8]
    private let shared: [(String, Range<Int>)]
    let colourType: Int
    let hasTransparencyChunk: Bool

    /// nil for a PNG that is not animated (no acTL before the image data).
    static func parse(_ bytes: [UInt8]) throws -> APNGStructure? {
        let chunks = PNGChunks.list(bytes)
        guard let ihdr = chunks.first, ihdr.type == "IHDR", ihdr.data.count == 13 else { return nil }
        guard let actl = chunks.first(where: { $0.type == "acTL" || $0.type == "IDAT" }), actl.type == "acTL",
              actl.data.count == 8 else { return nil }
        let reader = ByteReader(bytes, bigEndian: true)
        let canvas = PixelSize(width: Int(reader.u32(ihdr.data.lowerBound) ?? 0), height: Int(reader.u32(ihdr.data.lowerBound + 4) ?? 0))
        try PixelLimits.check(canvas)
        let plays = Int(reader.u32(actl.data.lowerBound + 4) ?? 0)
        var frames: [(control: APNGFrameControl, data: [Range<Int>])] = []
        var shared: [(String, Range<Int>)] = []
        var seenImage = false
        for chunk in chunks {
            switch chunk.type {
            case "PLTE", "tRNS", "gAMA", "cHRM", "sRGB", "iCCP":
                if !seenImage { shared.append((chunk.type, chunk.data)) }
            case "fcTL":
                guard chunk.data.count == 26 else { throw PhotoIOError.corrupt("an APNG frame control of \(chunk.data.count) bytes") }
                let at = chunk.data.lowerBound
                let rect = PixelRect(x: Int(reader.u32(at + 12)!), y: Int(reader.u32(at + 16)!),
                                     width: Int(reader.u32(at + 4)!), height: Int(reader.u32(at + 8)!))
                guard rect.width > 0, rect.height > 0, rect.maxX <= canvas.width, rect.maxY <= canvas.height else {
                    throw PhotoIOError.corrupt("an APNG frame of \(rect.width)x\(rect.height) at \(rect.x),\(rect.y) outside its \(canvas) canvas")
                }
                let control = APNGFrameControl(rect: rect, delayNumerator: Int(reader.u16(at + 20)!),
                                               delayDenominator: Int(reader.u16(at + 22)!),
                                               dispose: bytes[at + 24], blend: bytes[at + 25])
                frames.append((control, []))
            case "IDAT":
                seenImage = true
                // Image data before any fcTL is a default image outside the animation.
                if !frames.isEmpty, frames.count == 1 { frames[0].data.append(chunk.data) }
            case "fdAT" where !frames.isEmpty && chunk.data.count > 4:
                frames[frames.count - 1].data.append(chunk.data.lowerBound + 4..<chunk.data.upperBound)
            default:
                continue
            }
        }
        frames.removeAll { $0.data.isEmpty }
        guard !frames.isEmpty else { throw PhotoIOError.truncated }
        return APNGStructure(canvas: canvas, plays: plays, frames: frames, header: Array(bytes[ihdr.data]),
                             shared: shared, colourType: Int(bytes[ihdr.data.lowerBound + 9]),
                             hasTransparencyChunk: shared.contains { $0.0 == "tRNS" })
    }

    /// Frame `index` as a PNG of its own size.
    func framePNG(_ index: Int, from bytes: [UInt8]) -> [UInt8] {
        let frame = frames[index]
        var ihdr = header
        ihdr.replaceSubrange(0..<8, with: PNGChunks.bigEndian(UInt32(frame.control.rect.width))
                                 + PNGChunks.bigEndian(UInt32(frame.control.rect.height)))
        var png = PNGCodec.signature + PNGChunks.make("IHDR", ihdr)
        for (type, range) in shared { png += PNGChunks.make(type, Array(bytes[range])) }
        png += PNGChunks.make("IDAT", frame.data.flatMap { Array(bytes[$0]) })
        return png + PNGChunks.make("IEND", [])
    }
}
