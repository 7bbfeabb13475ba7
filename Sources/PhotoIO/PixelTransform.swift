import CTurboJPEG

/// One of the eight rotations and mirrorings of a pixel grid (the dihedral
/// group of the square). Stored as the 2x2 integer matrix that moves a pixel,
/// in centred coordinates with y pointing down, to its new place.
public struct PixelTransform: Equatable, Hashable, Sendable, CustomStringConvertible {
    let xx: Int, xy: Int, yx: Int, yy: Int

    private init(_ xx: Int, _ xy: Int, _ yx: Int, _ yy: Int) {
        (self.xx, self.xy, self.yx, self.yy) = (xx, xy, yx, yy)
    }

    public static let identity = PixelTransform(1, 0, 0, 1)
    /// A quarter turn clockwise.
    public static let rotate90 = PixelTransform(0, -1, 1, 0)
    public static let rotate180 = PixelTransform(-1, 0, 0, -1)
    /// A quarter turn anticlockwise.
    public static let rotate270 = PixelTransform(0, 1, -1, 0)
    /// Mirror left to right.
    public static let flipHorizontal = PixelTransform(-1, 0, 0, 1)
    /// Mirror top to bottom.
    public static let flipVertical = PixelTransform(1, 0, 0, -1)
    /// Mirror across the top-left to bottom-right diagonal.
    public static let transpose = PixelTransform(0, 1, 1, 0)
    /// Mirror across the top-right to bottom-left diagonal.
    public static let transverse = PixelTransform(0, -1, -1, 0)

    public static let all: [PixelTransform] = [
        .identity, .rotate90, .rotate180, .rotate270, .flipHorizontal, .flipVertical, .transpose, .transverse,
    ]

    /// Clockwise quarter turns: 0, 90, 180 or 270 degrees; nil for other angles.
    public static func rotation(degrees: Int) -> PixelTransform? {
        switch ((degrees % 360) + 360) % 360 {
        case 0: return .identity
        case 90: return .rotate90
        case 180: return .rotate180
        case 270: return .rotate270
        default: return nil
        }
    }

    /// `self` first, then `next`.
    public func then(_ next: PixelTransform) -> PixelTransform {
        PixelTransform(next.xx * xx + next.xy * yx, next.xx * xy + next.xy * yy,
                       next.yx * xx + next.yy * yx, next.yx * xy + next.yy * yy)
    }

    /// The transform that undoes this one (the matrices are orthogonal).
    public var inverse: PixelTransform { PixelTransform(xx, yx, xy, yy) }

    /// True for quarter turns and diagonal mirrors: width and height trade places.
    public var swapsAxes: Bool { xx == 0 }

    public func outputSize(for size: PixelSize) -> PixelSize {
        swapsAxes ? size.transposed : size
    }

    /// Where `rect` of an image of `size` lands in the transformed image.
    public func map(_ rect: PixelRect, in size: PixelSize) -> PixelRect {
        let out = outputSize(for: size)
        // Doubled centred coordinates keep the arithmetic in integers.
        let u0 = 2 * rect.x - size.width, u1 = 2 * rect.maxX - size.width
        let v0 = 2 * rect.y - size.height, v1 = 2 * rect.maxY - size.height
        let ua = xx * u0 + xy * v0, ub = xx * u1 + xy * v1
        let va = yx * u0 + yy * v0, vb = yx * u1 + yy * v1
        let minU = min(ua, ub), maxU = max(ua, ub), minV = min(va, vb), maxV = max(va, vb)
        return PixelRect(x: (minU + out.width) / 2, y: (minV + out.height) / 2,
                         width: (maxU - minU) / 2, height: (maxV - minV) / 2)
    }

    /// Where the pixel at column `x`, row `y` of an image of `size` lands.
    public func map(x: Int, y: Int, in size: PixelSize) -> (x: Int, y: Int) {
        let r = map(PixelRect(x: x, y: y, width: 1, height: 1), in: size)
        return (r.x, r.y)
    }

    /// The single TurboJPEG lossless operation equal to this transform.
    var turboJPEGOperation: Int32 {
        switch self {
        case .rotate90: return Int32(TJXOP_ROT90.rawValue)
        case .rotate180: return Int32(TJXOP_ROT180.rawValue)
        case .rotate270: return Int32(TJXOP_ROT270.rawValue)
        case .flipHorizontal: return Int32(TJXOP_HFLIP.rawValue)
        case .flipVertical: return Int32(TJXOP_VFLIP.rawValue)
        case .transpose: return Int32(TJXOP_TRANSPOSE.rawValue)
        case .transverse: return Int32(TJXOP_TRANSVERSE.rawValue)
        default: return Int32(TJXOP_NONE.rawValue)
        }
    }

    public var description: String {
        switch self {
        case .identity: return "identity"
        case .rotate90: return "rotate 90"
        case .rotate180: return "rotate 180"
        case .rotate270: return "rotate 270"
        case .flipHorizontal: return "flip horizontal"
        case .flipVertical: return "flip vertical"
        case .transpose: return "transpose"
        default: return "transverse"
        }
    }
}
