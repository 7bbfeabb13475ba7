// Lossless mode: whether the open photo allows it, the grid for the current turn, and the rect that will be saved.

/// Whether lossless mode can be on for the photo and turn on screen, and if not, why (worded for a tooltip).
public enum LosslessAvailability: Sendable, Hashable {
    case available(LosslessGrid)
    case unavailable(reason: String)
}

extension EditorState {
    public var losslessAvailability: LosslessAvailability {
        guard let storedSize else { return .unavailable(reason: "open a photo first") }
        guard straighten.isZero else {
            return .unavailable(reason: "a straightened crop is resampled, so it cannot be lossless")
        }
        guard perspective.isZero else {
            return .unavailable(reason: "a perspective-corrected crop is resampled, so it cannot be lossless")
        }
        switch losslessSupport {
        case let .unsupported(reason):
            return .unavailable(reason: reason)
        case let .blocks(blocks):
            guard let grid = LosslessGrid(storedSize: storedSize, blocks: blocks, transform: displayOrientation) else {
                return .unavailable(reason: "this turn leaves no whole JPEG block to keep")
            }
            return .available(grid)
        case let .chroma(steps):
            guard let grid = LosslessGrid(chroma: steps, user: displayOrientation) else {
                return .unavailable(reason: "the picture is too small to keep whole chroma samples")
            }
            return .available(grid)
        }
    }

    /// The grid while lossless mode is on and possible; nil otherwise.
    public var losslessGrid: LosslessGrid? {
        guard losslessWanted, case let .available(grid) = losslessAvailability else { return nil }
        return grid
    }

    /// Lossless mode is on and this photo, as turned now, can be saved that way.
    public var isLossless: Bool { losslessGrid != nil }

    /// What a lossless save cuts: the box (or the whole picture) snapped out to the grid, in displayed pixels.
    /// It differs from `crop` only for a box made before the mode was on, or one a turn moved off the grid.
    public var losslessRect: PixelRect? {
        guard let grid = losslessGrid, let imageSize else { return nil }
        return grid.snappedOutwards(crop ?? PixelRect(size: imageSize))
    }

    /// The box after a drag, kept on the grid while lossless mode is on.
    func losslessShaped(_ rect: PixelRect) -> PixelRect { losslessGrid?.shaped(rect) ?? rect }

    func losslessMoved(_ rect: PixelRect, towards direction: (dx: Int, dy: Int) = (0, 0)) -> PixelRect {
        losslessGrid?.moved(rect, towards: direction) ?? rect
    }
}
