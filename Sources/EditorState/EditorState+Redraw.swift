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
