// Undoable edits other than pointer gestures: keyboard, numeric entry, aspect, rotate/flip, undo/redo, reset.

/// Which kind of keyboard edit an open undo step is collecting.
enum KeyboardBurst: Sendable, Hashable {
    case nudge, resize, straighten, perspective
}

extension EditorState {
    mutating func nudge(dx: Int, dy: Int) {
        guard let crop, let imageSize else { return }
        let before = edit
        placeBox(losslessMoved(CropBox(rect: crop, imageSize: imageSize).moved(dx: dx, dy: dy).rect,
                               towards: (dx.signum(), dy.signum())))
        recordKeyboardEdit(.nudge, before: before)
    }

    mutating func resizeCrop(dw: Int, dh: Int) {
        guard let frame = frameBox else { return }
        let before = edit
        let resized = frame.resized(dw: dw, dh: dh, ratio: lockedRatio)
        if crop != nil || resized != frame { placeBox(losslessShaped(resized.rect)) }
        recordKeyboardEdit(.resize, before: before)
    }

    private mutating func recordKeyboardEdit(_ kind: KeyboardBurst, before: CropEdit) {
        guard edit != before else { return }
        if keyboardBurst != kind { history.record(before) }
        keyboardBurst = kind
    }

    /// Numeric entry. The rectangle is clipped to the image (ignored if it misses it). A rectangle that breaks
    /// the locked ratio by more than a pixel unlocks the aspect: typed numbers win.
    mutating func setCrop(_ rect: PixelRect?) {
        guard let imageSize else { return }
        let before = edit
        if let rect {
            guard let valid = CropBox.validated(rect, imageSize: imageSize) else { return }
            if let ratio = lockedRatio, abs(Double(valid.width) - Double(valid.height) * ratio) > 1 {
                aspect = .free
            }
            placeBox(losslessMoved(valid), .shrinkToFit)
        } else {
            placeBox(nil)
        }
        commitEdit(from: before)
    }

    /// A locked ratio reshapes an existing box to the largest box of that ratio inside it, about its centre; with
    /// no crop it creates the largest centred box of that ratio. Free leaves the box as it is.
    mutating func setAspect(_ newAspect: AspectRatio) {
        guard let imageSize else { return }
        let before = edit
        aspect = newAspect
        if let ratio = newAspect.ratio(for: imageSize) {
            if let crop {
                placeBox(CropBox(rect: crop, imageSize: imageSize).reshaped(toRatio: ratio).rect, .shrinkToFit)
            } else {
                placeBox(CropBox.largestCentred(ratio: ratio, imageSize: imageSize).rect)
            }
        }
        commitEdit(from: before)
    }

    /// X: portrait ↔ landscape. The box turns about its centre (its new width is its old height), shrinking
    /// to fit the image if needed; with no crop and a locked ratio, the largest centred box of the new ratio.
    mutating func swapAspectOrientation() {
        guard let imageSize else { return }
        let before = edit
        aspect = aspect.swapped
        let ratio = aspect.ratio(for: imageSize)
        if let crop {
            placeBox(CropBox(rect: crop, imageSize: imageSize).orientationSwapped(ratio: ratio).rect, .shrinkToFit)
        } else if let ratio {
            placeBox(CropBox.largestCentred(ratio: ratio, imageSize: imageSize).rect)
        }
        commitEdit(from: before)
    }

    /// Rotate or flip the displayed image by `step`. The crop follows the same image content, a locked ratio
    /// turns with a quarter turn, a flip mirrors the straighten angle, and the view refits.
    mutating func transformImage(by step: Orientation) {
        guard let imageSize else { return }
        endGesture(at: nil, now: 0)
        finishAnimation()
        let before = edit
        let turned = crop.map { step.displayedRect(fromStored: $0, storedSize: imageSize) }
        if step.swapsAxes, case .custom = aspect { aspect = aspect.swapped }
        restore(CropEdit(crop: turned, userTransform: userTransform.followed(by: step), aspect: aspect,
                         straighten: step.isMirror ? straighten.mirrored : straighten,
                         madeBox: madeBox.map { $0.transformed(by: step, in: imageSize) },
                         perspective: perspective.transformed(by: step),
                         guides: guides.map { $0.transformed(by: step, in: imageSize) }))
        commitEdit(from: before)
    }

    mutating func undo() {
        endGesture(at: nil, now: 0)
        if let previous = history.undo(from: edit) { restore(previous) }
    }

    mutating func redo() {
        endGesture(at: nil, now: 0)
        if let next = history.redo(from: edit) { restore(next) }
    }

    /// Back to the photo as loaded: no crop, no rotation, flip, straightening or perspective, free aspect. Undoable.
    mutating func reset() {
        guard imageSize != nil else { return }
        endGesture(at: nil, now: 0)
        let before = edit
        restore(.original)
        commitEdit(from: before)
    }

    /// A whole edit made elsewhere (a copied crop rule), undoable in one step.
    mutating func adopt(_ target: CropEdit) {
        guard imageSize != nil else { return }
        endGesture(at: nil, now: 0)
        let before = edit
        restore(target)
        commitEdit(from: before)
    }

    /// Puts `target` in place; a different user transform changes the image size, so the view refits.
    mutating func restore(_ target: CropEdit) {
        let transformChanged = target.userTransform != userTransform
        crop = target.crop
        aspect = target.aspect
        userTransform = target.userTransform
        straighten = target.straighten
        perspective = target.perspective
        guides = target.guides
        madeBox = target.madeBox
        if transformChanged, let imageSize {
            finishAnimation()
            viewport = viewport.replacingContent(imageSize.size)
        }
    }
}
