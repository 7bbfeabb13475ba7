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
        guard let target = DirectTarget(cr, covering: area) else { return false }
        cairo_surface_flush(copy.surface)
        guard let source = cairo_image_surface_get_data(copy.surface) else { return false }
        let matrix = (x0: target.offset.x, y0: target.offset.y)
        let plan = TurnedBlit(target: target.data, targetStride: target.stride,
                              source: UnsafeRawPointer(source), sourceStride: Int(cairo_image_surface_get_stride(copy.surface)),
                              width: copy.key.width, height: copy.key.height,
                              origin: (frame.x.rounded() + matrix.x0, frame.y.rounded() + matrix.y0),
                              sine: sin(radians), cosine: cos(radians),
                              rows: max(0, Int(area.y))..<Int(area.maxY), columns: max(0, Int(area.x))..<Int(area.maxX))
        let bands = 8
        DispatchQueue.concurrentPerform(iterations: bands) { plan.draw(band: $0, of: bands) }
        DirectTarget.finished(cr)
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

    /// The steps along a row (from `start`, by (cos, −sin) each) whose copy point lies inside the copy.
    func stepsInside(start: (x: Double, y: Double)) -> Range<Int>? {
        var low = 0.0, high = Double(columns.count)
        for (origin, step, limit) in [(start.x, cosine, Double(width)), (start.y, -sine, Double(height))] {
            if step == 0 {
                guard origin >= 0, origin < limit else { return nil }
            } else {
                let a = -origin / step, b = (limit - origin) / step
                low = max(low, min(a, b))
                high = min(high, max(a, b))
            }
        }
        let first = Int(low.rounded(.up)), last = Int(high.rounded(.up))
        return first < last ? first..<last : nil
    }

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
            let sx = cosine * dx + sine * dy + Double(width) / 2
            let sy = -sine * dx + cosine * dy + Double(height) / 2
            guard let inside = stepsInside(start: (sx, sy)) else { continue }
            // 16.16 fixed point along the row: no float conversion per pixel.
            let one = 65_536.0
            var fx = Int((sx + cosine * Double(inside.lowerBound)) * one), fy = Int((sy - sine * Double(inside.lowerBound)) * one)
            let stepX = Int(cosine * one), stepY = Int(-sine * one)
            let maxX = width - 1, maxY = height - 1
            for step in inside {
                let ix = min(max(fx >> 16, 0), maxX), iy = min(max(fy >> 16, 0), maxY)
                row[columns.lowerBound + step] = (source + iy * sourceStride).assumingMemoryBound(to: UInt32.self)[ix]
                fx += stepX
                fy += stepY
            }
        }
    }
}
