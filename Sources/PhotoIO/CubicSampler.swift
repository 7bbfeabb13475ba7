/// A separable cubic (B = 1/3, C = 1/3, Mitchell–Netravali) over a bitmap whose edge pixels repeat outwards.
struct CubicSampler: @unchecked Sendable {
    let pixels: UnsafeMutablePointer<UInt8>
    let width: Int, height: Int, stride: Int
    /// `weights` at every 1/`weightSteps` of a pixel, four floats each: the polynomials, worked out twice per
    /// output pixel, were a seventh of a perspective save's time. A step of 1/1024 moves a weight by under 0.002.
    private let weightTable: UnsafePointer<Float>
    static let weightSteps = 1024

    nonisolated(unsafe) private static let sharedTable: UnsafePointer<Float> = {
        let table = UnsafeMutablePointer<Float>.allocate(capacity: (weightSteps + 1) * 4)
        for step in 0...weightSteps {
            let (w0, w1, w2, w3) = weights(Float(step) / Float(weightSteps))
            (table[step * 4], table[step * 4 + 1], table[step * 4 + 2], table[step * 4 + 3]) = (w0, w1, w2, w3)
        }
        return UnsafePointer(table)
    }()

    init(_ bitmap: Bitmap) {
        pixels = bitmap.pixelBytes
        width = bitmap.width
        height = bitmap.height
        stride = bitmap.stride
        weightTable = CubicSampler.sharedTable
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
        for i in 0..<count {
            sample(x: startX + Double(i) * dx, y: startY + Double(i) * dy, into: out + i &* 4)
        }
    }

    /// Fills `count` pixels of `row` from the sample points (x/z, y/z) of the homogeneous points (x, y, z),
    /// (x + dx, y + dy, z + dz), …: a projective row, as perspective gives. The sampled point moves unevenly along
    /// the row, so each is divided out on its own.
    func fillProjective(_ row: UnsafeMutablePointer<UInt32>, count: Int, start: (x: Double, y: Double, z: Double),
                        step: (x: Double, y: Double, z: Double)) {
        guard step.z != 0 || start.z != 1 else {
            return fill(row, count: count, x: start.x, y: start.y, dx: step.x, dy: step.y)
        }
        let out = UnsafeMutableRawPointer(row).assumingMemoryBound(to: UInt8.self)
        for i in 0..<count {
            let t = Double(i)
            let z = start.z + t * step.z
            let sx = (start.x + t * step.x) / z, sy = (start.y + t * step.y) / z
            guard sx.magnitude < 1e9, sy.magnitude < 1e9 else { continue }
            sample(x: sx, y: sy, into: out + i &* 4)
        }
    }

    /// One pixel's four bytes from the cubic over the 4 × 4 source pixels around (x, y).
    @inline(__always) func sample(x sx: Double, y sy: Double, into out: UnsafeMutablePointer<UInt8>) {
        let lastX = width - 1, lastY = height - 1
        let fx = sx.rounded(.down), fy = sy.rounded(.down)
        let ix = Int(fx), iy = Int(fy)
        let steps = Double(CubicSampler.weightSteps)
        let wx = weightTable + Int(((sx - fx) * steps).rounded()) &* 4, wy = weightTable + Int(((sy - fy) * steps).rounded()) &* 4
        let (wx0, wx1, wx2, wx3) = (wx[0], wx[1], wx[2], wx[3])
        let (wy0, wy1, wy2, wy3) = (wy[0], wy[1], wy[2], wy[3])
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
            out[channel] = CubicSampler.byte(value)
        }
    }

    @inline(__always) static func byte(_ v: Float) -> UInt8 { UInt8(min(max(v + 0.5, 0), 255)) }
}
