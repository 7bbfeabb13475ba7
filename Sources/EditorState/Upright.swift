// Upright: the straighten and perspective angles that make a picture's verticals (and horizontals) parallel and
// upright, from line segments: the ones the detector finds, or the guides the user draws.

/// Lightroom's three answers: level only, verticals upright and parallel (and level), or horizontals too.
public enum UprightMode: String, Sendable, Hashable, CaseIterable {
    case level, vertical, full
}

extension UprightMode: CustomStringConvertible {
    /// Its name alone (`level`), also inside a command's name in the state log (`upright(level)`).
    public var description: String { rawValue }
}

/// A straighten angle and a perspective together: what Upright and the guides suggest.
public struct WarpAngles: Sendable, Hashable {
    public var straighten: StraightenAngle
    public var perspective: PerspectiveAngles

    public init(straighten: StraightenAngle, perspective: PerspectiveAngles = .zero) {
        self.straighten = straighten
        self.perspective = perspective
    }
}

public enum Upright {
    /// Segments leaning further than this from vertical (or horizontal) are not counted as either.
    static let candidateLean = 40.0

    /// Vertical or full from detected `segments` of a picture of `size`; nil when the segments do not agree on
    /// a vanishing point with confidence, or the answer lies beyond the dials' reach. Full is Vertical's answer
    /// when its horizontal turn does not level the long horizontals better than Vertical's does. Level is the
    /// auto-level estimate's job (gradient orientations), not this one's.
    public static func answer(_ mode: UprightMode, segments: [LineSegment], size: PixelSize,
                              focal35mm: Double) -> WarpAngles? {
        switch mode {
        case .level: return nil
        case .vertical: return vertical(segments: segments, size: size, focal35mm: focal35mm)?.angles
        case .full: return full(segments: segments, size: size, focal35mm: focal35mm)?.angles
        }
    }

    /// Full's answer and whose it is: `.full` for its own turn, `.vertical` when it falls back to Vertical's
    /// answer because the horizontal turn would not level the long horizontals better. Nil when the horizontals
    /// (or the verticals) do not agree with confidence.
    public static func full(segments: [LineSegment], size: PixelSize,
                            focal35mm: Double) -> (mode: UprightMode, angles: WarpAngles)? {
        vertical(segments: segments, size: size, focal35mm: focal35mm).flatMap {
            full(given: $0, segments: segments, size: size, focal35mm: focal35mm)
        }
    }

    /// What `cropper info --level` suggests: Full's answer (its own or Vertical's, as `full` says), else Vertical's
    /// when the horizontals do not agree; with Vertical's own answer beside it. The verticals are found once.
    public static func suggestion(segments: [LineSegment], size: PixelSize, focal35mm: Double)
        -> (mode: UprightMode, angles: WarpAngles, vertical: WarpAngles?)? {
        guard let vertical = vertical(segments: segments, size: size, focal35mm: focal35mm) else { return nil }
        if let full = full(given: vertical, segments: segments, size: size, focal35mm: focal35mm) {
            return (full.mode, full.angles, vertical.angles)
        }
        return vertical.angles.map { (.vertical, $0, $0) }
    }

    private static func full(given vertical: (direction: SphereVector, focal: Double, angles: WarpAngles?),
                             segments: [LineSegment], size: PixelSize,
                             focal35mm: Double) -> (mode: UprightMode, angles: WarpAngles)? {
        let minimumSupport = 0.3 * Double(min(size.width, size.height))
        let horizontals = segments.filter { $0.angleFromVertical > 90 - candidateLean }
        guard let horizontal = VanishingDirection.find(horizontals, size: size, focal: vertical.focal,
                                                       extent: Double(size.width), minimumSupport: minimumSupport),
              let full = rectified(vertical: vertical.direction, horizontal: horizontal.direction)
        else { return nil }
        guard let uprightOnly = vertical.angles else { return (.full, full) }
        return levelsBetter(full, than: uprightOnly, horizontals: horizontals, size: size, focal35mm: focal35mm)
            ? (.full, full) : (.vertical, uprightOnly)
    }

    /// The verticals' vanishing direction and Vertical's answer for it (nil beyond the dials' reach); nil when
    /// the verticals do not agree with confidence.
    private static func vertical(segments: [LineSegment], size: PixelSize, focal35mm: Double)
        -> (direction: SphereVector, focal: Double, angles: WarpAngles?)? {
        guard !size.isEmpty else { return nil }
        let f = CameraLens.focalPixels(focal35mm: focal35mm, size: size)
        let minimumSupport = 0.3 * Double(min(size.width, size.height))
        let verticals = segments.filter { $0.angleFromVertical < candidateLean }
        guard let found = VanishingDirection.find(verticals, size: size, focal: f, extent: Double(size.height),
                                                  minimumSupport: minimumSupport)
        else { return nil }
        let angles = levelledVertical(found.direction, focal: f).map {
            checked($0, direction: found.direction, settledBy: found.settledBy, size: size, focal35mm: focal35mm)
        }
        return (found.direction, f, angles)
    }

    /// Whether Full's answer leaves the long horizontals (all of them when there are too few long ones) leaning
    /// less from level (length-weighted median) than Vertical's does. Horizontals that meet without being parallel
    /// in the scene (a table's receding slats and a wall's top row, which meet on that row) can agree on a
    /// direction whose turn levels them and fans the rest of the wall out; then Full turns nothing sideways.
    static func levelsBetter(_ full: WarpAngles, than upright: WarpAngles, horizontals: [LineSegment],
                             size: PixelSize, focal35mm: Double) -> Bool {
        let long = horizontals.filter { $0.length >= VanishingDirection.longShare * Double(size.width) }
        let judged = long.count >= VanishingDirection.longEnough ? long : horizontals
        func lean(_ angles: WarpAngles) -> Double {
            let warp = WarpedPhoto(size: size, angle: angles.straighten, perspective: angles.perspective,
                                   focal35mm: focal35mm)
            return weightedMedian(judged.map {
                (lean: 90 - $0.mapped(by: warp.forward).angleFromVertical, length: $0.length)
            })
        }
        return lean(full) < lean(upright)
    }

    /// Vertical's answer, or no turn at all when the answer would leave the verticals that settled it and agree
    /// with it (the long ones, when there are enough) leaning more (length-weighted median) than they do as shot:
    /// a photo that is already upright, or one whose verticals no single camera turn makes upright, is better left
    /// as it is.
    static func checked(_ angles: WarpAngles, direction: SphereVector, settledBy lines: [VanishingDirection.Line],
                        size: PixelSize, focal35mm: Double) -> WarpAngles {
        let judged = lines.filter { $0.agrees(with: direction) }.map(\.segment)
        let warp = WarpedPhoto(size: size, angle: angles.straighten, perspective: angles.perspective,
                               focal35mm: focal35mm)
        let before = weightedMedian(judged.map { (lean: $0.angleFromVertical, length: $0.length) })
        let after = weightedMedian(judged.map {
            (lean: $0.mapped(by: warp.forward).angleFromVertical, length: $0.length)
        })
        return after > before ? WarpAngles(straighten: .zero) : angles
    }

    /// The length-weighted median of these leans (degrees); one that is not finite (a segment the turn takes
    /// behind the camera) counts as lying flat. 0 for none.
    static func weightedMedian(_ segments: [(lean: Double, length: Double)]) -> Double {
        let leans = segments.map { (lean: $0.lean.isFinite ? $0.lean : 90, length: $0.length) }
            .sorted { $0.lean < $1.lean }
        let half = leans.reduce(0) { $0 + $1.length } / 2
        var reached = 0.0
        for (lean, length) in leans {
            reached += length
            if reached >= half { return lean }
        }
        return 0
    }

    /// The guides' answer: two or more nearer vertical make them upright and parallel (and level); two or more
    /// nearer horizontal make those level and parallel; both, both. Nil for fewer, or guides that do not meet.
    public static func guided(_ guides: [LineSegment], size: PixelSize, focal35mm: Double) -> WarpAngles? {
        guard !size.isEmpty else { return nil }
        let f = CameraLens.focalPixels(focal35mm: focal35mm, size: size)
        let usable = guides.filter { $0.length > 0 }
        func direction(_ lines: [LineSegment]) -> SphereVector? {
            guard lines.count >= 2 else { return nil }
            return SphereVector.leastAligned(with: lines.map { (SphereVector.normal(of: $0, size: size, focal: f), 1) })
        }
        let vertical = direction(usable.filter(\.isNearerVertical))
        let horizontal = direction(usable.filter { !$0.isNearerVertical })
        switch (vertical, horizontal) {
        case let (v?, h?): return rectified(vertical: v, horizontal: h)
        case let (v?, nil): return levelledVertical(v, focal: f)
        case let (nil, h?): return levelledHorizontal(h)
        default: return nil
        }
    }

    /// Vertical: the camera turned about its horizontal axis until the vertical vanishing direction `d` lies in
    /// the picture's plane (tan v = −d_z / d_y), then rolled until it points straight down the picture.
    static func levelledVertical(_ d: SphereVector, focal f: Double) -> WarpAngles? {
        guard abs(d.y) > 1e-12 else { return nil }
        let v = Trigonometry.atan2(-d.z * (d.y < 0 ? -1 : 1), abs(d.y))
        let (s, c) = Trigonometry.sineAndCosine(v)
        let down = c * d.y - s * d.z
        let roll = Trigonometry.atan2(d.x * (down < 0 ? -1 : 1), abs(down))
        return angles(straighten: roll, vertical: v, horizontal: 0)
    }

    /// Horizontals alone: turned about the vertical axis until they are parallel, then rolled level.
    static func levelledHorizontal(_ d: SphereVector) -> WarpAngles? {
        guard abs(d.x) > 1e-12 else { return nil }
        // Q = R_y(−h): z′ = sin h·d_x + cos h·d_z = 0.
        let h = Trigonometry.atan2(-d.z * (d.x < 0 ? -1 : 1), abs(d.x))
        let (s, c) = Trigonometry.sineAndCosine(h)
        let across = c * d.x - s * d.z
        let roll = Trigonometry.atan2(-d.y * (across < 0 ? -1 : 1), abs(across))
        return angles(straighten: roll, vertical: 0, horizontal: h)
    }

    /// Full: the turn taking the vertical direction to the picture's y axis and the horizontal one to its x axis,
    /// split into the roll about the camera's axis (straighten) after a turn about an axis in the picture's plane.
    static func rectified(vertical: SphereVector, horizontal: SphereVector) -> WarpAngles? {
        let v = vertical.y < 0 ? vertical.negated : vertical
        let projected = SphereVector(horizontal.x - horizontal.dot(v) * v.x, horizontal.y - horizontal.dot(v) * v.y,
                                     horizontal.z - horizontal.dot(v) * v.z)
        guard projected.length > 0.5 else { return nil }
        var h = projected.unit
        if h.x < 0 { h = h.negated }
        let r3 = h.cross(v)
        // The rows of the turn are h, v and h × v; its third row alone fixes the in-plane turn.
        let tilt = Trigonometry.atan2((r3.x * r3.x + r3.y * r3.y).squareRoot(), r3.z)
        let across = (r3.x * r3.x + r3.y * r3.y).squareRoot()
        let (wx, wy) = across > 1e-15 ? (tilt * r3.y / across, -tilt * r3.x / across) : (0, 0)
        let q = Rotation3(vector: (wx, wy, 0))
        // The roll: R · Qᵀ, whose first column is (cos θ, sin θ, 0).
        let rows = Rotation3(matrix: [h.x, h.y, h.z, v.x, v.y, v.z, r3.x, r3.y, r3.z]).times(q.transposed).m
        let roll = Trigonometry.atan2(rows[3], rows[0])
        return angles(straighten: roll, vertical: wx, horizontal: -wy)
    }

    /// In degrees on the dials' steps; nil beyond their reach.
    private static func angles(straighten: Double, vertical: Double, horizontal: Double) -> WarpAngles? {
        let degrees = (straighten * 180 / .pi, vertical * 180 / .pi, horizontal * 180 / .pi)
        guard abs(degrees.0) <= 45, abs(degrees.1) <= 40, abs(degrees.2) <= 40 else { return nil }
        return WarpAngles(straighten: StraightenAngle(degrees: degrees.0),
                          perspective: PerspectiveAngles(vertical: degrees.1, horizontal: degrees.2))
    }
}
