/// The displayed photo re-projected for perspective and then turned by the straighten angle, both about its
/// centre, on a canvas its own size: the region a crop box must stay inside. Points are in the canvas's (the
/// output frame's) pixels.
///
/// The order, photo point to output point: the perspective turn of the pinhole camera (vertical and horizontal,
/// one rotation vector in the picture's plane), a shift that brings the photo's centre back to the centre, then
/// the straighten turn (a roll of the camera about its axis: as `-distort SRT` turns). Quarter turns and flips act
/// on the displayed photo before all of this; they commute with it up to the signs `transformed(by:)` gives.
/// With no perspective this is a turn alone (as `-distort SRT` does).
public struct WarpedPhoto: Sendable, Hashable {
    public let size: PixelSize
    public let angle: StraightenAngle
    public let perspective: PerspectiveAngles
    /// The pinhole's focal length in pixels of this photo.
    public let focalPixels: Double
    /// Photo point → output point, and back.
    public let forward: Homography
    public let backward: Homography
    let sin: Double, cos: Double

    public init(size: PixelSize, angle: StraightenAngle, perspective: PerspectiveAngles = .zero,
                focal35mm: Double = CameraLens.defaultFocal35mm) {
        self.size = size
        self.angle = angle
        self.perspective = perspective
        focalPixels = CameraLens.focalPixels(focal35mm: focal35mm, size: size)
        (sin, cos) = Trigonometry.sineAndCosine(angle.radians)
        let c = Point(x: Double(size.width) / 2, y: Double(size.height) / 2)
        let turn = Homography([cos, -sin, 0, sin, cos, 0, 0, 0, 1])
        let keystone = WarpedPhoto.keystone(perspective, focal: focalPixels)
        forward = Homography.translation(c.x, c.y).after(turn).after(keystone).after(.translation(-c.x, -c.y))
        // Scaled so that points on the photo have a positive third coordinate (in front of the camera).
        let inverse = forward.inverse
        backward = inverse.project(c.x, c.y).z < 0 ? Homography(inverse.m.map { -$0 }) : inverse
    }

    /// The perspective part about the origin: rays (x, y, f) turned by the rotation vector, projected back at
    /// focal length f, then shifted so the origin stays where it was.
    static func keystone(_ angles: PerspectiveAngles, focal f: Double) -> Homography {
        guard !angles.isZero else { return .identity }
        let q = Rotation3(vector: (angles.vertical * .pi / 180, -angles.horizontal * .pi / 180, 0)).m
        let projective = Homography([f * q[0], f * q[1], f * f * q[2],
                                     f * q[3], f * q[4], f * f * q[5],
                                     q[6], q[7], f * q[8]])
        let centre = projective.apply(.zero)
        return Homography.translation(-centre.x, -centre.y).after(projective)
    }

    /// True when the canvas is the photo itself (no turn, no perspective).
    public var isIdentity: Bool { angle.isZero && perspective.isZero }

    var centre: Point { Point(x: Double(size.width) / 2, y: Double(size.height) / 2) }

    /// Where a point of the output frame lies in the photo (not finite when it lies on no part of it).
    public func photoPoint(fromWarped p: Point) -> Point {
        guard perspective.isZero else { return backward.apply(p) }
        let c = centre, dx = p.x - c.x, dy = p.y - c.y
        return Point(x: c.x + cos * dx + sin * dy, y: c.y - sin * dx + cos * dy)
    }

    /// Where a point of the photo lands in the output frame.
    public func warpedPoint(fromPhoto p: Point) -> Point {
        guard perspective.isZero else { return forward.apply(p) }
        let c = centre, dx = p.x - c.x, dy = p.y - c.y
        return Point(x: c.x + cos * dx - sin * dy, y: c.y + sin * dx + cos * dy)
    }

    /// The photo's four corners in the output frame (top-left, top-right, bottom-right, bottom-left); a corner the
    /// camera turn puts behind the camera is not finite.
    public var corners: [Point] {
        let w = Double(size.width), h = Double(size.height)
        return [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)].map(warpedPoint(fromPhoto:))
    }

    /// Whether the output point `p` shows the photo (within a hair of its edge).
    public func shows(_ p: Point) -> Bool {
        let tolerance = 1e-7
        let q: Point
        if perspective.isZero {
            q = photoPoint(fromWarped: p)
        } else {
            let h = backward.project(p.x, p.y)
            guard h.z > 0 else { return false }
            q = Point(x: h.x / h.z, y: h.y / h.z)
        }
        return q.x >= -tolerance && q.y >= -tolerance
            && q.x <= Double(size.width) + tolerance && q.y <= Double(size.height) + tolerance
    }

    /// Whether every point of `rect` is on the warped photo: its four corners are (both are convex, and a box
    /// whose corners lie in front of the camera lies there whole).
    public func contains(_ rect: PixelRect) -> Bool {
        !rect.isEmpty && contains(rect.rect)
    }

    func contains(_ rect: Rect) -> Bool {
        guard rect.width > 0, rect.height > 0 else { return false }
        return shows(Point(x: rect.minX, y: rect.minY)) && shows(Point(x: rect.maxX, y: rect.minY))
            && shows(Point(x: rect.minX, y: rect.maxY)) && shows(Point(x: rect.maxX, y: rect.maxY))
    }

    /// The widest box of `ratio` (width / height) centred on the canvas that fits, in real numbers. Turned only:
    /// the turned-back box's extent `w·|cos| + h·|sin|` across and `w·|sin| + h·|cos|` down must fit the photo.
    public func largestCentredExtent(ratio: Double) -> Size {
        guard perspective.isZero else {
            let width = largestFitting(ratio: ratio, centre: centre).width
            return Size(width: width, height: width / ratio)
        }
        let c = abs(cos), s = abs(sin)
        let width = min(Double(size.width) / (c + s / ratio), Double(size.height) / (s + c / ratio))
        return Size(width: width, height: width / ratio)
    }

    /// The largest whole-pixel box of `ratio` centred on the canvas (to half a pixel) that fits.
    public func largestCentred(ratio: Double) -> PixelRect {
        guard ratio > 0, ratio.isFinite, !size.isEmpty else { return PixelRect(size: size) }
        let extent = largestCentredExtent(ratio: ratio)
        return wholePixelBox(ratio: ratio, width: extent.width, centre: centre)
    }

    /// The largest whole-pixel box of `ratio`, `width` wide or narrower, about `centre` (to half a pixel) that fits.
    func wholePixelBox(ratio: Double, width realWidth: Double, centre: Point) -> PixelRect {
        var width = max(1, min(size.width, floorInt(realWidth + 1e-9)))
        while true {
            // The nearer height first, then the one below it (still within a pixel of the ratio).
            let exact = Double(width) / ratio
            for height in Set([roundedInt(exact), floorInt(exact)]).sorted(by: >) where height >= 1 {
                let box = PixelRect(x: roundedInt(centre.x - Double(width) / 2),
                                    y: roundedInt(centre.y - Double(height) / 2), width: width, height: height)
                if contains(box) && PixelRect(size: size).contains(box) || width == 1 { return box }
            }
            width -= 1
        }
    }
}
