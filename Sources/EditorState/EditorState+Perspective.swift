// Perspective: the vertical and horizontal dials, Upright's answer and the guides', each kept to the rule that
// the box stays on the warped photo (see `warp(to:_:)`).

extension EditorState {
    /// The perspective in the upright photo's frame, before the user's rotation and flip (what the saved crop uses).
    public var perspectiveInUpright: PerspectiveAngles { perspective.transformed(by: userTransform.inverse) }

    mutating func setLensFocalLength(_ focal: Double?) {
        let value = focal.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? CameraLens.defaultFocal35mm
        guard value != focal35mm else { return }
        focal35mm = value
        // The lens is a fact of the photo, not an edit: a warp already made is re-fitted without an undo step.
        guard isWarped, let imageSize else { return }
        let made = madeBox ?? crop.map(MadeBox.box) ?? .whole
        let photo = warped(size: imageSize, straighten, perspective)
        switch made {
        case .whole: crop = largestWarpedBox(photo)
        case let .box(rect): crop = photo.fitted(rect)
        }
        madeBox = crop == made.crop ? nil : made
    }

    mutating func turnPerspective(vertical: Int, horizontal: Int) {
        guard imageSize != nil, vertical != 0 || horizontal != 0 else { return }
        endGesture(at: nil, now: 0)
        let before = edit
        warp(to: straighten, PerspectiveAngles(verticalTenths: perspective.verticalTenths + vertical,
                                               horizontalTenths: perspective.horizontalTenths + horizontal))
        guard edit != before else { return }
        if keyboardBurst != .perspective { history.record(before) }
        keyboardBurst = .perspective
    }

    mutating func setWarp(_ angle: StraightenAngle, _ angles: PerspectiveAngles) {
        guard imageSize != nil else { return }
        endGesture(at: nil, now: 0)
        let before = edit
        warp(to: angle, angles)
        commitEdit(from: before)
    }

    /// A dial moves: the first move of a drag remembers the edit before it (`endStraightenDrag` ends any dial's).
    mutating func dragWarp(to angle: StraightenAngle, _ angles: PerspectiveAngles) {
        guard imageSize != nil else { return }
        if straightenDragBefore == nil {
            endGesture(at: nil, now: 0)
            straightenDragBefore = edit
        }
        activity = .straightening
        warp(to: angle, angles)
    }
}
