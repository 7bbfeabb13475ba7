import CCairo
import Dispatch
import Foundation
import EditorState

/// The frames of a straighten-dial drag: the finished scaled copy turned about the frame's centre, each screen pixel
/// taking the nearest copy pixel, written straight into the back buffer in two bands at once. Cairo's general
/// transformed paint costs 10–15 ms a frame for a fitted photo at 1920 × 1080; this a few. When the drag ends,
/// the canvas draws the turned photo with Cairo's bilinear filter again.
extension DisplayImageCache {
    /// Draws the copy filling `frame` (canvas coordinates) turned by `radians`, inside `area` (device pixels of the
    /// target). False, having drawn nothing, when there is no finished copy of that size and turn, or the target
    /// is not a plain 32-bit image surface under a plain translation: the caller then paints with Cairo.
    func blitTurned(orientation: Orientation, frame: Rect, radians: Double, area: LayoutRect, on cr: OpaquePointer) -> Bool {
        guard let copy = shown, copy.key.orientation == orientation,
              copy.key.width == Int(frame.width.rounded()), copy.key.height == Int(frame.height.rounded()) else { return false }
        let target = cairo_get_target(cr)!
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        guard cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
              [CAIRO_FORMAT_RGB24, CAIRO_FORMAT_ARGB32].contains(cairo_image_surface_get_format(target)),
              matrix.xx == 1, matrix.yy == 1, matrix.xy == 0, matrix.yx == 0 else { return false }
        cairo_surface_flush(target)
        cairo_surface_flush(copy.surface)
        guard let out = cairo_image_surface_get_data(target), let source = cairo_image_surface_get_data(copy.surface) else {
            return false
        }
        let plan = TurnedBlit(target: UnsafeMutableRawPointer(out), targetStride: Int(cairo_image_surface_get_stride(target)),
                              source: UnsafeRawPointer(source), sourceStride: Int(cairo_image_surface_get_stride(copy.surface)),
                              width: copy.key.width, height: copy.key.height,
                              origin: (frame.x.rounded() + matrix.x0, frame.y.rounded() + matrix.y0),
                              sine: sin(radians), cosine: cos(radians),
                              rows: max(0, Int(area.y))..<Int(area.maxY), columns: max(0, Int(area.x))..<Int(area.maxX))
        let bands = 8
        DispatchQueue.concurrentPerform(iterations: bands) { plan.draw(band: $0, of: bands) }
        cairo_surface_mark_dirty(target)
        return true
    }
}

/// One turned nearest-pixel blit: target pixel centres mapped back into the copy.
private struct TurnedBlit: @unchecked Sendable {
    let target: UnsafeMutableRawPointer, targetStride: Int
    let source: UnsafeRawPointer, sourceStride: Int
    let width: Int, height: Int
    /// The copy's top-left corner in target pixels, before the turn.
    let origin: (x: Double, y: Double)
    let sine: Double, cosine: Double
    let rows: Range<Int>, columns: Range<Int>

    func draw(band: Int, of bands: Int) {
        guard !rows.isEmpty, !columns.isEmpty else { return }
        let per = (rows.count + bands - 1) / bands
        let first = rows.lowerBound + band * per, last = min(rows.upperBound, first + per)
        guard first < last else { return }
        let centre = (x: origin.x + Double(width) / 2, y: origin.y + Double(height) / 2)
        for y in first..<last {
            let row = (target + y * targetStride).assumingMemoryBound(to: UInt32.self)
            // The copy point under the first pixel centre of the row, and its step along the row (the turn undone).
            let dx = Double(columns.lowerBound) + 0.5 - centre.x, dy = Double(y) + 0.5 - centre.y
            var sx = cosine * dx + sine * dy + Double(width) / 2
            var sy = -sine * dx + cosine * dy + Double(height) / 2
            for x in columns {
                if sx >= 0, sy >= 0, sx < Double(width), sy < Double(height) {
                    let pixel = (source + Int(sy) * sourceStride).assumingMemoryBound(to: UInt32.self)[Int(sx)]
                    row[x] = pixel
                }
                sx += cosine
                sy -= sine
            }
        }
    }
}
