import Dispatch
import EditorState
import Glibc

/// A straightened crop at full resolution: each output pixel is read from the upright picture turned back by the
/// angle, through a bicubic filter. Only the output rectangle is computed, never the whole turned picture.
public enum StraightenRender {
    /// The cubic's reach: two source pixels either side of the sample point.
    static let reach = 2

    /// The part of the upright picture (`size`) that a `rect` of the turned frame reads, filter reach included.
    public static func sourceRegion(for rect: PixelRect, in size: PixelSize, angle: StraightenAngle) -> PixelRect {
        let turned = TurnedPhoto(size: size, angle: angle)
        let corners = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)]
            .map { turned.photoPoint(fromTurned: Point(x: Double($0.0), y: Double($0.1))) }
        let minX = max(0, Int(floor(corners.map(\.x).min()!)) - reach)
        let minY = max(0, Int(floor(corners.map(\.y).min()!)) - reach)
        let maxX = min(size.width, Int(ceil(corners.map(\.x).max()!)) + reach)
        let maxY = min(size.height, Int(ceil(corners.map(\.y).max()!)) + reach)
        return PixelRect(x: minX, y: minY, width: max(1, maxX - minX), height: max(1, maxY - minY))
    }

    /// Refuses a rect that reaches off the turned picture, naming the largest box of its shape that fits there.
    public static func check(_ rect: PixelRect, in size: PixelSize, angle: StraightenAngle) throws {
        let turned = TurnedPhoto(size: size, angle: angle)
        guard !rect.isEmpty, !turned.contains(rect) else { return }
        throw PhotoIOError.rectOutsideTurnedPhoto(rect: rect, angle: angle, largest: turned.fitted(rect))
    }

    /// `rect` of the turned frame, from `upright`: the pixels of `region` of the upright picture (`size` in all).
    public static func render(_ upright: Bitmap, region: PixelRect, uprightSize size: PixelSize, rect: PixelRect,
                              angle: StraightenAngle) throws -> Bitmap {
        let out = try Bitmap(width: rect.width, height: rect.height, alpha: upright.alpha)
        let turned = TurnedPhoto(size: size, angle: angle)
        let sine = sin(angle.radians), cosine = cos(angle.radians)
        // The sample point of output pixel (0, 0), in the region's pixel coordinates (pixel centres at whole numbers).
        let start = turned.photoPoint(fromTurned: Point(x: Double(rect.x) + 0.5, y: Double(rect.y) + 0.5))
        let origin = (x: start.x - 0.5 - Double(region.x), y: start.y - 0.5 - Double(region.y))
        let rowsPerBand = 16
        let bands = (rect.height + rowsPerBand - 1) / rowsPerBand
        let sampler = CubicSampler(upright)
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            for y in band * rowsPerBand..<min(rect.height, (band + 1) * rowsPerBand) {
                // Along an output row the sample point steps by (cos θ, −sin θ); down a column by (sin θ, cos θ).
                let sx = origin.x + sine * Double(y), sy = origin.y + cosine * Double(y)
                sampler.fill(out.row(y), count: rect.width, x: sx, y: sy, dx: cosine, dy: -sine)
            }
        }
        return out
    }
}

/// A separable cubic (B = 1/3, C = 1/3, Mitchell–Netravali) over a bitmap whose edge pixels repeat outwards.
struct CubicSampler: @unchecked Sendable {
    let pixels: UnsafeMutablePointer<UInt8>
    let width: Int, height: Int, stride: Int

    init(_ bitmap: Bitmap) {
        pixels = bitmap.pixelBytes
        width = bitmap.width
        height = bitmap.height
        stride = bitmap.stride
    }

    static func weights(_ t: Float) -> (Float, Float, Float, Float) {
        // Mitchell–Netravali with B = C = 1/3, for distances 1 + t, t, 1 − t, 2 − t.
        func near(_ x: Float) -> Float { (7 * x * x * x - 12 * x * x + 16.0 / 3) / 6 }
        func far(_ x: Float) -> Float { (-7.0 / 3 * x * x * x + 12 * x * x - 20 * x + 32.0 / 3) / 6 }
        return (far(1 + t), near(t), near(1 - t), far(2 - t))
    }

    /// Fills `count` pixels of `row` from sample points (x, y), (x + dx, y + dy), … Written with plain scalars and
    /// pointers (no arrays, no generics): it is the inner loop of every straightened save, debug builds included.
    func fill(_ row: UnsafeMutablePointer<UInt32>, count: Int, x startX: Double, y startY: Double, dx: Double, dy: Double) {
        let out = UnsafeMutableRawPointer(row).assumingMemoryBound(to: UInt8.self)
        let lastX = width - 1, lastY = height - 1
        for i in 0..<count {
            let sx = startX + Double(i) * dx, sy = startY + Double(i) * dy
            let fx = sx.rounded(.down), fy = sy.rounded(.down)
            let ix = Int(fx), iy = Int(fy)
            let (wx0, wx1, wx2, wx3) = CubicSampler.weights(Float(sx - fx))
            let (wy0, wy1, wy2, wy3) = CubicSampler.weights(Float(sy - fy))
            let c0 = min(max(ix - 1, 0), lastX) &* 4, c1 = min(max(ix, 0), lastX) &* 4
            let c2 = min(max(ix + 1, 0), lastX) &* 4, c3 = min(max(ix + 2, 0), lastX) &* 4
            let r0 = pixels + min(max(iy - 1, 0), lastY) &* stride, r1 = pixels + min(max(iy, 0), lastY) &* stride
            let r2 = pixels + min(max(iy + 1, 0), lastY) &* stride, r3 = pixels + min(max(iy + 2, 0), lastY) &* stride
            for channel in 0..<4 {
                func across(_ line: UnsafeMutablePointer<UInt8>) -> Float {
                    Float(line[c0 &+ channel]) * wx0 + Float(line[c1 &+ channel]) * wx1
                        + Float(line[c2 &+ channel]) * wx2 + Float(line[c3 &+ channel]) * wx3
                }
                let value = across(r0) * wy0 + across(r1) * wy1 + across(r2) * wy2 + across(r3) * wy3
                out[i &* 4 &+ channel] = CubicSampler.byte(value)
            }
        }
    }

    @inline(__always) static func byte(_ v: Float) -> UInt8 { UInt8(min(max(v + 0.5, 0), 255)) }
}
