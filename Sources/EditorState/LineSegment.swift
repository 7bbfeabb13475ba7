/// A straight segment of the picture (a detected edge, or a guide the user drew), in displayed pixels.
public struct LineSegment: Sendable, Hashable {
    public var start: Point
    public var end: Point

    public init(start: Point, end: Point) {
        self.start = start
        self.end = end
    }

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.init(start: Point(x: x1, y: y1), end: Point(x: x2, y: y2))
    }

    public var length: Double { start.distance(to: end) }
    public var midpoint: Point { Point(x: (start.x + end.x) / 2, y: (start.y + end.y) / 2) }

    /// Its angle from vertical in degrees, folded to [0°, 90°]: under 45° it is a vertical, over it a horizontal.
    public var angleFromVertical: Double {
        let slope = abs(Trigonometry.atan2(end.x - start.x, end.y - start.y)) * 180 / .pi
        return slope > 90 ? 180 - slope : slope
    }

    public var isNearerVertical: Bool { angleFromVertical < 45 }

    /// The segment mapped through `h` (its ends, which is all of it: a homography keeps lines straight).
    public func mapped(by h: Homography) -> LineSegment {
        LineSegment(start: h.apply(start), end: h.apply(end))
    }
}
