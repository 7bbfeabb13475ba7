import EditorState
import Glibc

/// Auto-level: the turn that makes a photo's long straight edges level or plumb, from a histogram of gradient
/// orientations (folded to a quarter turn, so horizontal and vertical edges vote together) on a small copy.
public enum LevelEstimator {
    /// The largest tilt looked for, in degrees either way.
    public static let searchRange = 15.0
    /// The long side the photo is reduced to before looking.
    static let workingSide = 1024

    /// The suggested straighten angle for the photo as displayed (EXIF orientation applied); nil when it has no
    /// confident straight edges.
    public static func suggestion(for source: PhotoSource) throws -> StraightenAngle? {
        let stored = try source.decodePreview(maxWidth: workingSide, maxHeight: workingSide)
        return estimate(stored, shownAs: source.orientation).map { StraightenAngle(degrees: $0) }
    }

    /// The turn for `bitmap` as `orientation` shows it, measured without turning it: a quarter turn keeps a
    /// line's tilt from level-or-plumb, a mirror reverses it.
    public static func estimate(_ bitmap: Bitmap, shownAs orientation: Orientation) -> Double? {
        estimate(bitmap).map { orientation.isMirror ? -$0 : $0 }
    }

    /// The clockwise turn in degrees (within ±15°) that levels `bitmap`'s dominant straight edges, or nil.
    public static func estimate(_ bitmap: Bitmap) -> Double? {
        let grey = GreyImage(bitmap, longSide: workingSide)
        guard grey.width >= 16, grey.height >= 16 else { return nil }
        let samples = grey.edgeOrientations(within: searchRange + 1)
        guard let tilt = dominantTilt(samples) else { return nil }
        return -tilt
    }

    /// An edge point's tilt from level (degrees, clockwise on screen) and its gradient strength.
    struct EdgeSample {
        var tilt: Float
        var weight: Float
    }

    static let binsPerDegree = 10
    static let minimumEdgePoints = 400

    /// The tilt most edges share: the peak of a smoothed histogram, refined by the mean of the samples near it.
    /// Nil when the peak does not stand well clear of the rest (no straight lines, only texture).
    static func dominantTilt(_ samples: [EdgeSample]) -> Double? {
        let bins = Int(2 * (searchRange + 1)) * binsPerDegree
        var histogram = [Double](repeating: 0, count: bins)
        var total = 0.0
        for sample in samples {
            let bin = Int(((Double(sample.tilt) + searchRange + 1) * Double(binsPerDegree)).rounded(.down))
            guard bin >= 0, bin < bins else { continue }
            histogram[bin] += Double(sample.weight)
            total += Double(sample.weight)
        }
        // A few hundred edge points at least: noise alone leaves scattered ones that may happen to agree.
        guard total > 0, samples.count >= minimumEdgePoints else { return nil }
        let smoothed = gaussianSmoothed(histogram, sigma: 3)
        let inRange = binsPerDegree..<(bins - binsPerDegree)
        guard let peak = inRange.max(by: { smoothed[$0] < smoothed[$1] }) else { return nil }
        let background = smoothed[inRange].sorted()[inRange.count / 2]
        guard smoothed[peak] > 4 * max(background, 1e-12) else { return nil }
        // The peak's summit between bins: the vertex of the parabola through it and its neighbours.
        let left = smoothed[peak - 1], centre = smoothed[peak], right = smoothed[peak + 1]
        let curvature = left - 2 * centre + right
        let offset = curvature < 0 ? 0.5 * (left - right) / curvature : 0
        let estimate = (Double(peak) + 0.5 + offset) / Double(binsPerDegree) - searchRange - 1
        return abs(estimate) <= searchRange ? estimate : nil
    }

    static func gaussianSmoothed(_ values: [Double], sigma: Double) -> [Double] {
        let radius = Int(3 * sigma)
        let kernel = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        return values.indices.map { i in
            var sum = 0.0
            for (k, weight) in kernel.enumerated() {
                let j = i + k - radius
                if j >= 0 && j < values.count { sum += values[j] * weight }
            }
            return sum
        }
    }
}

/// Luminance as floats, box-reduced so the long side is at most the working size.
struct GreyImage {
    let width: Int, height: Int
    var values: [Float]

    init(_ bitmap: Bitmap, longSide: Int) {
        let factor = max(1, (max(bitmap.width, bitmap.height) + longSide - 1) / longSide)
        width = bitmap.width / factor
        height = bitmap.height / factor
        var values = [Float](repeating: 0, count: max(0, width * height))
        let scale = 1 / Float(factor * factor)
        for y in 0..<height {
            for sy in y * factor..<(y + 1) * factor {
                let row = bitmap.row(sy)
                for x in 0..<width {
                    var sum: Float = 0
                    for sx in x * factor..<(x + 1) * factor {
                        let p = row[sx]
                        sum += 0.114 * Float(p & 0xFF) + 0.587 * Float((p >> 8) & 0xFF) + 0.299 * Float((p >> 16) & 0xFF)
                    }
                    values[y * width + x] += sum * scale
                }
            }
        }
        self.values = values
    }

    /// Where the picture has a clear straight edge, its tilt within `limit` degrees of level (or of plumb). The
    /// orientation comes from the structure tensor (gradient products summed over a 5×5 window), which is steady
    /// along an edge; texture, where gradients point every way, has low coherence and is left out.
    func edgeOrientations(within limit: Double) -> [LevelEstimator.EdgeSample] {
        let smooth = blurred().blurred()
        let count = width * height
        var xx = [Float](repeating: 0, count: count), xy = xx, yy = xx
        for y in 1..<(height - 1) {
            for x in 1..<(width - 1) {
                let i = y * width + x, v = smooth.values
                let a = v[i - width - 1], b = v[i - width], c = v[i - width + 1], d = v[i - 1], f = v[i + 1]
                let g = v[i + width - 1], h = v[i + width], k = v[i + width + 1]
                let gx = 3 * (c - a) + 10 * (f - d) + 3 * (k - g)
                let gy = 3 * (g - a) + 10 * (h - b) + 3 * (k - c)
                xx[i] = gx * gx; xy[i] = gx * gy; yy[i] = gy * gy
            }
        }
        let sxx = GreyImage.boxSummed(xx, width, height), sxy = GreyImage.boxSummed(xy, width, height)
        let syy = GreyImage.boxSummed(yy, width, height)
        var meanEnergy: Float = 0
        for i in 0..<count { meanEnergy += sxx[i] + syy[i] }
        meanEnergy /= Float(max(1, count))
        var samples: [LevelEstimator.EdgeSample] = []
        for y in 4..<(height - 4) {
            for x in 4..<(width - 4) {
                let i = y * width + x
                let energy = sxx[i] + syy[i]
                guard energy > 2 * meanEnergy else { continue }
                let difference = sxx[i] - syy[i], cross = 2 * sxy[i]
                let coherence = (difference * difference + cross * cross).squareRoot() / energy
                guard coherence > 0.85 else { continue }
                // The gradient's direction, then folded to a quarter turn: the edge's tilt.
                var tilt = 0.5 * atan2f(cross, difference) * 180 / .pi
                tilt -= 90 * (tilt / 90).rounded()
                guard Double(abs(tilt)) <= limit else { continue }
                samples.append(LevelEstimator.EdgeSample(tilt: tilt, weight: energy.squareRoot() * coherence))
            }
        }
        return samples
    }

    /// A 1-2-1 binomial blur each way.
    func blurred() -> GreyImage {
        var out = self
        for y in 1..<(height - 1) {
            for x in 1..<(width - 1) {
                let i = y * width + x
                let across = values[i - 1] + 2 * values[i] + values[i + 1]
                let above = values[i - width - 1] + 2 * values[i - width] + values[i - width + 1]
                let below = values[i + width - 1] + 2 * values[i + width] + values[i + width + 1]
                out.values[i] = (above + 2 * across + below) / 16
            }
        }
        return out
    }

    /// Each value replaced by the sum of the 5×5 window around it (zero beyond the edges): running sums, one
    /// pass across and one down.
    static func boxSummed(_ values: [Float], _ width: Int, _ height: Int) -> [Float] {
        var rows = [Float](repeating: 0, count: values.count), out = rows
        values.withUnsafeBufferPointer { v in
            rows.withUnsafeMutableBufferPointer { r in
                for y in 0..<height {
                    let base = y * width
                    var sum: Float = 0
                    for x in 0..<min(2, width) { sum += v[base + x] }
                    for x in 0..<width {
                        if x + 2 < width { sum += v[base + x + 2] }
                        if x - 3 >= 0 { sum -= v[base + x - 3] }
                        r[base + x] = sum
                    }
                }
            }
        }
        rows.withUnsafeBufferPointer { r in
            out.withUnsafeMutableBufferPointer { o in
                var sums = [Float](repeating: 0, count: width)
                for y in 0..<min(2, height) { for x in 0..<width { sums[x] += r[y * width + x] } }
                for y in 0..<height {
                    for x in 0..<width {
                        if y + 2 < height { sums[x] += r[(y + 2) * width + x] }
                        if y - 3 >= 0 { sums[x] -= r[(y - 3) * width + x] }
                        o[y * width + x] = sums[x]
                    }
                }
            }
        }
        return out
    }
}
