import CGIF
import EditorState
import Glibc
import Localization

/// GIF through giflib: the header walks every frame without decoding it (count, delays, loop, transparency); the
/// still picture is the first frame on its canvas. Cropping an animation keeps every frame (GIFAnimationCrop).
enum GIFCodec {
    static func header(_ reader: GIFReader) throws -> ContainerHeader {
        var frames = 0, centiseconds = 0, transparent = false
        var notes: [String] = []
        do {
            while let frame = try reader.next(pixels: false) {
                frames += 1
                centiseconds += Int(frame.control.DelayTime)
                let canvas = PixelRect(size: reader.canvas)
                // A transparent index, or a first frame that leaves part of the canvas empty.
                if frame.control.TransparentColor != NO_TRANSPARENT_COLOR
                    || (frames == 1 && frame.rect.intersection(canvas) != canvas) { transparent = true }
            }
        } catch PhotoIOError.truncated where frames > 0 {
            notes.append(tr("the GIF ends after %d frames; those are shown and saved", frames))
        }
        guard frames > 0 else { throw PhotoIOError.truncated }
        let animation = frames > 1
            ? AnimationSummary(frames: frames, durationMilliseconds: centiseconds * 10,
                               plays: AnimationSummary.gifPlays(loopExtension: reader.loopCount)) : nil
        return ContainerHeader(size: reader.canvas, codec: "LZW, palette", hasAlpha: transparent, imageCount: frames,
                               isLossless: true, animation: animation, metadata: MetadataBlocks(), notes: notes)
    }

    /// The first frame on its canvas (transparent where it leaves the canvas empty).
    static func decode(_ reader: GIFReader, header: ContainerHeader) throws -> DecodedBitmap {
        var compositor = try GIFCompositor(size: reader.canvas, globalMap: reader.globalMap)
        guard let first = try reader.next(pixels: true) else { throw PhotoIOError.truncated }
        compositor.draw(first)
        guard !header.hasAlpha else { return DecodedBitmap(bitmap: compositor.canvas) }
        let opaque = try Bitmap(width: reader.canvas.width, height: reader.canvas.height, alpha: .opaque)
        memcpy(opaque.pixels, compositor.canvas.pixels, opaque.byteCount)
        return DecodedBitmap(bitmap: opaque)
    }
}
