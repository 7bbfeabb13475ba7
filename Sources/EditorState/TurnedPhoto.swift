/// The photo turned by a straighten angle about its centre, on a canvas its own size (as `-distort SRT` does):
/// the region a crop box must stay inside. Points are in the canvas's (the straightened frame's) pixels.
public struct TurnedPhoto: Sendable, Hashable {
    public let size: PixelSize
    public let angle: StraightenAngle
    let sin: Double, cos: Double

    public init(size: PixelSize, angle: StraightenAngle) {
        self.size = size
        self.angle = angle
        (sin, cos) = Trigonometry.sineAndCosine(angle.radians)
    }

    var centre: Point { Point(x: Double(size.width) / 2, y: Double(size.height) / 2) }

    /// Where a point of the straightened frame lies in the photo before it was turned.
    public func photoPoint(fromTurned p: Point) -> Point {
        let c = centre, dx = p.x - c.x, dy = p.y - c.y
        return Point(x: c.x + cos * dx + sin * dy, y: c.y - sin * dx + cos * dy)
    }

    /// Where a point of the photo lands once it is turned.
    public func turnedPoint(fromPhoto p: Point) -> Point {
        let c = centre, dx = p.x - c.x, dy = p.y - c.y
        return Point(x: c.x + cos * dx - sin * dy, y: c.y + sin * dx + cos * dy)
    }

    /// Whether every point of `rect` is on the turned photo (its four corners are: both are convex).
    public func contains(_ rect: PixelRect) -> Bool {
        guard !rect.isEmpty else { return false }
        let tolerance = 1e-7
        for x in [rect.minX, rect.maxX] {
            for y in [rect.minY, rect.maxY] {
                let p = photoPoint(fromTurned: Point(x: Double(x), y: Double(y)))
                guard p.x >= -tolerance, p.y >= -tolerance,
                      p.x <= Double(size.width) + tolerance, p.y <= Double(size.height) + tolerance else { return false }
            }
        }
        return true
    }

    /// The widest box of `ratio` (width / height) centred on the canvas that fits, in real numbers: the turned-back
    /// box's extent `w·|cos| + h·|sin|` across and `w·|sin| + h·|cos|` down must fit the photo.
    public func largestCentredExtent(ratio: Double) -> Size {
        let c = abs(cos), s = abs(sin)
        let width = min(Double(size.width) / (c + s / ratio), Double(size.height) / (s + c / ratio))
        return Size(width: width, height: width / ratio)
    }

    /// The largest whole-pixel box of `ratio` centred on the canvas (to half a pixel) that fits.
    public func largestCentred(ratio: Double) -> PixelRect {
        guard ratio > 0, ratio.isFinite, !size.isEmpty else { return PixelRect(size: size) }
        let extent = largestCentredExtent(ratio: ratio)
        var width = max(1, min(size.width, floorInt(extent.width + 1e-9)))
        while true {
            // The nearer height first, then the one below it (still within a pixel of the ratio).
            let exact = Double(width) / ratio
            for height in Set([roundedInt(exact), floorInt(exact)]).sorted(by: >) where height >= 1 {
                let box = PixelRect(x: roundedInt((Double(size.width) - Double(width)) / 2),
                                    y: roundedInt((Double(size.height) - Double(height)) / 2), width: width, height: height)
                if contains(box) || width == 1 { return box }
            }
            width -= 1
        }
    }
}
