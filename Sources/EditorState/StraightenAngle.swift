/// A straighten angle in tenths of a degree, in [−45°, +45°]. Positive turns the picture clockwise on screen
/// (ImageMagick's `-distort SRT` sense). Whole tenths keep every step exact: 0 → 5° → 0 is 0 again.
public struct StraightenAngle: Sendable, Hashable, Comparable, CustomStringConvertible {
    public static let limitTenths = 450
    public static let zero = StraightenAngle(tenths: 0)

    public let tenths: Int

    /// Clamped to ±45°.
    public init(tenths: Int) {
        self.tenths = tenths.clamped(to: -StraightenAngle.limitTenths, StraightenAngle.limitTenths)
    }

    /// The nearest tenth of `degrees`, clamped to ±45°; zero when not finite.
    public init(degrees: Double) {
        guard degrees.isFinite else { self = .zero; return }
        self.init(tenths: roundedInt(degrees.clamped(to: -45, 45) * 10))
    }

    public var degrees: Double { Double(tenths) / 10 }
    public var radians: Double { degrees * .pi / 180 }
    public var isZero: Bool { tenths == 0 }
    /// The same turn seen in a mirror: a flip turns a clockwise angle anticlockwise.
    public var mirrored: StraightenAngle { StraightenAngle(tenths: -tenths) }

    public func turned(byTenths step: Int) -> StraightenAngle { StraightenAngle(tenths: tenths + step) }

    /// "+2.3°", "0.0°", "−1.5°".
    public var description: String { StraightenAngle.text(tenths: tenths) }

    /// Tenths of a degree as "+2.3°", "0.0°", "−1.5°" (the perspective angles are written the same way).
    static func text(tenths: Int) -> String {
        let magnitude = "\(abs(tenths) / 10).\(abs(tenths) % 10)°"
        return tenths > 0 ? "+" + magnitude : tenths < 0 ? "−" + magnitude : magnitude
    }

    public static func < (a: StraightenAngle, b: StraightenAngle) -> Bool { a.tenths < b.tenths }
}
