import EditorState
import Glibc

/// Straight line segments in a picture, in the manner of LSD (Grompone von Gioi et al.): pixels whose level lines
/// (the direction across the gradient) agree grow into regions, each region is fitted with a rectangle, and the
/// rectangle is kept only when so many of its pixels align that chance would hardly give as many (the number of
/// false alarms, NFA ≤ 1). There are no thresholds to tune for a photo: noise and texture do not pass the test.
public enum LineSegmentDetector {
    /// Level-line directions agree within this (22.5°): an aligned pixel has probability p = 1/8 by chance.
    static let tolerance = Float.pi / 8
    static let probability = 1.0 / 8
    /// Regions whose rectangle is filled less than this are a curve or two lines, not one segment.
    static let minimumDensity = 0.7

    /// The segments of `bitmap`, reduced first so its long side is at most `longSide`, in `bitmap`'s pixels
    /// (continuous coordinates: the top-left corner of the picture is (0, 0)).
    public static func segments(in bitmap: Bitmap, longSide: Int = 1024) -> [LineSegment] {
        guard bitmap.width >= 8, bitmap.height >= 8 else { return [] }
        let grey = GreyImage(bitmap, longSide: longSide)
        let scaleX = Double(bitmap.width) / Double(max(1, grey.width))
        let scaleY = Double(bitmap.height) / Double(max(1, grey.height))
        return segments(in: grey).map {
            LineSegment($0.start.x * scaleX, $0.start.y * scaleY, $0.end.x * scaleX, $0.end.y * scaleY)
        }
    }

    /// The segments of `grey`, in its pixels.
    static func segments(in grey: GreyImage) -> [LineSegment] {
        guard grey.width >= 8, grey.height >= 8 else { return [] }
        return segments(inBlurred: grey.blurred())
    }

    private static func segments(inBlurred grey: GreyImage) -> [LineSegment] {
        let field = LevelLineField(grey)
        let logTests = 2.5 * (log10(Double(field.width)) + log10(Double(field.height))) + log10(11)
        // A region smaller than this cannot pass the test even if every pixel aligns.
        let minimumRegion = Int((-logTests / log10(probability)).rounded(.up))
        var used = [Bool](repeating: false, count: field.width * field.height)
        var found: [LineSegment] = []
        for seed in field.pixelsByStrength() where !used[seed] {
            let grown = field.grow(from: seed, used: &used)
            guard grown.count >= minimumRegion, let first = field.rectangle(of: grown) else { continue }
            guard let (region, rectangle) = field.dense(grown, rectangle: first, seed: seed, used: &used),
                  region.count >= minimumRegion else { continue }
            let (pixels, aligned) = field.count(in: rectangle)
            guard LineSegmentDetector.logFalseAlarms(pixels: pixels, aligned: aligned, logTests: logTests) < 0 else { continue }
            found.append(rectangle.segment)
        }
        return found
    }

    /// log₁₀ of the expected number of rectangles as well aligned as this one in noise: logTests plus the log of
    /// the binomial tail P[X ≥ aligned], X ~ B(pixels, p).
    static func logFalseAlarms(pixels n: Int, aligned k: Int, logTests: Double) -> Double {
        guard n > 0, k > 0, k <= n else { return k == 0 ? logTests : .infinity }
        let p = probability
        func logTerm(_ i: Int) -> Double {
            (lgamma(Double(n + 1)) - lgamma(Double(i + 1)) - lgamma(Double(n - i + 1))
                + Double(i) * log(p) + Double(n - i) * log(1 - p))
        }
        let first = logTerm(k)
        var sum = 1.0, term = 1.0
        for i in (k + 1)...max(k + 1, n) where i <= n {
            term *= Double(n - i + 1) / Double(i) * p / (1 - p)
            sum += term
            if term < sum * 1e-10 { break }
        }
        return logTests + (first + log(sum)) / log(10)
    }
}

/// Every pixel's level-line angle (NaN where the gradient is too weak to say) and gradient strength, from 2 × 2
/// differences as LSD takes them: the value at (x, y) belongs to the point (x + 1, y + 1) between four pixels.
struct LevelLineField {
    let width: Int, height: Int
    var angle: [Float]
    var strength: [Float]

    init(_ grey: GreyImage) {
        let width = grey.width - 1, height = grey.height - 1, w = grey.width
        self.width = width
        self.height = height
        var angle = [Float](repeating: .nan, count: width * height)
        var strength = [Float](repeating: 0, count: width * height)
        // Quantisation of 8-bit values leaves gradients under 2 / sin(22.5°) without a reliable direction.
        let threshold: Float = 2 / sinf(LineSegmentDetector.tolerance)
        grey.values.withUnsafeBufferPointer { v in
            angle.withUnsafeMutableBufferPointer { angle in
                strength.withUnsafeMutableBufferPointer { strength in
                    for y in 0..<height {
                        let top = v.baseAddress! + y * w, bottom = top + w
                        for x in 0..<width {
                            let a = top[x], b = top[x + 1], c = bottom[x], d = bottom[x + 1]
                            let com1 = d - a, com2 = b - c
                            let gx = com1 + com2, gy = com1 - com2
                            let magnitude = (gx * gx + gy * gy).squareRoot() / 2
                            let i = y * width + x
                            strength[i] = magnitude
                            if magnitude > threshold { angle[i] = atan2f(gx, -gy) }
                        }
                    }
                }
            }
        }
        self.angle = angle
        self.strength = strength
    }

    /// The pixels with a direction, strongest first, in 1024 bins as LSD's pseudo-ordering (within a bin, in
    /// raster order): a counting sort, one pass to count each bin and one to place each pixel.
    func pixelsByStrength() -> [Int] {
        let top = strength.max() ?? 0
        guard top > 0 else { return [] }
        let bins = 1024
        return angle.withUnsafeBufferPointer { angle in
            strength.withUnsafeBufferPointer { strength in
                func bin(_ i: Int) -> Int { bins - 1 - min(bins - 1, Int(strength[i] / top * Float(bins - 1))) }
                var starts = [Int](repeating: 0, count: bins + 1)
                for i in 0..<strength.count where !angle[i].isNaN { starts[bin(i) + 1] += 1 }
                for b in 0..<bins { starts[b + 1] += starts[b] }
                var order = [Int](repeating: 0, count: starts[bins])
                for i in 0..<strength.count where !angle[i].isNaN {
                    let b = bin(i)
                    order[starts[b]] = i
                    starts[b] += 1
                }
                return order
            }
        }
    }

    static func aligned(_ a: Float, _ b: Float, within tolerance: Float = LineSegmentDetector.tolerance) -> Bool {
        var d = abs(a - b)
        if d > .pi { d = 2 * .pi - d }
        return d <= tolerance
    }

    /// `region` (grown from `seed`) as it is when it fills its rectangle densely enough; otherwise refined as LSD
    /// does: grown again with the spread of directions near the seed as the tolerance, then cut to ever smaller
    /// radii about the seed. A façade's long edge often runs into ornament or a parallel edge at the full
    /// tolerance, and its region then fills its rectangle too thinly: dropped whole, the picture loses the very
    /// lines Upright needs (a small, detailed photo kept a dozen segments of hundreds). Nil when nothing dense is
    /// left. Pixels let go become free to seed other regions.
    func dense(_ region: [Int], rectangle: FittedRectangle, seed: Int, used: inout [Bool])
        -> (region: [Int], rectangle: FittedRectangle)? {
        let density = LineSegmentDetector.minimumDensity
        if Double(region.count) >= density * rectangle.area { return (region, rectangle) }
        let sx = seed % width, sy = seed / width
        func distance(_ i: Int) -> Double {
            let dx = Double(i % width - sx), dy = Double(i / width - sy)
            return (dx * dx + dy * dy).squareRoot()
        }
        let reach = rectangle.wmax - rectangle.wmin
        var sum = 0.0, squares = 0.0, near = 0.0
        for i in region {
            used[i] = false
            guard distance(i) < reach else { continue }
            var d = Double(angle[i] - angle[seed])
            if d > .pi { d -= 2 * .pi } else if d < -.pi { d += 2 * .pi }
            sum += d
            squares += d * d
            near += 1
        }
        let mean = near > 0 ? sum / near : 0
        let spread = near > 0 ? 2 * max(0, squares / near - mean * mean).squareRoot() : 0
        var tighter = grow(from: seed, used: &used, tolerance: min(LineSegmentDetector.tolerance, Float(spread)))
        guard tighter.count >= 2, var fitted = self.rectangle(of: tighter) else { return nil }
        var radius = tighter.reduce(0) { max($0, distance($1)) }
        while Double(tighter.count) < density * fitted.area {
            radius *= 0.75
            var kept: [Int] = []
            kept.reserveCapacity(tighter.count)
            for i in tighter {
                if distance(i) <= radius { kept.append(i) } else { used[i] = false }
            }
            tighter = kept
            guard tighter.count >= 2, let smaller = self.rectangle(of: tighter) else { return nil }
            fitted = smaller
        }
        return (tighter, fitted)
    }

    /// The 8-connected region of pixels whose direction stays within `tolerance` of the region's mean one.
    func grow(from seed: Int, used: inout [Bool], tolerance: Float = LineSegmentDetector.tolerance) -> [Int] {
        var region = [seed]
        used[seed] = true
        var sumX = cosf(angle[seed]), sumY = sinf(angle[seed])
        var mean = angle[seed]
        var next = 0
        while next < region.count {
            let i = region[next]
            next += 1
            let x = i % width, y = i / width
            for ny in max(0, y - 1)...min(height - 1, y + 1) {
                for nx in max(0, x - 1)...min(width - 1, x + 1) {
                    let j = ny * width + nx
                    guard !used[j], !angle[j].isNaN, LevelLineField.aligned(angle[j], mean, within: tolerance) else { continue }
                    used[j] = true
                    region.append(j)
                    sumX += cosf(angle[j])
                    sumY += sinf(angle[j])
                    mean = atan2f(sumY, sumX)
                }
            }
        }
        return region
    }

    /// The rectangle a region fills: centred on its strength-weighted centroid, along the principal axis of its
    /// spread, as long and wide as its pixels reach.
    func rectangle(of region: [Int]) -> FittedRectangle? {
        var total = 0.0, cx = 0.0, cy = 0.0
        for i in region {
            let w = Double(strength[i])
            total += w
            cx += w * Double(i % width)
            cy += w * Double(i / width)
        }
        guard total > 0 else { return nil }
        cx /= total
        cy /= total
        var sxx = 0.0, sxy = 0.0, syy = 0.0
        for i in region {
            let w = Double(strength[i]), dx = Double(i % width) - cx, dy = Double(i / width) - cy
            sxx += w * dx * dx
            sxy += w * dx * dy
            syy += w * dy * dy
        }
        var theta = 0.5 * atan2(2 * sxy, sxx - syy)
        // The long axis runs along the level lines; point it their way. Every pixel's direction is within the
        // tolerance of the region's mean, so the first one's (the seed's, which a refinement keeps) tells the way.
        if cos(theta - Double(angle[region[0]])) < 0 { theta += .pi }
        let ux = cos(theta), uy = sin(theta)
        var lmin = 0.0, lmax = 0.0, wmin = 0.0, wmax = 0.0
        for i in region {
            let dx = Double(i % width) - cx, dy = Double(i / width) - cy
            let l = dx * ux + dy * uy, w = -dx * uy + dy * ux
            lmin = min(lmin, l); lmax = max(lmax, l); wmin = min(wmin, w); wmax = max(wmax, w)
        }
        return FittedRectangle(cx: cx, cy: cy, ux: ux, uy: uy, theta: Float(theta),
                               lmin: lmin - 0.5, lmax: lmax + 0.5, wmin: wmin - 0.5, wmax: wmax + 0.5)
    }

    /// The pixels inside `r`, and how many of them have a direction within the tolerance of its own: row by row,
    /// over the stretch of each row the rectangle covers (a long slanted one covers little of its bounding box).
    func count(in r: FittedRectangle) -> (pixels: Int, aligned: Int) {
        let corners = [(r.lmin, r.wmin), (r.lmin, r.wmax), (r.lmax, r.wmin), (r.lmax, r.wmax)]
            .map { (r.cx + $0.0 * r.ux - $0.1 * r.uy, r.cy + $0.0 * r.uy + $0.1 * r.ux) }
        let y0 = max(0, Int(floor(corners.map(\.1).min()!))), y1 = min(height - 1, Int(ceil(corners.map(\.1).max()!)))
        guard y0 <= y1 else { return (0, 0) }
        var pixels = 0, aligned = 0
        for y in y0...y1 {
            let dy = Double(y) - r.cy
            // l = dx·ux + dy·uy and w = −dx·uy + dy·ux, each between its bounds: an interval of dx for each.
            var low = -Double.infinity, high = Double.infinity
            for (slope, offset, lower, upper) in [(r.ux, dy * r.uy, r.lmin, r.lmax), (-r.uy, dy * r.ux, r.wmin, r.wmax)] {
                if abs(slope) < 1e-12 {
                    if offset < lower || offset > upper { low = 1; high = 0 }
                    continue
                }
                let a = (lower - offset) / slope, b = (upper - offset) / slope
                low = max(low, min(a, b))
                high = min(high, max(a, b))
            }
            guard low <= high else { continue }
            let x0 = max(0, Int((r.cx + low).rounded(.up))), x1 = min(width - 1, Int((r.cx + high).rounded(.down)))
            guard x0 <= x1 else { continue }
            pixels += x1 - x0 + 1
            for x in x0...x1 {
                let a = angle[y * width + x]
                if !a.isNaN && LevelLineField.aligned(a, r.theta) { aligned += 1 }
            }
        }
        return (pixels, aligned)
    }
}

/// A region's rectangle: centre, unit direction along it, and its extent along (l) and across (w) that direction,
/// in level-line field pixels.
struct FittedRectangle {
    let cx, cy, ux, uy: Double
    let theta: Float
    let lmin, lmax, wmin, wmax: Double

    /// What the density test divides a region's pixel count by: as LSD's, the rectangle between the extreme pixel
    /// centres (without the half pixel at each end the fitted bounds add), at least one pixel wide. With the half
    /// pixels counted, a two- or three-pixel-wide edge with one stray pixel fails the test: the long, slightly
    /// ragged edges of a dim brick lane were cut into short pieces (OpenCV's LSD kept 13 of a tenth of the height
    /// or more in Leuven A, this detector none).
    var area: Double { (lmax - lmin - 1) * max(1, wmax - wmin - 1) }

    /// Its midline, in the grey image's continuous coordinates (field pixel (x, y) sits at (x + 1, y + 1)).
    var segment: LineSegment {
        let mid = (wmin + wmax) / 2
        let ox = cx - mid * uy + 1, oy = cy + mid * ux + 1
        return LineSegment(ox + lmin * ux, oy + lmin * uy, ox + lmax * ux, oy + lmax * uy)
    }
}
