// Keeping a crop box inside the warped photo: shrinking it about its centre, and stopping a drag at the edge.

extension WarpedPhoto {
    /// `rect` shrunk about its centre, keeping its aspect, just enough to lie inside; the rect itself when it does.
    /// A box whose centre is off the turned photo moves in towards the canvas centre as well.
    public func fitted(_ rect: PixelRect) -> PixelRect {
        guard !rect.isEmpty, !contains(rect) else { return rect }
        let scale = largestScaleAboutCentre(rect)
        guard scale > 0 else { return movedIn(rect) }
        var width = max(1, floorInt(Double(rect.width) * scale + 1e-9))
        while width >= 1 {
            let height = max(1, roundedInt(Double(width) * Double(rect.height) / Double(rect.width)))
            let box = PixelRect(x: roundedInt(rect.center.x - Double(width) / 2),
                                y: roundedInt(rect.center.y - Double(height) / 2), width: width, height: height)
            if contains(box) { return box }
            width -= 1
        }
        return movedIn(rect)
    }

    /// The largest s ≤ 1 for which `rect` scaled by s about its centre lies inside; 0 when its centre is outside.
    func largestScaleAboutCentre(_ rect: PixelRect) -> Double {
        guard perspective.isZero else { return searchedScaleAboutCentre(rect) }
        let base = photoPoint(fromWarped: rect.center), origin = photoPoint(fromWarped: centre)
        var scale = 1.0
        for (hx, hy) in [(-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)] {
            // The corner's offset from the centre, turned back into the photo.
            let corner = photoPoint(fromWarped: Point(x: centre.x + hx * Double(rect.width),
                                                      y: centre.y + hy * Double(rect.height)))
            for (start, step, limit) in [(base.x, corner.x - origin.x, Double(size.width)),
                                         (base.y, corner.y - origin.y, Double(size.height))] {
                guard start >= 0, start <= limit else { return 0 }
                if step > 0 { scale = min(scale, (limit - start) / step) }
                if step < 0 { scale = min(scale, -start / step) }
            }
        }
        return max(0, scale)
    }

    /// The same under perspective, where the map is not linear: the boxes scaled about a centre on the photo that
    /// fit form one stretch from 0, so a binary search finds its end.
    private func searchedScaleAboutCentre(_ rect: PixelRect) -> Double {
        let c = rect.center
        guard shows(c) else { return 0 }
        func scaled(_ s: Double) -> Rect {
            Rect(x: c.x - s * Double(rect.width) / 2, y: c.y - s * Double(rect.height) / 2,
                 width: s * Double(rect.width), height: s * Double(rect.height))
        }
        if contains(scaled(1)) { return 1 }
        var low = 0.0, high = 1.0
        for _ in 0..<40 {
            let middle = (low + high) / 2
            if contains(scaled(middle)) { low = middle } else { high = middle }
        }
        return low
    }

    /// A box whose centre is off the photo: as far from the largest box of its aspect towards it as fits.
    private func movedIn(_ rect: PixelRect) -> PixelRect {
        let ratio = Double(max(1, rect.width)) / Double(max(1, rect.height))
        var start = largestBox(ratio: ratio)
        if start.width > rect.width || start.height > rect.height {
            start = PixelRect(x: roundedInt(centre.x - Double(rect.width) / 2),
                              y: roundedInt(centre.y - Double(rect.height) / 2), width: rect.width, height: rect.height)
            if !contains(start) { return largestBox(ratio: ratio) }
        }
        return furthest(from: start, towards: rect)
    }

    /// The box a change from `valid` (inside) towards `target` stops at: as far along the way as fits. With
    /// `sliding`, what is left of the way is then tried across and down on its own, so a box dragged against an
    /// edge slides along it. Position and size move in proportion, so a fixed edge stays fixed and a box of the
    /// same aspect keeps it; with a `ratio` the box found is then trimmed to it, on the side that moved.
    public func clamped(_ target: PixelRect, from valid: PixelRect, sliding: Bool, ratio: Double? = nil) -> PixelRect {
        guard !contains(target) else { return target }
        guard contains(valid) else { return fitted(target) }
        var box = furthest(from: valid, towards: target)
        if let ratio, ratio > 0, ratio.isFinite { return trimmed(box, toRatio: ratio, keeping: valid, target) }
        if sliding {
            for _ in 0..<2 {
                box = furthest(from: box, towards: PixelRect(x: target.x, y: box.y, width: target.width, height: box.height))
                box = furthest(from: box, towards: PixelRect(x: box.x, y: target.y, width: box.width, height: target.height))
            }
        }
        return box
    }

    /// The largest box of `ratio` inside `box`, keeping each edge that the change from `valid` to `target` left
    /// where it was (a side's box trims about its middle).
    private func trimmed(_ box: PixelRect, toRatio ratio: Double, keeping valid: PixelRect, _ target: PixelRect) -> PixelRect {
        var width = box.width, height = box.height
        if Double(width) > Double(height) * ratio { width = max(1, roundedInt(Double(height) * ratio)) }
        else { height = max(1, roundedInt(Double(width) / ratio)) }
        func place(_ start: Int, _ end: Int, _ length: Int, _ oldStart: Int, _ newStart: Int, _ oldEnd: Int, _ newEnd: Int) -> Int {
            if oldStart == newStart { return start }
            if oldEnd == newEnd { return end - length }
            return start + (end - start - length) / 2
        }
        return PixelRect(x: place(box.minX, box.maxX, width, valid.minX, target.minX, valid.maxX, target.maxX),
                         y: place(box.minY, box.maxY, height, valid.minY, target.minY, valid.maxY, target.maxY),
                         width: width, height: height)
    }

    /// Binary search along the straight way from `valid` to `target` (every box inside lies on one stretch of it:
    /// the boxes inside a convex region form a convex set).
    func furthest(from valid: PixelRect, towards target: PixelRect) -> PixelRect {
        if contains(target) { return target }
        func at(_ t: Double) -> PixelRect {
            func mix(_ a: Int, _ b: Int) -> Int { a + roundedInt(t * Double(b - a)) }
            return PixelRect(x: mix(valid.x, target.x), y: mix(valid.y, target.y),
                             width: max(1, mix(valid.width, target.width)), height: max(1, mix(valid.height, target.height)))
        }
        var low = 0.0, high = 1.0
        for _ in 0..<40 {
            let middle = (low + high) / 2
            if contains(at(middle)) { low = middle } else { high = middle }
        }
        let found = at(low)
        return contains(found) ? found : valid
    }
}
