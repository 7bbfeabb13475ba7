import EditorState
import Glibc

/// Plays APNG frames onto one canvas as the specification says: the canvas starts transparent; a frame replaces
/// what is below it (blend 0) or is drawn over it (blend 1, straight alpha); before the next frame its area is
/// left, cleared to transparent (dispose 1) or restored (dispose 2).
struct APNGCompositor {
    let canvas: Bitmap
    private var pending: (dispose: UInt8, rect: PixelRect, saved: [UInt32])?

    init(size: PixelSize) throws {
        canvas = try Bitmap(width: size.width, height: size.height, alpha: .straight)
        memset(canvas.pixels, 0, canvas.byteCount)
    }

    mutating func draw(_ pixels: Bitmap, control: APNGFrameControl) {
        dispose()
        let rect = control.rect
        var saved: [UInt32] = []
        if control.dispose == 2 {
            for y in rect.y..<rect.maxY { saved.append(contentsOf: UnsafeBufferPointer(start: canvas.row(y) + rect.x, count: rect.width)) }
        }
        pending = (control.dispose, rect, saved)
        for y in 0..<min(rect.height, pixels.height) {
            let source = pixels.row(y), target = canvas.row(rect.y + y) + rect.x
            for x in 0..<min(rect.width, pixels.width) {
                let top = pixels.alpha == .opaque ? source[x] | 0xFF00_0000 : source[x]
                target[x] = control.blend == 1 ? Self.over(top, target[x]) : top
            }
        }
    }

    private mutating func dispose() {
        guard let (dispose, rect, saved) = pending else { return }
        pending = nil
        for y in 0..<rect.height {
            let row = canvas.row(rect.y + y) + rect.x
            if dispose == 1 {
                row.update(repeating: 0, count: rect.width)
            } else if dispose == 2 {
                saved.withUnsafeBufferPointer { row.update(from: $0.baseAddress! + y * rect.width, count: rect.width) }
            }
        }
    }

    /// Straight-alpha "over": the result's alpha and the colours weighted by what each contributes.
    static func over(_ top: UInt32, _ bottom: UInt32) -> UInt32 {
        let a = top >> 24
        if a == 255 { return top }
        if a == 0 { return bottom }
        let b = bottom >> 24
        let outA = a * 255 + b * (255 - a)  // ×255
        guard outA > 0 else { return 0 }
        var result = (outA + 127) / 255 << 24
        for shift: UInt32 in [0, 8, 16] {
            let c = (top >> shift) & 0xFF, d = (bottom >> shift) & 0xFF
            result |= ((c * a * 255 + d * b * (255 - a) + outA / 2) / outA) << shift
        }
        return result
    }
}
