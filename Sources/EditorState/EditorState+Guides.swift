// Guided mode: lines drawn along what should be vertical or horizontal; the picture re-projected so that they are.

extension EditorState {
    /// The guides put in place, and the warp they give (Upright's guided answer); with too few to say anything,
    /// the warp stays as it is. No undo step of its own.
    mutating func guide(by lines: [LineSegment]) {
        guides = lines
        guard let imageSize, let answer = Upright.guided(lines, size: imageSize, focal35mm: focal35mm) else { return }
        warp(to: answer.straighten, answer.perspective)
    }

    mutating func setGuides(_ lines: [LineSegment]) {
        guard imageSize != nil else { return }
        endGesture(at: nil, now: 0)
        let before = edit
        guide(by: lines)
        commitEdit(from: before)
    }

    /// A guide drawn or moved: the first move remembers the edit before it (`endStraightenDrag` ends the drag).
    mutating func dragGuides(_ lines: [LineSegment]) {
        guard imageSize != nil else { return }
        if straightenDragBefore == nil {
            endGesture(at: nil, now: 0)
            straightenDragBefore = edit
        }
        activity = .straightening
        guide(by: lines)
    }
}

extension LineSegment {
    /// The same line after the picture of `size` is turned or flipped by `step`.
    func transformed(by step: Orientation, in size: PixelSize) -> LineSegment {
        LineSegment(start: step.displayedPoint(fromStored: start, storedSize: size),
                    end: step.displayedPoint(fromStored: end, storedSize: size))
    }
}
