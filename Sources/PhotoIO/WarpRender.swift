import Dispatch
import EditorState
import Glibc

/// A straightened or perspective-corrected crop at full resolution: each output pixel is read from the upright
/// picture through the warp's inverse, with a bicubic filter. Only the output rectangle is computed, never the
/// whole warped picture, in bands of rows in parallel.
public enum WarpRender {
    /// The cubic's reach: two source pixels either side of the sample point.
    static let reach = 2

    /// The part of the upright picture that a `rect` of the warped frame reads, filter reach included: the box's
    /// corners mapped back bound it (a box on the warped photo maps back to a convex quadrilateral).
    public static func sourceRegion(for rect: PixelRect, in warped: WarpedPhoto) -> PixelRect {
        let size = warped.size
        let corners = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)]
            .map { warped.photoPoint(fromWarped: Point(x: Double($0.0), y: Double($0.1))) }
        let xs = corners.map { $0.x.isFinite ? $0.x : 0 }, ys = corners.map { $0.y.isFinite ? $0.y : 0 }
        let minX = max(0, Int(floor(max(-1e9, xs.min()!))) - reach)
        let minY = max(0, Int(floor(max(-1e9, ys.min()!))) - reach)
        let maxX = min(size.width, Int(ceil(min(1e9, xs.max()!))) + reach)
        let maxY = min(size.height, Int(ceil(min(1e9, ys.max()!))) + reach)
        return PixelRect(x: min(minX, size.width - 1), y: min(minY, size.height - 1),
                         width: max(1, maxX - minX), height: max(1, maxY - minY))
    }

    /// Refuses a rect that reaches off the warped picture, naming a box of its shape that fits there: shrunk about its
    /// centre for a turn (as straighten always said), the largest anywhere for perspective (a keystone is widest at one end).
    public static func check(_ rect: PixelRect, in warped: WarpedPhoto) throws {
        guard !rect.isEmpty, !warped.contains(rect) else { return }
        if warped.perspective.isZero {
            throw PhotoIOError.rectOutsideTurnedPhoto(rect: rect, angle: warped.angle, largest: warped.fitted(rect))
        }
        throw PhotoIOError.rectOutsideWarpedPhoto(rect: rect, perspective: warped.perspective, angle: warped.angle,
                                                  largest: warped.largestBox(ratio: Double(rect.width) / Double(rect.height)))
    }

    /// `rect` of the warped frame, from `upright`: the pixels of `region` of the upright picture.
    public static func render(_ upright: Bitmap, region: PixelRect, warped: WarpedPhoto, rect: PixelRect) throws -> Bitmap {
        let out = try Bitmap(width: rect.width, height: rect.height, alpha: upright.alpha)
        // Output pixel centres (x + ½, y + ½) map back to homogeneous photo points; pixel centres sit at whole
        // numbers in the sampler, and the region's origin is taken off.
        let b = warped.perspective.isZero ? rotationOnly(warped) : warped.backward.m
        let shifted = [b[0] - (0.5 + Double(region.x)) * b[6], b[1] - (0.5 + Double(region.x)) * b[7],
                       b[2] - (0.5 + Double(region.x)) * b[8],
                       b[3] - (0.5 + Double(region.y)) * b[6], b[4] - (0.5 + Double(region.y)) * b[7],
                       b[5] - (0.5 + Double(region.y)) * b[8], b[6], b[7], b[8]]
        @Sendable func at(_ x: Double, _ y: Double) -> (x: Double, y: Double, z: Double) {
            (shifted[0] * x + shifted[1] * y + shifted[2], shifted[3] * x + shifted[4] * y + shifted[5],
             shifted[6] * x + shifted[7] * y + shifted[8])
        }
        let step = (x: shifted[0], y: shifted[3], z: shifted[6])
        let rowsPerBand = 16
        let bands = (rect.height + rowsPerBand - 1) / rowsPerBand
        let sampler = CubicSampler(upright)
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            for y in band * rowsPerBand..<min(rect.height, (band + 1) * rowsPerBand) {
                let start = at(Double(rect.x) + 0.5, Double(rect.y + y) + 0.5)
                sampler.fillProjective(out.row(y), count: rect.width, start: start, step: step)
            }
        }
        return out
    }

    /// A turn alone, written out as the straighten turn's own numbers (so a straightened crop reads exactly the
    /// points it always has): x = c + cos·dx + sin·dy, y = c − sin·dx + cos·dy, with the third coordinate 1.
    private static func rotationOnly(_ warped: WarpedPhoto) -> [Double] {
        let s = sin(warped.angle.radians), c = cos(warped.angle.radians)
        let cx = Double(warped.size.width) / 2, cy = Double(warped.size.height) / 2
        return [c, s, cx - c * cx - s * cy, -s, c, cy + s * cx - c * cy, 0, 0, 1]
    }
}
