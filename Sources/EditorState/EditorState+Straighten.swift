// Straightening and perspective: warping the picture while the crop box stays on the warped photo.

/// The box the user made, remembered while straightening keeps the crop smaller, so it can grow back.
public enum MadeBox: Sendable, Hashable {
    /// No crop: the whole picture.
    case whole
    case box(PixelRect)

    var crop: PixelRect? {
        if case let .box(rect) = self { return rect }
        return nil
    }

    func transformed(by step: Orientation, in imageSize: PixelSize) -> MadeBox {
        guard case let .box(rect) = self else { return self }
        return .box(step.displayedRect(fromStored: rect, storedSize: imageSize))
    }
}

extension Orientation {
    /// A flip (alone or with a turn): it reverses the sense of any rotation seen through it.
    public var isMirror: Bool { matrix.a * matrix.d - matrix.b * matrix.c < 0 }
}

extension EditorState {
    /// The displayed picture re-projected for perspective and turned by the straighten angle: where the crop box
    /// may go.
    public var warpedPhoto: WarpedPhoto? { imageSize.map { warped(size: $0, straighten, perspective) } }

    func warped(size: PixelSize, _ angle: StraightenAngle, _ angles: PerspectiveAngles) -> WarpedPhoto {
        WarpedPhoto(size: size, angle: angle, perspective: angles, focal35mm: focal35mm)
    }

    /// Whether the picture is warped at all (turned or re-projected).
    var isWarped: Bool { !straighten.isZero || !perspective.isZero }

    /// The angle in the upright photo's frame, before the user's rotation and flip (what the saved crop turns by).
    public var straightenInUpright: StraightenAngle { userTransform.isMirror ? straighten.mirrored : straighten }

    /// The box with no crop made at this warp: the largest one of the locked ratio or the photo's own.
    func largestWarpedBox(_ warped: WarpedPhoto) -> PixelRect {
        warped.largestBox(ratio: lockedRatio ?? Double(warped.size.width) / Double(warped.size.height))
    }

    /// How a box the user asks for is kept on the warped photo.
    enum BoxPlacement {
        /// A change from the current box stops where it would leave the photo (sliding along the edge when asked).
        case stopAtTheEdge(sliding: Bool)
        /// The box shrinks about its centre, keeping its aspect (typed numbers, a new ratio).
        case shrinkToFit
    }

    /// Puts a box the user made (by any gesture, key or entry) in place, kept on the warped photo.
    mutating func placeBox(_ rect: PixelRect?, _ placement: BoxPlacement = .stopAtTheEdge(sliding: false)) {
        madeBox = nil
        guard let photo = warpedPhoto, isWarped else { crop = rect; return }
        guard let rect else { crop = largestWarpedBox(photo); return }
        switch (placement, crop) {
        case let (.stopAtTheEdge(sliding), crop?):
            self.crop = photo.clamped(rect, from: crop, sliding: sliding && lockedRatio == nil, ratio: lockedRatio)
        default:
            crop = photo.fitted(rect)
        }
    }

    /// A drawn box grows from its anchor as far as the warped photo allows; an anchor off the photo gives the box
    /// shrunk about its centre.
    mutating func placeDrawnBox(_ rect: PixelRect, anchor: Point) {
        guard let photo = warpedPhoto, isWarped else { placeBox(rect); return }
        madeBox = nil
        let x = anchor.x <= rect.center.x ? rect.minX : rect.maxX - 1
        let y = anchor.y <= rect.center.y ? rect.minY : rect.maxY - 1
        let seed = PixelRect(x: x, y: y, width: 1, height: 1)
        crop = photo.contains(seed) ? photo.clamped(rect, from: seed, sliding: lockedRatio == nil, ratio: lockedRatio)
            : photo.fitted(rect)
    }

    /// Turns the picture to `angle` (no undo step of its own); see `warp(to:_:)`.
    mutating func turn(to angle: StraightenAngle) {
        warp(to: angle, perspective)
    }

    /// Warps the picture to `angle` and `angles` (no undo step of its own). The box shrinks about its centre just
    /// enough to stay on the warped photo, or grows back towards the box the user made; with no crop it is the
    /// largest box of its shape, and none again with no warp.
    mutating func warp(to angle: StraightenAngle, _ angles: PerspectiveAngles) {
        guard let imageSize, angle != straighten || angles != perspective else { return }
        let made = madeBox ?? crop.map(MadeBox.box) ?? .whole
        straighten = angle
        perspective = angles
        let photo = warped(size: imageSize, angle, angles)
        switch made {
        case .whole: crop = photo.isIdentity ? nil : largestWarpedBox(photo)
        case let .box(rect): crop = photo.isIdentity ? rect : photo.fitted(rect)
        }
        madeBox = crop == made.crop ? nil : made
    }

    mutating func turnStraighten(byTenths step: Int) {
        guard imageSize != nil, step != 0 else { return }
        endGesture(at: nil, now: 0)
        let before = edit
        turn(to: straighten.turned(byTenths: step))
        guard edit != before else { return }
        if keyboardBurst != .straighten { history.record(before) }
        keyboardBurst = .straighten
    }

    mutating func setStraighten(_ angle: StraightenAngle) {
        guard imageSize != nil else { return }
        endGesture(at: nil, now: 0)
        let before = edit
        turn(to: angle)
        commitEdit(from: before)
    }

    /// The dial moves: the first move of a drag remembers the edit before it.
    mutating func dragStraighten(to angle: StraightenAngle) {
        dragWarp(to: angle, perspective)
    }

    /// The dial is let go: the whole drag becomes one undo step.
    mutating func endStraightenDrag() {
        guard let before = straightenDragBefore else { return }
        straightenDragBefore = nil
        if activity == .straightening { activity = .idle }
        commitEdit(from: before)
    }

    /// The level tool: the line from `start` to `end` (view points on the turned picture) becomes horizontal, or
    /// vertical when it is nearer vertical. A line shorter than the click slop changes nothing.
    mutating func level(from start: Point, to end: Point) {
        guard start.isFinite, end.isFinite, start.distance(to: end) > EditorState.clickSlop * interfaceScale else { return }
        setStraighten(StraightenAngle(degrees: straighten.degrees + EditorState.levellingTurn(from: start, to: end)))
    }

    /// The clockwise turn in degrees, within ±45°, that makes the line level or plumb.
    static func levellingTurn(from start: Point, to end: Point) -> Double {
        var slope = Trigonometry.atan2(end.y - start.y, end.x - start.x) * 180 / .pi
        // A line has no direction: fold it to (−90°, 90°], then to the nearer of level and plumb.
        if slope > 90 { slope -= 180 } else if slope <= -90 { slope += 180 }
        if slope > 45 { return 90 - slope }
        if slope < -45 { return -90 - slope }
        return -slope
    }
}
