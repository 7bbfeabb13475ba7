/// A timed move between two viewports (double-click zoom, re-centre after a drag).
///
/// Zoom and offset are interpolated linearly with the same eased parameter, which interpolates the
/// image→view transform itself: when both ends keep one image point at one view point (zoom about a point),
/// every frame keeps it there too. The last frame is exactly `to`. Time is the caller's, in seconds.
public struct ViewportAnimation: Sendable, Hashable {
    public static let defaultDuration = 0.18

    public var from: Viewport
    public var to: Viewport
    var startTime: Double
    public var duration: Double

    public init(from: Viewport, to: Viewport, startTime: Double, duration: Double = ViewportAnimation.defaultDuration) {
        self.from = from
        self.to = to
        self.startTime = startTime
        self.duration = duration
    }

    /// Linear progress in [0, 1]. Within a nanosecond of the end counts as the end, so a tick at
    /// `startTime + duration` finishes despite floating-point subtraction.
    public func progress(at now: Double) -> Double {
        guard duration > 0, now.isFinite else { return 1 }
        let t = ((now - startTime) / duration).clamped(to: 0, 1)
        return t >= 1 - 1e-9 / duration ? 1 : t
    }

    func isFinished(at now: Double) -> Bool { progress(at: now) >= 1 }

    /// Ease-out cubic: 1 − (1 − t)³.
    static func easeOutCubic(_ t: Double) -> Double {
        let u = 1 - t.clamped(to: 0, 1)
        return 1 - u * u * u
    }

    public func viewport(at now: Double) -> Viewport {
        let t = progress(at: now)
        if t >= 1 { return to }
        let e = ViewportAnimation.easeOutCubic(t)
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * e }
        return to.unclamped(zoomScale: mix(from.zoomScale, to.zoomScale),
                            contentOffset: Point(x: mix(from.contentOffset.x, to.contentOffset.x),
                                                 y: mix(from.contentOffset.y, to.contentOffset.y)))
    }
}
