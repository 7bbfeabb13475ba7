// The largest box of a shape inside the warped photo: a small linear programme, since the warped photo and the
// canvas are both an intersection of half-planes and a box of fixed shape meets each through one corner.

/// The points (x, y) with a·x + b·y ≤ c.
struct HalfPlane {
    var a: Double, b: Double, c: Double
}

extension WarpedPhoto {
    /// The warped photo within the canvas, as half-planes in output coordinates. A photo point (X/Z, Y/Z) read
    /// through `backward` lies on the photo when Z > 0 and 0 ≤ X ≤ width·Z, 0 ≤ Y ≤ height·Z: linear in the output
    /// point, so even a photo turned partly behind the camera is one convex region.
    var halfPlanes: [HalfPlane] {
        let b = backward.m, w = Double(size.width), h = Double(size.height)
        let inFront = 1e-9 * abs(backward.project(centre.x, centre.y).z)
        return [
            HalfPlane(a: -b[6], b: -b[7], c: b[8] - inFront),
            HalfPlane(a: -b[0], b: -b[1], c: b[2]),
            HalfPlane(a: b[0] - w * b[6], b: b[1] - w * b[7], c: w * b[8] - b[2]),
            HalfPlane(a: -b[3], b: -b[4], c: b[5]),
            HalfPlane(a: b[3] - h * b[6], b: b[4] - h * b[7], c: h * b[8] - b[5]),
            HalfPlane(a: -1, b: 0, c: 0), HalfPlane(a: 1, b: 0, c: w),
            HalfPlane(a: 0, b: -1, c: 0), HalfPlane(a: 0, b: 1, c: h),
        ]
    }

    /// The largest box of `ratio` (width / height) on the warped photo and the canvas, in real numbers; about
    /// `centre` when given, else wherever it is largest (the middle of the places that tie).
    func largestFitting(ratio: Double, centre fixed: Point? = nil) -> Rect {
        // A box of centre (x, y) and width w is inside a · p ≤ c when a·x + b·y + (|a|/2 + |b|/(2·ratio))·w ≤ c.
        let rows = halfPlanes.map { ($0.a, $0.b, abs($0.a) / 2 + abs($0.b) / (2 * ratio), $0.c) }
        func box(_ x: Double, _ y: Double, _ w: Double) -> Rect {
            Rect(x: x - w / 2, y: y - w / ratio / 2, width: w, height: w / ratio)
        }
        if let fixed {
            let width = rows.reduce(Double.infinity) { best, row in
                row.2 > 0 ? min(best, (row.3 - row.0 * fixed.x - row.1 * fixed.y) / row.2) : best
            }
            return box(fixed.x, fixed.y, max(0, width))
        }
        var best: [(Double, Double, Double)] = [], bestWidth = -Double.infinity
        let scale = Double(max(size.width, size.height))
        for i in 0..<rows.count {
            for j in (i + 1)..<rows.count {
                for k in (j + 1)..<rows.count {
                    guard let v = solve(rows[i], rows[j], rows[k]), v.2 >= 0 else { continue }
                    guard rows.allSatisfy({ $0.0 * v.0 + $0.1 * v.1 + $0.2 * v.2 <= $0.3 + 1e-9 * scale }) else { continue }
                    if v.2 > bestWidth + 1e-9 * scale { best = [v]; bestWidth = v.2 }
                    else if v.2 > bestWidth - 1e-9 * scale { best.append(v) }
                }
            }
        }
        guard !best.isEmpty else { return box(centre.x, centre.y, 0) }
        let x = best.reduce(0) { $0 + $1.0 } / Double(best.count), y = best.reduce(0) { $0 + $1.1 } / Double(best.count)
        return box(x, y, bestWidth)
    }

    /// The three constraints met with equality (Cramer's rule); nil when they do not meet in one point.
    private func solve(_ p: (Double, Double, Double, Double), _ q: (Double, Double, Double, Double),
                       _ r: (Double, Double, Double, Double)) -> (Double, Double, Double)? {
        func det(_ a: (Double, Double, Double), _ b: (Double, Double, Double), _ c: (Double, Double, Double)) -> Double {
            a.0 * (b.1 * c.2 - b.2 * c.1) - a.1 * (b.0 * c.2 - b.2 * c.0) + a.2 * (b.0 * c.1 - b.1 * c.0)
        }
        let d = det((p.0, p.1, p.2), (q.0, q.1, q.2), (r.0, r.1, r.2))
        guard abs(d) > 1e-12 else { return nil }
        return (det((p.3, p.1, p.2), (q.3, q.1, q.2), (r.3, r.1, r.2)) / d,
                det((p.0, p.3, p.2), (q.0, q.3, q.2), (r.0, r.3, r.2)) / d,
                det((p.0, p.1, p.3), (q.0, q.1, q.3), (r.0, r.1, r.3)) / d)
    }

    /// The largest whole-pixel box of `ratio` on the warped photo: what the window and the command line give when
    /// no box was made. Turned only, that is the centred one (the turned photo is symmetric about the centre).
    public func largestBox(ratio: Double) -> PixelRect {
        guard ratio > 0, ratio.isFinite, !size.isEmpty else { return PixelRect(size: size) }
        guard !perspective.isZero else { return largestCentred(ratio: ratio) }
        let found = largestFitting(ratio: ratio)
        return wholePixelBox(ratio: ratio, width: found.width, centre: found.center)
    }

    /// The largest box of the photo's own shape.
    public var largestBoxOfItsShape: PixelRect {
        largestBox(ratio: Double(size.width) / Double(size.height))
    }
}
