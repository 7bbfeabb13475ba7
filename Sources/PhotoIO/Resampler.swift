import EditorState
import Glibc

/// Scales a bitmap with a Lanczos-3 filter, in two separable passes through a floating-point buffer: when
/// shrinking, the filter widens with the scale, so every source pixel counts (no nearest-pixel or box
/// sampling). ImageMagick's `-resize` uses the same filter for photos, so the two agree closely.
public enum Resampler {
    static let lobes = 3.0

    public static func resize(_ bitmap: Bitmap, to size: PixelSize) throws -> Bitmap {
        if size == bitmap.size { return bitmap }
        return try resize(bitmap, region: Region(x: 0, y: 0, width: Double(bitmap.width), height: Double(bitmap.height)),
                          to: size)
    }

    /// A part of a bitmap in its pixel coordinates, edges between pixels; fractional where a DCT-scaled decode put
    /// a crop's edges inside a pixel.
    public struct Region: Sendable {
        public let x, y, width, height: Double

        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// `region` of `bitmap` scaled to `size`. Only pixels the region touches are read: near its edges the filter is
    /// renormalised over them, as if the region had been cut out first.
    public static func resize(_ bitmap: Bitmap, region: Region, to size: PixelSize) throws -> Bitmap {
        try PixelLimits.check(size)
        let across = Taps(from: bitmap.width, start: region.x, span: region.width, to: size.width)
        let down = Taps(from: bitmap.height, start: region.y, span: region.height, to: size.height)
        let rowFloats = size.width * 4
        // Rows scaled across first: height × new width × 4 channels.
        // Only the rows the vertical pass reads.
        let firstRow = down.starts.first ?? 0, lastRow = (down.starts.last ?? 0) + down.count
        let wide = UnsafeMutablePointer<Float>.allocate(capacity: (lastRow - firstRow) * rowFloats)
        defer { wide.deallocate() }
        across.weights.withUnsafeBufferPointer { weights in
            across.starts.withUnsafeBufferPointer { starts in
                let count = across.count
                for y in firstRow..<lastRow {
                    let source = UnsafeRawPointer(bitmap.row(y)).assumingMemoryBound(to: UInt8.self)
                    let target = wide + (y - firstRow) * rowFloats
                    for x in 0..<size.width {
                        var c0: Float = 0, c1: Float = 0, c2: Float = 0, c3: Float = 0
                        var p = source + starts[x] * 4
                        let w = weights.baseAddress! + x * count
                        for k in 0..<count {
                            let weight = w[k]
                            c0 += weight * Float(p[0]); c1 += weight * Float(p[1])
                            c2 += weight * Float(p[2]); c3 += weight * Float(p[3])
                            p += 4
                        }
                        let t = target + x * 4
                        t[0] = c0; t[1] = c1; t[2] = c2; t[3] = c3
                    }
                }
            }
        }
        let out = try Bitmap(width: size.width, height: size.height, alpha: bitmap.alpha)
        let sums = UnsafeMutablePointer<Float>.allocate(capacity: rowFloats)
        defer { sums.deallocate() }
        for y in 0..<size.height {
            sums.update(repeating: 0, count: rowFloats)
            for k in 0..<down.count {
                let weight = down.weights[y * down.count + k]
                if weight == 0 { continue }
                let row = wide + (down.starts[y] + k - firstRow) * rowFloats
                for i in 0..<rowFloats { sums[i] += weight * row[i] }
            }
            let target = UnsafeMutableRawPointer(out.row(y)).assumingMemoryBound(to: UInt8.self)
            for i in 0..<rowFloats { target[i] = UInt8(max(0, min(255, sums[i].rounded()))) }
        }
        return out
    }

    /// For each output position, the first input index it reads and `count` normalised weights (zero outside the
    /// span), stored one output after another.
    struct Taps {
        let starts: [Int]
        let count: Int
        let weights: [Float]

        /// `output` positions over the input's `start ..< start + span` (in pixel edges).
        init(from input: Int, start: Double = 0, span: Double? = nil, to output: Int) {
            let span = span ?? Double(input)
            let lower = max(0, Int(start.rounded(.down))), upper = min(input, Int((start + span).rounded(.up)))
            let scale = span / Double(output)
            let stretch = max(1, scale)
            let support = Resampler.lobes * stretch
            let count = min(upper - lower, Int((2 * support).rounded(.up)) + 2)
            var starts: [Int] = [], weights: [Float] = []
            starts.reserveCapacity(output)
            weights.reserveCapacity(output * count)
            for position in 0..<output {
                let centre = start + (Double(position) + 0.5) * scale
                let first = min(max(lower, Int((centre - support).rounded(.down))), upper - count)
                var row = (0..<count).map { k -> Double in
                    let index = first + k
                    guard index >= lower, index < upper, abs(Double(index) + 0.5 - centre) < support else { return 0 }
                    return Resampler.lanczos((Double(index) + 0.5 - centre) / stretch)
                }
                let total = row.reduce(0, +)
                if total != 0 { row = row.map { $0 / total } }
                starts.append(first)
                weights.append(contentsOf: row.map(Float.init))
            }
            self.starts = starts
            self.count = count
            self.weights = weights
        }
    }

    static func lanczos(_ x: Double) -> Double {
        if x == 0 { return 1 }
        guard abs(x) < lobes else { return 0 }
        let px = Double.pi * x
        return lobes * sin(px) * sin(px / lobes) / (px * px)
    }
}
