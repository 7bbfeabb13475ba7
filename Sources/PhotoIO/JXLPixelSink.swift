import CJXL

/// libjxl hands decoded pixels over row by row, from its worker threads: written here into a Cairo-layout
/// bitmap. A whole picture comes as floats (RGB, or RGBA with straight alpha), rounded to bytes; a DC pass as
/// RGBA bytes, of which one pixel in `step` each way is kept (the DC is already smooth at that step).
/// Each call writes its own pixels, so the threads never touch the same memory. A reduced copy made as the rows
/// arrive is told of each run written.
final class JXLPixelSink {
    private struct Target {
        let pixels: UnsafeMutableRawPointer
        let width: Int
        let height: Int
        let stride: Int
        let step: Int
        let opaque: Bool
        let downscale: Unmanaged<DownscaleAsRowsArrive>?
    }

    let context: UnsafeMutableRawPointer
    private let target: UnsafeMutablePointer<Target>

    init(_ bitmap: Bitmap, step: Int, downscale: DownscaleAsRowsArrive? = nil) {
        target = .allocate(capacity: 1)
        target.initialize(to: Target(pixels: bitmap.pixels, width: bitmap.width, height: bitmap.height,
                                     stride: bitmap.stride, step: step, opaque: bitmap.alpha == .opaque,
                                     downscale: downscale.map { Unmanaged.passRetained($0) }))
        context = UnsafeMutableRawPointer(target)
    }

    func release() {
        target.pointee.downscale?.release()
        target.deinitialize(count: 1)
        target.deallocate()
    }

    /// Row `y` from column `x` in the bitmap, and how many of `count` pixels fit in it (nil: the row is outside).
    private static func row(_ context: UnsafeMutableRawPointer?, x: Int, y: Int, count: Int)
    -> (UnsafeMutablePointer<UInt32>, Int)? {
        guard let target = context?.assumingMemoryBound(to: Target.self).pointee, y < target.height,
              x < target.width else { return nil }
        let row = (target.pixels + y * target.stride).assumingMemoryBound(to: UInt32.self) + x
        return (row, min(count, target.width - x))
    }

    private static func wrote(_ context: UnsafeMutableRawPointer?, y: Int, count: Int) {
        context?.assumingMemoryBound(to: Target.self).pointee.downscale?.takeUnretainedValue().wrote(row: y, count: count)
    }

    /// A channel in 0…1 as a byte, rounded to the nearest (as libjxl rounds its own bytes); out of range and NaN
    /// clamped. Adding 2²³ leaves the rounded value in the low bits of the float: no conversion instruction, so the
    /// compiler vectorises the loop (four times as fast as `UInt32(_:)` with its range check).
    @inline(__always)
    private static func byte(_ value: Float) -> UInt32 {
        var scaled = value * 255
        scaled = scaled > 0 ? scaled : 0
        scaled = scaled < 255 ? scaled : 255
        return (scaled + 8_388_608).bitPattern & 0xFF
    }

    static let writeFloatRGB: JxlImageOutCallback = { context, x, y, count, pixels in
        guard let pixels, let (row, count) = row(context, x: Int(x), y: Int(y), count: count) else { return }
        let source = pixels.assumingMemoryBound(to: Float.self)
        for i in 0..<count {
            row[i] = 0xFF00_0000 | byte(source[3 * i]) << 16 | byte(source[3 * i + 1]) << 8 | byte(source[3 * i + 2])
        }
        wrote(context, y: Int(y), count: count)
    }

    static let writeFloatRGBA: JxlImageOutCallback = { context, x, y, count, pixels in
        guard let pixels, let (row, count) = row(context, x: Int(x), y: Int(y), count: count) else { return }
        let source = pixels.assumingMemoryBound(to: Float.self)
        for i in 0..<count {
            let p = source + 4 * i
            row[i] = byte(p[3]) << 24 | byte(p[0]) << 16 | byte(p[1]) << 8 | byte(p[2])
        }
        wrote(context, y: Int(y), count: count)
    }

    /// A DC pass's RGBA bytes, one pixel in `step` each way, from the middle of each step's square.
    static let write: JxlImageOutCallback = { context, x, y, count, pixels in
        guard let context, let pixels else { return }
        let target = context.assumingMemoryBound(to: Target.self).pointee
        let step = target.step, phase = step / 2
        guard Int(y) % step == phase else { return }
        let row = Int(y) / step
        guard row < target.height else { return }
        let source = pixels.assumingMemoryBound(to: UInt8.self)
        let destination = (target.pixels + row * target.stride).assumingMemoryBound(to: UInt32.self)
        let end = Int(x) + count
        var column = Int(x) + (phase - Int(x) % step + step) % step
        while column < end {
            let out = column / step
            if out >= target.width { break }
            let p = source + 4 * (column - Int(x))
            let alpha: UInt32 = target.opaque ? 0xFF : UInt32(p[3])
            destination[out] = alpha << 24 | UInt32(p[0]) << 16 | UInt32(p[1]) << 8 | UInt32(p[2])
            column += step
        }
    }
}
