import CCairo
import Dispatch
import EditorState

/// The photo corrected for perspective on screen: Cairo draws only affine transforms, so every screen pixel of the
/// canvas is mapped back through the warp's inverse into the finished scaled copy (or, with none, the largest
/// bitmap whose pixels are ready, in its stored orientation) and read there: the nearest pixel while a dial is
/// dragged, bilinear at rest. Written straight into the back buffer in bands at once.
extension DisplayImageCache {
    /// Draws `warped` (the displayed photo of `imageSize`, filling `frame` at rest) inside `area`. False, having
    /// drawn nothing, when no pixels are ready or the target is not a plain 32-bit image under a translation.
    func blitWarped(_ sources: [DisplayBitmap], orientation: Orientation, frame: Rect, warped: WarpedPhoto,
                    area: LayoutRect, smooth: Bool, on cr: OpaquePointer) -> Bool {
        guard let target = DirectTarget(cr, covering: area) else { return false }
        let matrix = (x0: target.offset.x, y0: target.offset.y)
        let image = warped.size, zoom = frame.width / Double(image.width)
        guard zoom > 0, zoom.isFinite else { return false }
        // Target pixel → the warped frame's image point → the displayed photo's point.
        let toImage = Homography([1 / zoom, 0, -(frame.x + matrix.x0) / zoom, 0, 1 / zoom, -(frame.y + matrix.y0) / zoom,
                                  0, 0, 1])
        let photo = warped.backward.after(toImage)
        let pixels: (start: UnsafeRawPointer, stride: Int)?, map: Homography, width: Int, height: Int
        if let copy = shown, copy.key.orientation == orientation {
            // The copy is the displayed photo scaled to its own size.
            let sx = Double(copy.key.width) / Double(image.width), sy = Double(copy.key.height) / Double(image.height)
            cairo_surface_flush(copy.surface)
            pixels = cairo_image_surface_get_data(copy.surface).map {
                (UnsafeRawPointer($0), Int(cairo_image_surface_get_stride(copy.surface)))
            }
            (width, height) = (copy.key.width, copy.key.height)
            map = Homography([sx, 0, 0, 0, sy, 0, 0, 0, 1]).after(photo)
        } else if let ready = sources.last(where: { $0.pendingTransform == nil }) {
            // A stored bitmap: the displayed point turned back to the stored orientation, at the bitmap's scale.
            let stored = orientation.storedSize(forDisplayed: image)
            let back = orientation.inverse
            let o = back.displayedPoint(fromStored: .zero, storedSize: image)
            let ex = back.displayedPoint(fromStored: Point(x: 1, y: 0), storedSize: image)
            let ey = back.displayedPoint(fromStored: Point(x: 0, y: 1), storedSize: image)
            let sx = Double(ready.width) / Double(stored.width), sy = Double(ready.height) / Double(stored.height)
            let turn = Homography([sx * (ex.x - o.x), sx * (ey.x - o.x), sx * o.x,
                                   sy * (ex.y - o.y), sy * (ey.y - o.y), sy * o.y, 0, 0, 1])
            pixels = ready.rawPixels
            (width, height) = (ready.width, ready.height)
            map = turn.after(photo)
        } else {
            return false
        }
        guard let pixels else { return false }
        let plan = WarpedBlit(target: target.data, targetStride: target.stride,
                              source: pixels.start, sourceStride: pixels.stride,
                              width: width, height: height, map: map.m, smooth: smooth,
                              rows: max(0, Int(area.y))..<Int(area.maxY), columns: max(0, Int(area.x))..<Int(area.maxX))
        let bands = 8
        DispatchQueue.concurrentPerform(iterations: bands) { plan.draw(band: $0, of: bands) }
        DirectTarget.finished(cr)
        return true
    }
}

/// One projective blit: target pixel centres mapped into the source through a homography; pixels that map off
/// the source keep what the target had (the canvas ground).
private struct WarpedBlit: @unchecked Sendable {
    let target: UnsafeMutableRawPointer, targetStride: Int
    let source: UnsafeRawPointer, sourceStride: Int
    let width: Int, height: Int
    let map: [Double]
    let smooth: Bool
    let rows: Range<Int>, columns: Range<Int>

    func draw(band: Int, of bands: Int) {
        guard !rows.isEmpty, !columns.isEmpty else { return }
        let per = (rows.count + bands - 1) / bands
        let first = rows.lowerBound + band * per, last = min(rows.upperBound, first + per)
        guard first < last else { return }
        let m = map, w = Double(width), h = Double(height)
        for y in first..<last {
            let row = (target + y * targetStride).assumingMemoryBound(to: UInt32.self)
            let px = Double(columns.lowerBound) + 0.5, py = Double(y) + 0.5
            let X = m[0] * px + m[1] * py + m[2], Y = m[3] * px + m[4] * py + m[5], Z = m[6] * px + m[7] * py + m[8]
            func at(_ i: Int) -> (x: Double, y: Double)? {
                let z = Z + Double(i) * m[6]
                return z > 0 ? ((X + Double(i) * m[0]) / z, (Y + Double(i) * m[3]) / z) : nil
            }
            // Exact at every span's ends, straight in between: the map bends little over 16 pixels (a small
            // fraction of a pixel at ±40°), and a division per pixel is what a dial drag's frame cannot afford.
            let span = smooth ? 1 : 16
            var i = 0
            while i < columns.count {
                let n = min(span, columns.count - i)
                guard let a = at(i), let b = at(i + n) else {
                    for k in i..<(i + n) {
                        guard let p = at(k), p.x >= 0, p.y >= 0, p.x < w, p.y < h else { continue }
                        row[columns.lowerBound + k] = smooth ? bilinear(p.x - 0.5, p.y - 0.5) : pixel(Int(p.x), Int(p.y))
                    }
                    i += n
                    continue
                }
                let dx = (b.x - a.x) / Double(n), dy = (b.y - a.y) / Double(n)
                for k in 0..<n {
                    let sx = a.x + Double(k) * dx, sy = a.y + Double(k) * dy
                    guard sx >= 0, sy >= 0, sx < w, sy < h else { continue }
                    row[columns.lowerBound + i + k] = smooth ? bilinear(sx - 0.5, sy - 0.5) : pixel(Int(sx), Int(sy))
                }
                i += n
            }
        }
    }

    @inline(__always) func pixel(_ x: Int, _ y: Int) -> UInt32 {
        (source + y * sourceStride).assumingMemoryBound(to: UInt32.self)[x]
    }

    func bilinear(_ x: Double, _ y: Double) -> UInt32 {
        let fx = x.rounded(.down), fy = y.rounded(.down)
        let x0 = min(max(Int(fx), 0), width - 1), y0 = min(max(Int(fy), 0), height - 1)
        let x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
        let tx = UInt32(max(0, min(256, (x - fx) * 256))), ty = UInt32(max(0, min(256, (y - fy) * 256)))
        let a = pixel(x0, y0), b = pixel(x1, y0), c = pixel(x0, y1), d = pixel(x1, y1)
        var result: UInt32 = 0xFF00_0000
        for shift in [0, 8, 16] as [UInt32] {
            let top = ((a >> shift) & 0xFF) * (256 - tx) + ((b >> shift) & 0xFF) * tx
            let bottom = ((c >> shift) & 0xFF) * (256 - tx) + ((d >> shift) & 0xFF) * tx
            result |= ((top * (256 - ty) + bottom * ty + 32768) >> 16) << shift
        }
        return result
    }
}
