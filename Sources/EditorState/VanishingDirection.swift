/// Where a family of parallel lines of the scene (a building's verticals, its horizontals) meets, found from the
/// picture's line segments in two steps: a consensus picks the direction most of the segments' length agrees on,
/// then the long segments settle it, each by its own uncertainty and none by more than its share.
enum VanishingDirection {
    /// A segment agrees with a direction when the direction is within this of the segment's plane (degrees), or
    /// within `endpointSlack` pixels at the segment's ends when that is more (a short one).
    static let agreement = 0.5
    /// How far (pixels) a detected segment's ends may stray across it: a 30-pixel segment's direction is uncertain
    /// by about 3°, a 300-pixel one's by a third of a degree.
    static let endpointSlack = 1.5
    /// Segments at least this share of the picture's extent along them are long: when there are `longEnough` of
    /// them, they alone settle the direction. A photo's long edges are its structure (a wall's corners, a door's
    /// jambs, a pillar); its many short ones include window details, brickwork and furniture that lean their own
    /// ways and, together, outweigh the few long edges.
    static let longShare = 0.1
    static let longEnough = 5
    /// A segment off the direction by this many of its own tolerances counts half in the settling.
    static let settlingScale = 1.5
    static let settlingRounds = 20

    /// A segment as the search sees it: the normal of its plane through the camera, its length, its tolerance.
    struct Line {
        let segment: LineSegment
        let normal: SphereVector
        let length: Double
        let tolerance: Double

        func agrees(with d: SphereVector) -> Bool { abs(normal.dot(d)) < tolerance }
    }

    /// The direction `segments` agree on, in a picture of `size` at focal length `f` (pixels), and the segments
    /// that settled it; nil when fewer than three agree or they cover less than `minimumSupport` pixels. `extent`
    /// is the picture's size along the segments (its height for verticals).
    static func find(_ segments: [LineSegment], size: PixelSize, focal f: Double, extent: Double,
                     minimumSupport: Double) -> (direction: SphereVector, settledBy: [Line])? {
        let least = Trigonometry.sineAndCosine(agreement * .pi / 180).sin
        let lines = segments.filter { $0.length > 0 }.sorted { $0.length > $1.length }
            .map { Line(segment: $0, normal: SphereVector.normal(of: $0, size: size, focal: f), length: $0.length,
                        tolerance: max(least, endpointSlack / $0.length)) }
        guard let agreed = consensus(lines, minimumSupport: minimumSupport) else { return nil }
        let long = lines.filter { $0.length >= longShare * extent }
        let settling = long.count >= longEnough ? long : lines
        guard let settled = settle(agreed, on: settling) else { return nil }
        return (settled, settling)
    }

    /// Every pair of the 40 longest proposes a direction; the one with the most agreeing length wins, refined by
    /// least squares over the segments that agree (each weighed by its length squared, the inverse of its
    /// direction's variance).
    static func consensus(_ lines: [Line], minimumSupport: Double) -> SphereVector? {
        func agreeing(_ d: SphereVector) -> [Line] { lines.filter { $0.agrees(with: d) } }
        let proposers = lines.prefix(40)
        var best: (support: Double, direction: SphereVector)?
        for i in proposers.indices {
            for j in proposers.indices where j > i {
                let d = proposers[i].normal.cross(proposers[j].normal)
                guard d.length > 1e-9 else { continue }
                let unit = d.unit
                var support = 0.0
                for line in lines where line.agrees(with: unit) { support += line.length }
                if support > (best?.support ?? 0) { best = (support, unit) }
            }
        }
        guard let found = best, found.support >= minimumSupport else { return nil }
        var direction = found.direction
        for _ in 0..<3 {
            let inliers = agreeing(direction)
            guard inliers.count >= 3,
                  let refined = SphereVector.leastAligned(with: inliers.map { ($0.normal, $0.length * $0.length) })
            else { return nil }
            direction = refined
        }
        let inliers = agreeing(direction)
        guard inliers.count >= 3, inliers.reduce(0, { $0 + $1.length }) >= minimumSupport else { return nil }
        return direction
    }

    /// Iteratively reweighted least squares from `start`: each segment weighs by the inverse of its direction's
    /// variance, 1 / tolerance², damped by how far off it lies in its own tolerances (a Cauchy weight), so that a
    /// segment no direction explains fades out instead of being cut off at a threshold. Up to about 170 pixels
    /// that is the length squared (its ends' 1.5 pixels decide); beyond, every segment weighs the same, for there
    /// the scene's own crookedness decides: a door frame, a table's post or a drainpipe stands within half a
    /// degree or so of plumb however long it is, and weighing the longest by their length squared let the few
    /// of them that lean outvote the rest (the room's wall and loudspeaker against its table). Deterministic; a
    /// few microseconds a round.
    static func settle(_ start: SphereVector, on lines: [Line]) -> SphereVector? {
        var direction = start
        for _ in 0..<settlingRounds {
            let weighted = lines.map { line -> (SphereVector, Double) in
                let off = abs(line.normal.dot(direction)) / line.tolerance / settlingScale
                return (line.normal, 1 / (line.tolerance * line.tolerance) / (1 + off * off))
            }
            guard let next = SphereVector.leastAligned(with: weighted) else { return nil }
            direction = next.dot(direction) < 0 ? next.negated : next
        }
        return direction
    }
}
