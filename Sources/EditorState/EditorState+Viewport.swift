// Zoom, pan, double-click and the animation clock. None of this is undoable.

extension EditorState {
    /// Any viewport change first lands a running animation on its target, so the change starts from there.
    mutating func changeViewport(_ change: (Viewport) -> Viewport) {
        finishAnimation()
        viewport = change(viewport)
    }

    mutating func finishAnimation() {
        guard let animation else { return }
        viewport = animation.to
        self.animation = nil
        if activity == .animating { activity = .idle }
    }

    mutating func animateViewport(to target: Viewport, now: Double) {
        finishAnimation()
        guard target != viewport else { return }
        animation = ViewportAnimation(from: viewport, to: target, startTime: now.isFinite ? now : 0)
        if activity == .idle { activity = .animating }
    }

    mutating func doubleClick(at point: Point, now: Double) {
        guard imageSize != nil, point.isFinite else { return }
        takeBackClicks()
        finishAnimation()
        animateViewport(to: viewport.doubleClickTarget(at: point), now: now)
    }

    mutating func tick(now: Double) {
        guard let animation else { return }
        viewport = animation.viewport(at: now)
        if animation.isFinished(at: now) {
            self.animation = nil
            if activity == .animating { activity = .idle }
        }
    }

    mutating func panBegan(_ point: Point) {
        guard imageSize != nil, point.isFinite else { return }
        finishAnimation()
        panAnchor = point
        if activity == .idle { activity = .panning }
    }

    mutating func panDragged(_ point: Point) {
        guard let anchor = panAnchor, point.isFinite else { return }
        viewport = viewport.panned(dx: point.x - anchor.x, dy: point.y - anchor.y)
        panAnchor = point
    }

    mutating func panEnded() {
        panAnchor = nil
        if activity == .panning { activity = .idle }
    }
}
