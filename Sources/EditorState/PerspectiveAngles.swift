/// Keystone correction: the photo re-projected as if the camera had been turned about its horizontal axis
/// (`vertical`) and its vertical axis (`horizontal`), each in tenths of a degree within ±40°.
///
/// Positive vertical re-projects as if the camera had been turned down: the picture's top widens, so verticals
/// that met above a building shot looking up become parallel. Positive horizontal re-projects as if the camera
/// had been turned to the right: the picture's left side widens. The two make one turn about an axis in the
/// picture's plane (a rotation vector), so neither comes "first" and a quarter turn or flip of the picture maps the
/// pair onto another pair exactly.
public struct PerspectiveAngles: Sendable, Hashable, CustomStringConvertible {
    public static let limitTenths = 400
    public static let zero = PerspectiveAngles(verticalTenths: 0, horizontalTenths: 0)

    public let verticalTenths: Int
    public let horizontalTenths: Int

    /// Each clamped to ±40°.
    public init(verticalTenths: Int, horizontalTenths: Int) {
        let limit = PerspectiveAngles.limitTenths
        self.verticalTenths = verticalTenths.clamped(to: -limit, limit)
        self.horizontalTenths = horizontalTenths.clamped(to: -limit, limit)
    }

    /// The nearest tenths, each clamped to ±40°; a value that is not finite counts as 0.
    public init(vertical: Double, horizontal: Double) {
        func tenths(_ degrees: Double) -> Int {
            degrees.isFinite ? roundedInt(degrees.clamped(to: -40, 40) * 10) : 0
        }
        self.init(verticalTenths: tenths(vertical), horizontalTenths: tenths(horizontal))
    }

    public var vertical: Double { Double(verticalTenths) / 10 }
    public var horizontal: Double { Double(horizontalTenths) / 10 }
    public var isZero: Bool { verticalTenths == 0 && horizontalTenths == 0 }

    public func with(vertical tenths: Int) -> PerspectiveAngles {
        PerspectiveAngles(verticalTenths: tenths, horizontalTenths: horizontalTenths)
    }

    public func with(horizontal tenths: Int) -> PerspectiveAngles {
        PerspectiveAngles(verticalTenths: verticalTenths, horizontalTenths: tenths)
    }

    /// The same correction seen after the picture is turned or flipped by `step`: the rotation vector
    /// (vertical, −horizontal) turns with the picture, and a mirror reverses it (it is an axial vector).
    public func transformed(by step: Orientation) -> PerspectiveAngles {
        let m = step.matrix, sign = step.isMirror ? -1 : 1
        let (x, y) = (verticalTenths, -horizontalTenths)
        let (nx, ny) = (sign * (m.a * x + m.b * y), sign * (m.c * x + m.d * y))
        return PerspectiveAngles(verticalTenths: nx, horizontalTenths: -ny)
    }

    /// "[+2.5°, 0.0°]": vertical, then horizontal (as the state log and status bar show it).
    public var description: String {
        "[\(StraightenAngle.text(tenths: verticalTenths)), \(StraightenAngle.text(tenths: horizontalTenths))]"
    }
}

/// The camera's lens as a pinhole: its focal length as on a 35 mm frame (EXIF `FocalLengthIn35mmFormat`), which
/// fixes how far a turn of the camera moves each part of the picture.
public enum CameraLens {
    /// Assumed when the photo does not say: a phone's or a compact's wide end.
    public static let defaultFocal35mm = 28.0
    /// The diagonal of a 36 × 24 mm frame: a 35 mm-equivalent focal length is relative to it.
    static let fullFrameDiagonal = (36.0 * 36 + 24 * 24).squareRoot()

    /// The focal length in pixels of a picture of `size`, the lens' angle of view spanning its diagonal.
    public static func focalPixels(focal35mm: Double, size: PixelSize) -> Double {
        let focal = focal35mm.isFinite && focal35mm > 0 ? focal35mm : defaultFocal35mm
        let diagonal = (Double(size.width) * Double(size.width) + Double(size.height) * Double(size.height)).squareRoot()
        return focal / fullFrameDiagonal * diagonal
    }
}
