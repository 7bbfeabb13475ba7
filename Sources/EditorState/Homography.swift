/// A projective map of the plane: a 3 × 3 matrix acting on homogeneous points (x, y, 1). Row-major.
public struct Homography: Sendable, Hashable {
    public var m: [Double]

    public init(_ m: [Double]) {
        precondition(m.count == 9)
        self.m = m
    }

    public static let identity = Homography([1, 0, 0, 0, 1, 0, 0, 0, 1])

    public static func translation(_ dx: Double, _ dy: Double) -> Homography {
        Homography([1, 0, dx, 0, 1, dy, 0, 0, 1])
    }

    /// The homogeneous image of (x, y): divide by `z` for the point; z ≤ 0 means it lies behind the camera.
    public func project(_ x: Double, _ y: Double) -> (x: Double, y: Double, z: Double) {
        (m[0] * x + m[1] * y + m[2], m[3] * x + m[4] * y + m[5], m[6] * x + m[7] * y + m[8])
    }

    /// The image of `p`; not finite when `p` maps to infinity.
    public func apply(_ p: Point) -> Point {
        let h = project(p.x, p.y)
        return Point(x: h.x / h.z, y: h.y / h.z)
    }

    /// `self` after `first`: (self ∘ first)(p) = self(first(p)).
    public func after(_ first: Homography) -> Homography {
        var r = [Double](repeating: 0, count: 9)
        for i in 0..<3 {
            for j in 0..<3 { r[i * 3 + j] = (0..<3).reduce(0) { $0 + m[i * 3 + $1] * first.m[$1 * 3 + j] } }
        }
        return Homography(r)
    }

    /// The inverse map (the adjugate, scaled so the bottom-right entry stays near 1 for maps that keep scale).
    public var inverse: Homography {
        let a = m
        let adj = [a[4] * a[8] - a[5] * a[7], a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
                   a[5] * a[6] - a[3] * a[8], a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
                   a[3] * a[7] - a[4] * a[6], a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3]]
        let det = a[0] * adj[0] + a[1] * adj[3] + a[2] * adj[6]
        return Homography(adj.map { $0 / det })
    }

    /// True when the map is a turn and shift only (no foreshortening): the bottom row is (0, 0, 1).
    var isAffine: Bool { m[6] == 0 && m[7] == 0 && m[8] == 1 }
}

/// A rotation of 3-D space, as a row-major 3 × 3 matrix; camera coordinates have x right, y down, z ahead.
struct Rotation3 {
    var m: [Double]

    /// The turn by |ω| radians about the axis ω (Rodrigues' formula).
    init(vector ω: (x: Double, y: Double, z: Double)) {
        let angle = (ω.x * ω.x + ω.y * ω.y + ω.z * ω.z).squareRoot()
        guard angle > 0 else { m = [1, 0, 0, 0, 1, 0, 0, 0, 1]; return }
        let (kx, ky, kz) = (ω.x / angle, ω.y / angle, ω.z / angle)
        let (s, c) = Trigonometry.sineAndCosine(angle)
        let t = 1 - c
        m = [c + kx * kx * t, kx * ky * t - kz * s, kx * kz * t + ky * s,
             ky * kx * t + kz * s, c + ky * ky * t, ky * kz * t - kx * s,
             kz * kx * t - ky * s, kz * ky * t + kx * s, c + kz * kz * t]
    }

    init(matrix: [Double]) { m = matrix }

    func times(_ other: Rotation3) -> Rotation3 {
        var r = [Double](repeating: 0, count: 9)
        for i in 0..<3 {
            for j in 0..<3 { r[i * 3 + j] = (0..<3).reduce(0) { $0 + m[i * 3 + $1] * other.m[$1 * 3 + j] } }
        }
        return Rotation3(matrix: r)
    }

    var transposed: Rotation3 { Rotation3(matrix: [m[0], m[3], m[6], m[1], m[4], m[7], m[2], m[5], m[8]]) }

    func apply(_ v: (Double, Double, Double)) -> (Double, Double, Double) {
        (m[0] * v.0 + m[1] * v.1 + m[2] * v.2, m[3] * v.0 + m[4] * v.1 + m[5] * v.2,
         m[6] * v.0 + m[7] * v.1 + m[8] * v.2)
    }
}
