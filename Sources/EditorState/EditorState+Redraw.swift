extension EditorState {
    /// True when this state draws as `other` does except for the crop box: the same photo, view, mask strength,
    /// activity and history, a different box. The window then repaints only around the two boxes.
    public func differsOnlyInCrop(from other: EditorState) -> Bool {
        guard crop != nil, other.crop != nil, crop != other.crop else { return false }
        var aligned = other
        aligned.crop = crop
        // The gesture's own bookkeeping is not drawn.
        aligned.gesture = gesture
        aligned.pressPoint = pressPoint
        aligned.dragEngaged = dragEngaged
        aligned.panAnchor = panAnchor
        aligned.keyboardBurst = keyboardBurst
        aligned.clearedByClick = clearedByClick
        return aligned == self
    }
}

extension EditorState {
    /// Whether `self` differs from `other` only as a dial drag or a straighten key changes it: the angles, the box
    /// that follows them and the activity. The canvas, the dial strip and the status bar show that; the toolbar
    /// shows only whether there is anything to reset, which changes when the angles come back to the photo's saved
    /// ones or leave them (`isDirty`: the caller repaints the toolbar then).
    public func differsOnlyInWarp(from other: EditorState) -> Bool {
        guard straighten != other.straighten || perspective != other.perspective || activity != other.activity
        else { return false }
        var aligned = other
        aligned.straighten = straighten
        aligned.perspective = perspective
        aligned.crop = crop
        aligned.madeBox = madeBox
        aligned.activity = activity
        aligned.straightenDragBefore = straightenDragBefore
        return aligned == self
    }
}

extension EditorState {
    /// The part of the view a straighten dial's step from `other` changes, when it can say: the photo as turned
    /// before and after (its corners' bounds) and both boxes, `reach` view pixels around the boxes (their frame and
    /// handles) and a pixel around the photo. Nil when the step may change more of the view: it is not a straighten
    /// drag's step on both sides (the look, the mask's opacity and the filter, change with the activity), or a
    /// perspective turn or guides are drawn.
    public func turnedArea(from other: EditorState, reach: Double) -> Rect? {
        // A box made or dropped as the dial leaves or reaches zero brings or takes the mask over all of the canvas.
        guard activity == .straightening, other.activity == .straightening, differsOnlyInWarp(from: other),
              (mask == nil) == (other.mask == nil),
              perspective.isZero, other.perspective.isZero, guides.isEmpty, other.guides.isEmpty,
              let photo = warpedPhoto, let before = other.warpedPhoto else { return nil }
        var xs: [Double] = [], ys: [Double] = []
        for corner in photo.corners + before.corners {
            let p = viewport.viewPoint(fromImage: corner)
            xs.append(p.x)
            ys.append(p.y)
        }
        var left = xs.min()! - 1, right = xs.max()! + 1, top = ys.min()! - 1, bottom = ys.max()! + 1
        for box in [cropFrameInView, other.cropFrameInView].compactMap({ $0 }) {
            left = min(left, box.minX - reach)
            right = max(right, box.maxX + reach)
            top = min(top, box.minY - reach)
            bottom = max(bottom, box.maxY + reach)
        }
        guard left.isFinite, right.isFinite, top.isFinite, bottom.isFinite else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
