import CCairo
import EditorState

/// Draws lossless mode's block grid over the photo, in canvas coordinates: fine lines on the block boundaries the
/// box's left and top edges snap to, only the visible ones, fading out as the cells shrink on screen.
enum LosslessGridRenderer {
    static func draw(state: EditorState, on cr: OpaquePointer) {
        guard let grid = state.losslessGrid, let imageSize = state.imageSize else { return }
        let opacity = opacity(state)
        guard opacity > 0 else { return }
        // The photo is drawn at a whole-pixel origin and size (DisplayImageCache); the lines follow the same mapping.
        let frame = state.viewport.contentFrame, view = state.viewport.viewSize
        let x0 = frame.x.rounded(), y0 = frame.y.rounded()
        let sx = frame.width.rounded() / Double(imageSize.width), sy = frame.height.rounded() / Double(imageSize.height)
        let top = max(0, y0 + Double(grid.usable.minY) * sy).rounded()
        let bottom = min(view.height, y0 + Double(grid.usable.maxY) * sy).rounded()
        let left = max(0, x0 + Double(grid.usable.minX) * sx).rounded()
        let right = min(view.width, x0 + Double(grid.usable.maxX) * sx).rounded()
        guard top < bottom, left < right else { return }

        let columns = lines(from: grid.usable.minX, to: grid.usable.maxX, step: grid.cell.width, origin: x0, scale: sx,
                            visible: left...(right - 1))
        let rows = lines(from: grid.usable.minY, to: grid.usable.maxY, step: grid.cell.height, origin: y0, scale: sy,
                         visible: top...(bottom - 1))
        // Each boundary is a light pixel line on the block's first pixels beside a dark one on the previous block's
        // last, so it shows on bright skies and dark shadows alike. One-pixel boxes on whole pixels, filled with
        // OVER and never overlapping within a fill, are what Cairo and pixman composite fastest: overlapping boxes
        // are cut up into every crossing first, and a blend like DIFFERENCE has no fast path (16 ms a frame at
        // 1920 × 1080 against well under one).
        cairo_save(cr)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
        for (shift, colour) in [(0.0, 1.0), (-1.0, 0.0)] {
            cairo_set_source_rgba(cr, colour, colour, colour, 0.32 * opacity)
            for x in columns where x + shift >= left { cairo_rectangle(cr, x + shift, top, 1, bottom - top) }
            cairo_fill(cr)
            for y in rows where y + shift >= top { cairo_rectangle(cr, left, y + shift, right - left, 1) }
            cairo_fill(cr)
        }
        cairo_restore(cr)
    }

    /// 0 when the grid is off or too fine to draw at this zoom, up to 1.
    static func opacity(_ state: EditorState) -> Double {
        guard let grid = state.losslessGrid else { return 0 }
        let cell = Double(min(grid.cell.width, grid.cell.height)) * state.viewport.zoomScale
        return LosslessGrid.lineOpacity(cellOnScreen: cell)
    }

    /// The grid lines inside the visible span, as whole canvas pixels (a line sits on the first pixel of a block).
    private static func lines(from start: Int, to end: Int, step: Int, origin: Double, scale: Double,
                              visible: ClosedRange<Double>) -> [Double] {
        let firstBlock = max(0, Int(((visible.lowerBound - origin) / scale - Double(start)) / Double(step)))
        var result: [Double] = []
        var at = start + firstBlock * step
        while at <= end {
            let x = (origin + Double(at) * scale).rounded()
            if x > visible.upperBound { break }
            if x >= visible.lowerBound { result.append(x) }
            at += step
        }
        return result
    }
}
