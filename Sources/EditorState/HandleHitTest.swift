/// Hit-testing of a crop frame in view coordinates.
///
/// Each handle's touch area reaches `radius` outside the frame and `min(radius, side / 4)` inside it, so
/// on a small box the middle half of each axis stays interior (grabbable for moving). Where a corner's area and a
/// side's area meet, the corner wins.
public struct HandleHitTest: Sendable, Hashable {
    public static let defaultRadius = 14.0

    public var frame: Rect
    /// False when there is no crop yet: the frame is the whole image and its inside is not a box to move.
    var hasInterior: Bool
    public var radius: Double

    public init(frame: Rect, hasInterior: Bool = true, radius: Double = HandleHitTest.defaultRadius) {
        self.frame = frame
        self.hasInterior = hasInterior
        self.radius = radius
    }

    public func target(at p: Point) -> HitTarget {
        guard p.isFinite else { return .outside }
        let r = radius
        let reachX = min(r, frame.width / 4), reachY = min(r, frame.height / 4)
        let withinX = p.x >= frame.minX - r && p.x <= frame.maxX + r
        let withinY = p.y >= frame.minY - r && p.y <= frame.maxY + r
        guard withinX, withinY else { return .outside }

        let horizontal = nearestEdge(p.x, low: frame.minX, high: frame.maxX, reach: reachX, lowEdge: .left, highEdge: .right)
        let vertical = nearestEdge(p.y, low: frame.minY, high: frame.maxY, reach: reachY, lowEdge: .top, highEdge: .bottom)
        let handle = horizontal.union(vertical)
        if !handle.isEmpty { return .handle(handle) }
        return hasInterior && frame.contains(p) ? .interior : .outside
    }

    /// The edge whose touch band contains `value`, the nearer one if both do; empty when neither does.
    private func nearestEdge(_ value: Double, low: Double, high: Double, reach: Double,
                             lowEdge: Handle, highEdge: Handle) -> Handle {
        let nearLow = value >= low - radius && value <= low + reach
        let nearHigh = value >= high - reach && value <= high + radius
        switch (nearLow, nearHigh) {
        case (true, true): return abs(value - low) <= abs(value - high) ? lowEdge : highEdge
        case (true, false): return lowEdge
        case (false, true): return highEdge
        case (false, false): return []
        }
    }
}
