import EditorState
import Glibc

/// Scales a bitmap with a Lanczos-3 filter, in two separable passes through a floating-point buffer: when
/// shrinking, the filter widens with the scale, so every source pixel counts (no nearest-pixel or box
/// sampling). ImageMagick's `-resize` uses the same filter for photos, so the two agree closely.
public enum Resampler {
    static let lobes = 3.0

    public static func resize(_ bitmap: Bitmap, to size: PixelSize) throws -> Bitmap {
        if size == bitmap.size { return bitmap }
        try PixelLimits.check(size)
        let across = weights(from: bitmap.width, to: size.width)
        let down = weights(from: bitmap.height, to: size.height)
        // Rows scaled across first: height × new width × 4 channels.
        var wide = [Float](repeating: 0, count: bitmap.height * size.width * 4)
        wide.withUnsafeMutableBufferPointer { buffer in
            for y in 0..<bitmap.height {
                let source = UnsafeRawPointer(bitmap.row(y)).assumingMemoryBound(to: UInt8.self)
                let target = buffer.baseAddress! + y * size.width * 4
                for x in 0..<size.width {
                    let taps = across[x]
                    var c0: Float = 0, c1: Float = 0, c2: Float = 0, c3: Float = 0
                    for (k, weight) in taps.weights.enumerated() {
                        let p = source + (taps.first + k) * 4
                        c0 += weight * Float(p[0]); c1 += weight * Float(p[1])
                        c2 += weight * Float(p[2]); c3 += weight * Float(p[3])
                    }
                    target[x * 4] = c0; target[x * 4 + 1] = c1; target[x * 4 + 2] = c2; target[x * 4 + 3] = c3
                }
            }
        }
        let out = try Bitmap(width: size.width, height: size.height, alpha: bitmap.alpha)
        let rowFloats = size.width * 4
        wide.withUnsafeBufferPointer { buffer in
            var sums = [Float](repeating: 0, count: rowFloats)
            for y in 0..<size.height {
                let taps = down[y]
                for i in 0..<rowFloats { sums[i] = 0 }
                for (k, weight) in taps.weights.enumerated() {
                    let row = buffer.baseAddress! + (taps.first + k) * rowFloats
                    for i in 0..<rowFloats { sums[i] += weight * row[i] }
                }
                let target = UnsafeMutableRawPointer(out.row(y)).assumingMemoryBound(to: UInt8.self)
                for i in 0..<rowFloats { target[i] = UInt8(max(0, min(255, sums[i].rounded()))) }
            }
        }
        return out
    }

    /// For each output position, the first input index and the normalised weights of the inputs it reads.
    static func weights(from input: Int, to output: Int) -> [(first: Int, weights: [Float])] {
        let scale = Double(input) / Double(output)
        let stretch = max(1, scale)
        let support = lobes * stretch
        return (0..<output).map { position in
            let centre = (Double(position) + 0.5) * scale
            let first = max(0, Int((centre - support).rounded(.down)))
            let last = min(input - 1, Int((centre + support).rounded(.up)))
            var weights: [Double] = []
            for index in first...last {
                weights.append(lanczos((Double(index) + 0.5 - centre) / stretch))
            }
            let total = weights.reduce(0, +)
            return (first, weights.map { Float($0 / (total == 0 ? 1 : total)) })
        }
    }

    static func lanczos(_ x: Double) -> Double {
        if x == 0 { return 1 }
        guard abs(x) < lobes else { return 0 }
        let px = Double.pi * x
        return lobes * sin(px) * sin(px / lobes) / (px * px)
    }
}
