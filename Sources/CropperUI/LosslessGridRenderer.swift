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
        let top = max(0, y0 + Double(grid.usable.minY) * sy), bottom = min(view.height, y0 + Double(grid.usable.maxY) * sy)
        let left = max(0, x0 + Double(grid.usable.minX) * sx), right = min(view.width, x0 + Double(grid.usable.maxX) * sx)
        guard top < bottom, left < right else { return }

        cairo_save(cr)
        cairo_set_line_width(cr, 1)
        for x in lines(from: grid.usable.minX, to: grid.usable.maxX, step: grid.cell.width, origin: x0, scale: sx,
                       visible: left...right) {
            cairo_move_to(cr, x + 0.5, top)
            cairo_line_to(cr, x + 0.5, bottom)
        }
        for y in lines(from: grid.usable.minY, to: grid.usable.maxY, step: grid.cell.height, origin: y0, scale: sy,
                       visible: top...bottom) {
            cairo_move_to(cr, left, y + 0.5)
            cairo_line_to(cr, right, y + 0.5)
        }
        // Difference keeps the lines visible on bright skies and dark shadows alike.
        cairo_set_operator(cr, CAIRO_OPERATOR_DIFFERENCE)
        cairo_set_source_rgba(cr, 0.55, 0.55, 0.55, 0.7 * opacity)
        cairo_stroke(cr)
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
            if x >= visible.lowerBound - 1 { result.append(x) }
            at += step
        }
        return result
    }
}
