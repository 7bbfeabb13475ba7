import CGIF
import CWebP
import EditorState
import Glibc

/// Reads any animation Cropper opens (a GIF, an animated WebP, an APNG) one composited canvas at a time, in order,
/// with each frame's timing: what playing it in the window, cropping it frame by frame and saving one frame as a
/// still all read. Only the canvas and the frame being drawn are in memory; going back means a new reader.
public final class AnimationFrameReader {
    /// The index of the frame `next` reads.
    public private(set) var nextIndex = 0
    private var kind: Kind

    private enum Kind {
        case gif(GIFReader, GIFCompositor)
        case apng(APNGStructure, APNGCompositor, bytes: [UInt8])
        case webp(WebPFrames)
    }

    public init(_ source: PhotoSource) throws {
        switch source.format {
        case .gif:
            let reader = try GIFReader(source)
            kind = .gif(reader, try GIFCompositor(size: reader.canvas, globalMap: reader.globalMap))
        case .apng:
            guard let structure = try APNGStructure.parse(source.bytes) else { throw PhotoIOError.notAnImage }
            kind = .apng(structure, try APNGCompositor(size: structure.canvas), bytes: source.bytes)
        default:
            kind = .webp(try WebPFrames(source.bytes, size: source.storedSize))
        }
    }

    /// The canvas after the next frame is drawn (one bitmap, reused: copy what is kept) and that frame's timing;
    /// nil after the last.
    public func next() throws -> (canvas: Bitmap, timing: FrameTiming)? {
        let index = nextIndex
        switch kind {
        case .gif(let reader, var compositor):
            guard let frame = try reader.next(pixels: true) else { return nil }
            compositor.draw(frame)
            kind = .gif(reader, compositor)
            nextIndex += 1
            let disposal: FrameTiming.Disposal = switch frame.control.DisposalMode {
            case DISPOSE_BACKGROUND: .background
            case DISPOSE_PREVIOUS: .previous
            default: .keep
            }
            return (compositor.canvas, FrameTiming(numerator: Int(frame.control.DelayTime), denominator: 100,
                                                   dispose: disposal, lossless: true))
        case .apng(let structure, var compositor, let bytes):
            guard index < structure.frames.count else { return nil }
            let control = structure.frames[index].control
            let frame = try PNGCodec.decode(structure.framePNG(index, from: bytes))
            if let damage = frame.damage { throw PhotoIOError.corrupt("APNG frame \(index + 1): \(damage.detail)") }
            compositor.draw(frame.bitmap, control: control)
            kind = .apng(structure, compositor, bytes: bytes)
            nextIndex += 1
            let disposal: FrameTiming.Disposal = control.dispose == 1 ? .background : control.dispose == 2 ? .previous : .keep
            return (compositor.canvas, FrameTiming(numerator: control.delayNumerator,
                                                   denominator: control.delayDenominator == 0 ? 100 : control.delayDenominator,
                                                   dispose: disposal, lossless: true))
        case .webp(let frames):
            guard let canvas = try frames.next(), index < frames.timing.count else { return nil }
            nextIndex += 1
            let frame = frames.timing[index]
            return (canvas, FrameTiming(numerator: frame.duration, denominator: 1000,
                                        dispose: frame.dispose == WEBP_MUX_DISPOSE_BACKGROUND ? .background : .keep,
                                        lossless: frame.lossless))
        }
    }

    /// Reads up to frame `index` and gives a copy of the canvas as it then looks.
    public static func canvas(at index: Int, of source: PhotoSource) throws -> Bitmap {
        let reader = try AnimationFrameReader(source)
        while let (canvas, _) = try reader.next() {
            if reader.nextIndex == index + 1 { return try canvas.cropped(to: PixelRect(size: canvas.size)) }
        }
        throw PhotoIOError.invalidRequest("the animation has no frame \(index + 1)")
    }
}

/// libwebp's animation decoder over a copy of the file it keeps (the decoder reads from it between calls).
private final class WebPFrames {
    let timing: [WebPAnimation.Frame]
    private let data: UnsafeMutableBufferPointer<UInt8>
    private let decoder: OpaquePointer
    private let canvas: Bitmap
    private var index = 0

    init(_ bytes: [UInt8], size: PixelSize) throws {
        timing = try WebPAnimation.frames(of: bytes)
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw PhotoIOError.corrupt("libwebp version mismatch") }
        options.color_mode = MODE_BGRA
        options.use_threads = 1
        canvas = try Bitmap(width: size.width, height: size.height, alpha: .straight)
        data = .allocate(capacity: max(bytes.count, 1))
        _ = data.initialize(from: bytes)
        var webp = WebPData(bytes: data.baseAddress, size: bytes.count)
        guard let decoder = WebPAnimDecoderNew(&webp, &options) else {
            data.deallocate()
            throw PhotoIOError.corrupt("libwebp cannot read the animation")
        }
        self.decoder = decoder
    }

    deinit {
        WebPAnimDecoderDelete(decoder)
        data.deallocate()
    }

    func next() throws -> Bitmap? {
        guard WebPAnimDecoderHasMoreFrames(decoder) != 0 else { return nil }
        var frame: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0, let frame else {
            throw index == 0 ? PhotoIOError.corrupt("the first frame cannot be decoded") : PhotoIOError.truncated
        }
        memcpy(canvas.pixels, frame, canvas.byteCount)
        index += 1
        return canvas
    }
}
