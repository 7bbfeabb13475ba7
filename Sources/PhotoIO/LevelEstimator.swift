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
        let grey = try source.greyPreview(longSide: workingSide).grey
        return estimate(grey, shownAs: source.orientation).map { StraightenAngle(degrees: $0) }
    }

    /// The turn for `bitmap` as `orientation` shows it, measured without turning it: a quarter turn keeps a
    /// line's tilt from level-or-plumb, a mirror reverses it.
    public static func estimate(_ bitmap: Bitmap, shownAs orientation: Orientation) -> Double? {
        estimate(GreyImage(bitmap, longSide: workingSide), shownAs: orientation)
    }

    static func estimate(_ grey: GreyImage, shownAs orientation: Orientation) -> Double? {
        estimate(grey).map { orientation.isMirror ? -$0 : $0 }
    }

    /// The clockwise turn in degrees (within ±15°) that levels `bitmap`'s dominant straight edges, or nil.
    public static func estimate(_ bitmap: Bitmap) -> Double? {
        estimate(GreyImage(bitmap, longSide: workingSide))
    }

    static func estimate(_ grey: GreyImage) -> Double? {
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

extension GreyImage {
    /// Where the picture has a clear straight edge, its tilt within `limit` degrees of level (or of plumb). The
    /// orientation comes from the structure tensor (gradient products summed over a 5×5 window), which is steady
    /// along an edge; texture, where gradients point every way, has low coherence and is left out.
    func edgeOrientations(within limit: Double) -> [LevelEstimator.EdgeSample] {
        let smooth = blurred().blurred()
        let width = width, height = height, count = width * height
        var xx = [Float](repeating: 0, count: count), xy = xx, yy = xx
        smooth.values.withUnsafeBufferPointer { v in
            xx.withUnsafeMutableBufferPointer { xx in
                xy.withUnsafeMutableBufferPointer { xy in
                    yy.withUnsafeMutableBufferPointer { yy in
                        for y in 1..<(height - 1) {
                            for x in 1..<(width - 1) {
                                let i = y * width + x
                                let a = v[i - width - 1], b = v[i - width], c = v[i - width + 1], d = v[i - 1]
                                let f = v[i + 1], g = v[i + width - 1], h = v[i + width], k = v[i + width + 1]
                                let gx = 3 * (c - a) + 10 * (f - d) + 3 * (k - g)
                                let gy = 3 * (g - a) + 10 * (h - b) + 3 * (k - c)
                                xx[i] = gx * gx; xy[i] = gx * gy; yy[i] = gy * gy
                            }
                        }
                    }
                }
            }
        }
        var scratch = [Float](repeating: 0, count: count)
        GreyImage.boxSum(&xx, width, height, scratch: &scratch)
        GreyImage.boxSum(&xy, width, height, scratch: &scratch)
        GreyImage.boxSum(&yy, width, height, scratch: &scratch)
        return xx.withUnsafeBufferPointer { sxx in
            xy.withUnsafeBufferPointer { sxy in
                yy.withUnsafeBufferPointer { syy in
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
            }
        }
    }

    /// Each value replaced by the sum of the 5×5 window around it (zero beyond the edges): running sums, one
    /// pass across into `scratch` and one down back into `values`. Each sum gains the value two ahead and loses
    /// the one three behind; the loops are split where the window meets the edges, so none tests inside.
    static func boxSum(_ values: inout [Float], _ width: Int, _ height: Int, scratch: inout [Float]) {
        values.withUnsafeMutableBufferPointer { v in
            scratch.withUnsafeMutableBufferPointer { r in
                let v = v.baseAddress!, r = r.baseAddress!
                for y in 0..<height {
                    let source = v + y * width, target = r + y * width
                    var sum: Float = 0
                    for x in 0..<min(2, width) { sum += source[x] }
                    for x in 0..<width {
                        if x + 2 < width { sum += source[x + 2] }
                        if x >= 3 { sum -= source[x - 3] }
                        target[x] = sum
                    }
                }
                var sums = [Float](repeating: 0, count: width)
                sums.withUnsafeMutableBufferPointer { sums in
                    let sums = sums.baseAddress!
                    for y in 0..<min(2, height) { for x in 0..<width { sums[x] += r[y * width + x] } }
                    for y in 0..<height {
                        let ahead = y + 2 < height ? r + (y + 2) * width : nil
                        let behind = y >= 3 ? r + (y - 3) * width : nil
                        let target = v + y * width
                        if let ahead { for x in 0..<width { sums[x] += ahead[x] } }
                        if let behind { for x in 0..<width { sums[x] -= behind[x] } }
                        for x in 0..<width { target[x] = sums[x] }
                    }
                }
            }
        }
    }
}
