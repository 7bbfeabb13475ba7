import EditorState
import Foundation
import PhotoIO
import X11Platform

/// The decoded frames of the open animation, on the runner's side: a thread of its own decodes them ahead of the
/// frame shown, in playing order and as many as `FrameWindow` allows, converted for the display and ready to
/// draw. The app state says which frame is shown (`show`) and asks which are in (`bitmap`); every frame decoded is
/// announced through the wake-up pipe. `decodesInline` (the in-process tests) decodes on the caller's thread.
final class AnimationFrameStore: @unchecked Sendable {
    private let pipe: WakePipe<BackgroundMessage>
    private let decodesInline: Bool
    private let condition = NSCondition()
    private var playing: Playing?

    /// One animation's decoding: written under the store's lock, the reader used by the decoding thread alone.
    private final class Playing: @unchecked Sendable {
        let generation: Int
        let source: PhotoSource
        let display: DisplayProfile
        let window: FrameWindow
        var shown = 0
        var decoded: [Int: DisplayBitmap] = [:]
        var isClosed = false
        var reader: AnimationFrameReader?

        init(generation: Int, source: PhotoSource, display: DisplayProfile, frames: Int) {
            self.generation = generation
            self.source = source
            self.display = display
            let size = source.storedSize
            window = FrameWindow(frames: frames, frameBytes: size.width * size.height * 4)
        }

        var missing: Int? { window.wanted(from: shown).first { decoded[$0] == nil } }
    }

    init(replyTo pipe: WakePipe<BackgroundMessage>, decodesInline: Bool = false) {
        self.pipe = pipe
        self.decodesInline = decodesInline
    }

    /// Starts decoding `source`'s frames from the first (the animation before it is let go).
    func open(_ source: PhotoSource, frames: Int, generation: Int, display: DisplayProfile) {
        let started = Playing(generation: generation, source: source, display: display, frames: frames)
        condition.lock()
        playing?.isClosed = true
        playing = started
        condition.broadcast()
        condition.unlock()
        if decodesInline {
            decodeMissing(started)
            return
        }
        let thread = Thread { [self] in decodeMissing(started) }
        thread.name = "cropper.frames"
        thread.start()
    }

    /// Lets the open animation go (another photo is opening).
    func close() {
        condition.lock()
        playing?.isClosed = true
        playing = nil
        condition.broadcast()
        condition.unlock()
    }

    /// Frame `index` is the one shown now: the frames after it are decoded next, those behind it let go.
    func show(_ index: Int, generation: Int) {
        condition.lock()
        guard let playing, playing.generation == generation, playing.shown != index else {
            condition.unlock()
            return
        }
        playing.shown = index
        condition.broadcast()
        condition.unlock()
        if decodesInline { decodeMissing(playing) }
    }

    func bitmap(_ index: Int, generation: Int) -> DisplayBitmap? {
        condition.lock()
        defer { condition.unlock() }
        guard let playing, playing.generation == generation else { return nil }
        return playing.decoded[index]
    }

    /// Decodes what the window misses, in order; waits (on its own thread) for the frame shown to move on.
    private func decodeMissing(_ playing: Playing) {
        condition.lock()
        while !playing.isClosed {
            guard let index = playing.missing else {
                if decodesInline { break }
                condition.wait()
                continue
            }
            condition.unlock()
            let result = Result { try decode(index, of: playing) }
            condition.lock()
            guard !playing.isClosed else { break }
            switch result {
            case let .success(bitmap):
                playing.decoded[index] = bitmap
                let kept = Set(playing.window.wanted(from: playing.shown))
                playing.decoded = playing.decoded.filter { kept.contains($0.key) }
                pipe.post(.animationFrameDecoded(generation: playing.generation, index: index))
            case let .failure(error):
                playing.isClosed = true
                pipe.post(.animationFrameFailed(generation: playing.generation, index: index,
                                                reason: ImageLoader.describe(error)))
            }
        }
        condition.unlock()
    }

    /// Frame `index` as the display shows it: read on from where the reader is, or from the start for a frame
    /// behind it (every frame is drawn on the ones before).
    private func decode(_ index: Int, of playing: Playing) throws -> DisplayBitmap {
        if playing.reader == nil || playing.reader!.nextIndex > index {
            playing.reader = try AnimationFrameReader(playing.source)
        }
        guard let reader = playing.reader else { throw PhotoIOError.notAnImage }
        while let (canvas, _) = try reader.next() {
            guard reader.nextIndex == index + 1 else { continue }
            let pixels = try canvas.cropped(to: PixelRect(size: canvas.size))
            playing.source.displayTransform(to: playing.display)?.apply(to: pixels, inBackground: true)
            return try DisplayBitmap(pixels, isAnimationFrame: true)
        }
        throw PhotoIOError.truncated
    }
}
