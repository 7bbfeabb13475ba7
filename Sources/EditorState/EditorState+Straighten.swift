// Straightening: turning the picture by a small angle while the crop box stays on the turned photo.

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
    /// The displayed picture turned by the straighten angle: where the crop box may go.
    public var turnedPhoto: TurnedPhoto? { imageSize.map { TurnedPhoto(size: $0, angle: straighten) } }

    /// The angle in the upright photo's frame, before the user's rotation and flip (what the saved crop turns by).
    public var straightenInUpright: StraightenAngle { userTransform.isMirror ? straighten.mirrored : straighten }

    /// The box with no crop made at this angle: the largest centred one of the locked ratio or the photo's own.
    func largestTurnedBox(_ turned: TurnedPhoto) -> PixelRect {
        turned.largestCentred(ratio: lockedRatio ?? Double(turned.size.width) / Double(turned.size.height))
    }

    /// How a box the user asks for is kept on the turned photo.
    enum BoxPlacement {
        /// A change from the current box stops where it would leave the photo (sliding along the edge when asked).
        case stopAtTheEdge(sliding: Bool)
        /// The box shrinks about its centre, keeping its aspect (typed numbers, a new ratio).
        case shrinkToFit
    }

    /// Puts a box the user made (by any gesture, key or entry) in place, kept on the turned photo.
    mutating func placeBox(_ rect: PixelRect?, _ placement: BoxPlacement = .stopAtTheEdge(sliding: false)) {
        madeBox = nil
        guard let turned = turnedPhoto, !straighten.isZero else { crop = rect; return }
        guard let rect else { crop = largestTurnedBox(turned); return }
        switch (placement, crop) {
        case let (.stopAtTheEdge(sliding), crop?):
            self.crop = turned.clamped(rect, from: crop, sliding: sliding && lockedRatio == nil, ratio: lockedRatio)
        default:
            crop = turned.fitted(rect)
        }
    }

    /// A drawn box grows from its anchor as far as the turned photo allows; an anchor off the photo gives the box
    /// shrunk about its centre.
    mutating func placeDrawnBox(_ rect: PixelRect, anchor: Point) {
        guard let turned = turnedPhoto, !straighten.isZero else { placeBox(rect); return }
        madeBox = nil
        let x = anchor.x <= rect.center.x ? rect.minX : rect.maxX - 1
        let y = anchor.y <= rect.center.y ? rect.minY : rect.maxY - 1
        let seed = PixelRect(x: x, y: y, width: 1, height: 1)
        crop = turned.contains(seed) ? turned.clamped(rect, from: seed, sliding: lockedRatio == nil, ratio: lockedRatio)
            : turned.fitted(rect)
    }

    /// Turns the picture to `angle` (no undo step of its own). The box shrinks about its centre just enough to
    /// stay on the turned photo, or grows back towards the box the user made; with no crop it is the largest
    /// centred box, and none again at 0°.
    mutating func turn(to angle: StraightenAngle) {
        guard let imageSize, angle != straighten else { return }
        let made = madeBox ?? crop.map(MadeBox.box) ?? .whole
        straighten = angle
        let turned = TurnedPhoto(size: imageSize, angle: angle)
        switch made {
        case .whole: crop = angle.isZero ? nil : largestTurnedBox(turned)
        case let .box(rect): crop = angle.isZero ? rect : turned.fitted(rect)
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
        guard imageSize != nil else { return }
        if straightenDragBefore == nil {
            endGesture(at: nil, now: 0)
            straightenDragBefore = edit
        }
        activity = .straightening
        turn(to: angle)
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
