import EditorState
import Localization

/// Animated PNG: the animation chunks read by APNGStructure, each frame decoded by libpng as a PNG of its own and
/// played onto the canvas by APNGCompositor, one frame at a time.
enum APNGCodec {
    static func header(_ bytes: [UInt8]) throws -> ContainerHeader {
        guard let structure = try APNGStructure.parse(bytes) else { throw PhotoIOError.notAnImage }
        let png = try PNGCodec.header(bytes)
        let canvas = PixelRect(size: structure.canvas)
        let hasAlpha = [4, 6].contains(structure.colourType) || structure.hasTransparencyChunk
            || structure.frames[0].control.rect != canvas
        let frames = structure.frames.count
        return ContainerHeader(size: structure.canvas, codec: png.colorName, bitDepth: png.bitDepth,
                               hasAlpha: hasAlpha, imageCount: frames, isLossless: true,
                               animation: AnimationSummary(frames: frames,
                                                           durationMilliseconds: structure.frames.reduce(0) { $0 + $1.control.milliseconds },
                                                           plays: structure.plays),
                               metadata: MetadataBlocks(), notes: png.isTruncated ? [PhotoIOError.truncated.reason] : [])
    }

    /// The first frame on its canvas.
    static func decode(_ source: PhotoSource) throws -> DecodedBitmap {
        DecodedBitmap(bitmap: try AnimationFrameReader.canvas(at: 0, of: source))
    }
}

/// Writes an APNG of whole-canvas frames, each drawn in place of what was before (blend 0) so it shows exactly the
/// pixels given; its delay and disposal as the source frame had them. Every frame is RGBA, as IHDR says for all.
final class APNGWriter {
    private var bytes: [UInt8] = []
    private var sequence: UInt32 = 0
    private let canvas: PixelSize
    private let frameCount: Int
    private let plays: Int
    private var written = 0

    init(canvas: PixelSize, frames: Int, plays: Int) {
        self.canvas = canvas
        frameCount = frames
        self.plays = plays
    }

    func add(_ frame: Bitmap, delayNumerator: Int, delayDenominator: Int, dispose: UInt8) throws {
        guard frame.alpha == .straight, frame.size == canvas, written < frameCount else {
            throw PhotoIOError.encodeFailed("an APNG frame that does not fit the animation")
        }
        let png = try PNGCodec.encode(frame)
        let chunks = PNGChunks.list(png)
        guard let ihdr = chunks.first(where: { $0.type == "IHDR" }) else { throw PhotoIOError.encodeFailed("libpng wrote no IHDR") }
        let data = chunks.filter { $0.type == "IDAT" }.flatMap { Array(png[$0.data]) }
        if written == 0 {
            bytes = PNGCodec.signature + PNGChunks.make("IHDR", Array(png[ihdr.data]))
            bytes += PNGChunks.make("acTL", PNGChunks.bigEndian(UInt32(frameCount)) + PNGChunks.bigEndian(UInt32(plays)))
        }
        var control = PNGChunks.bigEndian(sequence) + PNGChunks.bigEndian(UInt32(canvas.width))
            + PNGChunks.bigEndian(UInt32(canvas.height)) + PNGChunks.bigEndian(0) + PNGChunks.bigEndian(0)
        control += PNGChunks.bigEndian16(UInt16(clamping: delayNumerator)) + PNGChunks.bigEndian16(UInt16(clamping: delayDenominator))
        control += [min(dispose, 2), 0]
        bytes += PNGChunks.make("fcTL", control)
        sequence += 1
        if written == 0 {
            bytes += PNGChunks.make("IDAT", data)
        } else {
            bytes += PNGChunks.make("fdAT", PNGChunks.bigEndian(sequence) + data)
            sequence += 1
        }
        written += 1
    }

    func finish() throws -> [UInt8] {
        guard written == frameCount else { throw PhotoIOError.encodeFailed("the APNG has \(written) of \(frameCount) frames") }
        return bytes + PNGChunks.make("IEND", [])
    }
}
