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
    /// that follows them and the activity. The canvas, the dial strip and the status bar show that, the toolbar
    /// does not (what it shows, undo and whether there is anything to reset, is the same).
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
        return aligned == self && isDirty == other.isDirty
    }
}
