import CGIF
import EditorState
import Glibc

/// Plays a GIF's frames onto one canvas the way browsers and ImageMagick's `-coalesce` do: the canvas starts
/// transparent, each frame's transparent index leaves what is below, and before the next frame its disposal
/// clears its rectangle ("background": to transparent) or restores what was there ("previous").
struct GIFCompositor {
    let canvas: Bitmap
    private let globalMap: [GifColorType]?
    private var pending: (mode: Int32, rect: PixelRect?, saved: [UInt32])?

    init(size: PixelSize, globalMap: [GifColorType]?) throws {
        canvas = try Bitmap(width: size.width, height: size.height, alpha: .straight)
        memset(canvas.pixels, 0, canvas.byteCount)
        self.globalMap = globalMap
    }

    /// Draws `frame` (after disposing of the one before); the canvas then shows the picture at this frame.
    mutating func draw(_ frame: GIFFrame) {
        dispose()
        let visible = frame.rect.intersection(PixelRect(size: canvas.size))
        let mode = frame.control.DisposalMode
        let saved = mode == DISPOSE_PREVIOUS ? copy(visible) : []
        pending = (mode, visible, saved)
        guard let visible, let palette = frame.localMap ?? globalMap else { return }
        let transparent = Int(frame.control.TransparentColor)
        let colours = palette.map { 0xFF00_0000 | UInt32($0.Red) << 16 | UInt32($0.Green) << 8 | UInt32($0.Blue) }
        for y in visible.y..<visible.maxY {
            let row = canvas.row(y)
            let source = (y - frame.rect.y) * frame.rect.width - frame.rect.x
            for x in visible.x..<visible.maxX {
                let index = Int(frame.indices[source + x])
                // An index past the palette's end is drawn black, as giflib's own tools do.
                if index != transparent { row[x] = index < colours.count ? colours[index] : 0xFF00_0000 }
            }
        }
    }

    private mutating func dispose() {
        guard let (mode, area, saved) = pending else { return }
        pending = nil
        guard let rect = area else { return }
        if mode == DISPOSE_BACKGROUND {
            for y in rect.y..<rect.maxY { (canvas.row(y) + rect.x).update(repeating: 0, count: rect.width) }
        } else if mode == DISPOSE_PREVIOUS, !saved.isEmpty {
            for y in 0..<rect.height {
                saved.withUnsafeBufferPointer { (canvas.row(rect.y + y) + rect.x).update(from: $0.baseAddress! + y * rect.width, count: rect.width) }
            }
        }
    }

    private func copy(_ rect: PixelRect?) -> [UInt32] {
        guard let rect else { return [] }
        var saved = [UInt32]()
        saved.reserveCapacity(rect.width * rect.height)
        for y in rect.y..<rect.maxY { saved.append(contentsOf: UnsafeBufferPointer(start: canvas.row(y) + rect.x, count: rect.width)) }
        return saved
    }
}

