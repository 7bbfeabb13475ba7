/// A direction in camera space (x right, y down, z ahead): a vanishing point, or the normal of the plane through
/// the camera that holds an image line.
struct SphereVector: Sendable, Hashable {
    var x, y, z: Double

    init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    var length: Double { (x * x + y * y + z * z).squareRoot() }
    var unit: SphereVector { let l = length; return l > 0 ? SphereVector(x / l, y / l, z / l) : self }
    var negated: SphereVector { SphereVector(-x, -y, -z) }

    func dot(_ o: SphereVector) -> Double { x * o.x + y * o.y + z * o.z }

    func cross(_ o: SphereVector) -> SphereVector {
        SphereVector(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x)
    }

    /// The unit normal of the plane through the camera and `segment`, for a picture of `size` and focal length f.
    static func normal(of segment: LineSegment, size: PixelSize, focal f: Double) -> SphereVector {
        let cx = Double(size.width) / 2, cy = Double(size.height) / 2
        let a = SphereVector(segment.start.x - cx, segment.start.y - cy, f)
        let b = SphereVector(segment.end.x - cx, segment.end.y - cy, f)
        return a.cross(b).unit
    }

    /// The unit direction least out of all the planes with these normals (weighted): the eigenvector of the least
    /// eigenvalue of Σ w·n·nᵀ, by Jacobi rotations.
    static func leastAligned(with normals: [(SphereVector, Double)]) -> SphereVector? {
        var a = [[Double]](repeating: [0, 0, 0], count: 3)
        for (n, w) in normals {
            let v = [n.x, n.y, n.z]
            for i in 0..<3 { for j in 0..<3 { a[i][j] += w * v[i] * v[j] } }
        }
        var vectors: [[Double]] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
        for _ in 0..<32 {
            for (p, q) in [(0, 1), (0, 2), (1, 2)] where abs(a[p][q]) > 1e-15 {
                let theta = (a[q][q] - a[p][p]) / (2 * a[p][q])
                let t = (theta >= 0 ? 1 : -1) / (abs(theta) + (theta * theta + 1).squareRoot())
                let c = 1 / (t * t + 1).squareRoot(), s = t * c
                for k in 0..<3 {
                    let (akp, akq) = (a[k][p], a[k][q])
                    a[k][p] = c * akp - s * akq
                    a[k][q] = s * akp + c * akq
                }
                for k in 0..<3 {
                    let (apk, aqk) = (a[p][k], a[q][k])
                    a[p][k] = c * apk - s * aqk
                    a[q][k] = s * apk + c * aqk
                }
                for k in 0..<3 {
                    let (vkp, vkq) = (vectors[k][p], vectors[k][q])
                    vectors[k][p] = c * vkp - s * vkq
                    vectors[k][q] = s * vkp + c * vkq
                }
            }
        }
        let least = (0..<3).min { a[$0][$0] < a[$1][$1] }!
        let v = SphereVector(vectors[0][least], vectors[1][least], vectors[2][least])
        return v.length.isFinite && v.length > 0 ? v.unit : nil
    }
}
