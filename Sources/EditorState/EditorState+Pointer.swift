// Pointer gestures on the crop box: resize by a handle, move, draw a new box, click outside to clear.

/// The gesture in progress between a pointer press and its release.
enum PointerGesture: Sendable, Hashable {
    case none
    case resizing(Handle, start: CropBox, startPoint: Point, cropWasNil: Bool, before: CropEdit)
    case moving(start: CropBox, startPoint: Point, before: CropEdit)
    /// Pressed outside the box; becomes a drawing once the pointer travels more than the click slop.
    case pressedOutside(anchor: Point, before: CropEdit)
    case drawing(anchor: Point, before: CropEdit)
}

extension EditorState {
    /// A press and release closer than this (view pixels) is a click, not a drag: until the pointer has
    /// travelled further from the press, nothing moves.
    static let clickSlop = 3.0

    mutating func pointerDown(_ point: Point, now: Double) {
        guard let frame = frameBox, point.isFinite else { return }
        endGesture(at: nil, now: now)
        finishAnimation()
        let imagePoint = viewport.imagePoint(fromView: point)
        pressPoint = point
        dragEngaged = false
        switch hitTest(point) {
        case let .handle(handle):
            gesture = .resizing(handle, start: frame, startPoint: imagePoint, cropWasNil: crop == nil, before: edit)
            activity = .draggingHandle(handle)
        case .interior:
            gesture = .moving(start: frame, startPoint: imagePoint, before: edit)
            activity = .movingBox
        case .outside:
            gesture = .pressedOutside(anchor: imagePoint, before: edit)
        }
    }

    mutating func pointerDragged(_ point: Point) {
        guard point.isFinite, let imageSize, gesture != .none else { return }
        if !dragEngaged {
            guard let pressPoint, point.distance(to: pressPoint) > EditorState.clickSlop * interfaceScale else { return }
            dragEngaged = true
            if case let .pressedOutside(anchor, before) = gesture {
                gesture = .drawing(anchor: anchor, before: before)
                activity = .drawingBox
            }
        }
        let imagePoint = viewport.imagePoint(fromView: point)
        let minimum = minimumCropSize ?? PixelSize(width: 1, height: 1)
        switch gesture {
        case .none, .pressedOutside:
            return
        case let .resizing(handle, start, startPoint, cropWasNil, _):
            let delta = Point(x: imagePoint.x - startPoint.x, y: imagePoint.y - startPoint.y)
            let resized = start.resized(handle, by: delta, minimum: minimum, ratio: lockedRatio)
            if cropWasNil && resized == start {
                crop = nil
            } else {
                placeBox(losslessShaped(resized.rect), .stopAtTheEdge(sliding: true))
            }
        case let .moving(start, startPoint, _):
            placeBox(losslessMoved(start.moved(by: Point(x: imagePoint.x - startPoint.x, y: imagePoint.y - startPoint.y)).rect),
                     .stopAtTheEdge(sliding: true))
        case let .drawing(anchor, _):
            if let drawn = CropBox.drawn(from: anchor, to: imagePoint, imageSize: imageSize,
                                         minimum: minimum, ratio: lockedRatio) {
                placeDrawnBox(losslessShaped(drawn.rect), anchor: anchor)
            }
        }
    }

    /// A double-click is never also a click: a press still pending is dropped, and a crop that the first click of
    /// the pair cleared comes back (its undo step goes too).
    mutating func takeBackClicks() {
        if case .pressedOutside = gesture {
            gesture = .none
            pressPoint = nil
            activity = .idle
        } else {
            endGesture(at: nil, now: 0)
        }
        if let before = clearedByClick, crop == nil, history.undoStack.last == before {
            _ = history.discardLast()
            restore(before)
        }
        clearedByClick = nil
    }

    mutating func pointerUp(_ point: Point, now: Double) {
        endGesture(at: point.isFinite ? point : nil, now: now)
    }

    /// Finishes the gesture: the last position counts, the edit becomes one undo step, and after a handle drag
    /// or a drawn box the view re-centres on the box when that setting is on.
    mutating func endGesture(at point: Point?, now: Double) {
        if let point { pointerDragged(point) }
        let shaped: Bool
        switch gesture {
        case .none:
            return
        case let .resizing(_, _, _, _, before), let .drawing(_, before):
            commitEdit(from: before)
            shaped = dragEngaged
        case let .moving(_, _, before):
            commitEdit(from: before)
            shaped = false
        case let .pressedOutside(_, before):
            // Never dragged past the slop: a click outside the box clears the crop.
            if point != nil, crop != nil {
                placeBox(nil)
                commitEdit(from: before)
                clearedByClick = before
            }
            shaped = false
        }
        gesture = .none
        pressPoint = nil
        dragEngaged = false
        activity = .idle
        if shaped, recentersAfterDrag, point != nil, let crop {
            animateViewport(to: viewport.focused(on: crop.rect), now: now)
        }
    }
}
