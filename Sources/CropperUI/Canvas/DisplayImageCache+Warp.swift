import CCairo
import EditorState

/// The photo turned or corrected for perspective on screen (see `WarpBlit`): the source is the smallest bitmap
/// that still has a pixel for every screen pixel (the finished scaled copy at fit, a decode when zoomed in), so a
/// frame reads no more than the screen shows.
extension DisplayImageCache {
    /// How the warped photo is drawn: the filter, and what the blit does besides (the mask, the checkerboard).
    struct WarpLook {
        /// Nearest while a dial moves, bilinear at rest.
        var filter: WarpBlit.Filter
        /// The crop frame (canvas coordinates, whole pixels) and the mask's opacity outside it, when the mask
        /// is drawn by the blit.
        var mask: (hole: Rect, alpha: Double)?
        /// The side of a checkerboard square in device pixels, for a transparent photo.
        var checkerSide: Int
        /// A zoom animation runs: the copy made for where it lands is stretched rather than a decode read.
        var settling: Bool
    }

    /// Draws `warped` (the displayed photo of `warped.size`, filling `frame` at rest) into every pixel of `area`,
    /// the ground included. False, having drawn nothing, when no pixels are ready or the target is not a plain
    /// 32-bit image under a translation.
    func blitWarped(_ sources: [DisplayBitmap], orientation: Orientation, frame: Rect, warped: WarpedPhoto,
                    area: LayoutRect, look: WarpLook, on cr: OpaquePointer) -> Bool {
        guard let target = DirectTarget(cr, covering: area) else { return false }
        let image = warped.size
        let zx = frame.width / Double(image.width), zy = frame.height / Double(image.height)
        guard zx > 0, zy > 0, zx.isFinite, zy.isFinite,
              let (pixels, fromPhoto) = warpSource(sources, orientation: orientation, frame: frame, image: image,
                                                   settling: look.settling) else { return false }
        // Target pixel → the warped frame's image point → the displayed photo's point → the source's.
        let origin = (x: frame.x + target.offset.x, y: frame.y + target.offset.y)
        let toImage = Homography([1 / zx, 0, -origin.x / zx, 0, 1 / zy, -origin.y / zy, 0, 0, 1])
        let map = fromPhoto.after(warped.backward).after(toImage)
        let dimming = look.mask.map { mask in
            WarpBlit.Dimming(hole: (Int(mask.hole.minX + target.offset.x), Int(mask.hole.minY + target.offset.y),
                                    Int(mask.hole.maxX + target.offset.x), Int(mask.hole.maxY + target.offset.y)),
                             alpha: mask.alpha)
        }
        let checker = WarpBlit.Checker(side: max(1, look.checkerSide),
                                       origin: (Int(origin.x.rounded()), Int(origin.y.rounded())),
                                       light: Checkerboard.lightGrey, dark: Checkerboard.darkGrey)
        let columns = max(0, Int(area.x + target.offset.x))..<Int(area.maxX + target.offset.x)
        for piece in target.pieces {
            let rows = max(0, Int(piece.y + target.offset.y))..<Int(piece.maxY + target.offset.y)
            let written = max(0, Int(piece.x + target.offset.x))..<Int(piece.maxX + target.offset.x)
            WarpBlit(target: target.data, targetStride: target.stride, source: pixels, map: map, filter: look.filter,
                     ground: Theme.canvas.packed, dimming: dimming, checker: pixels.hasAlpha ? checker : nil,
                     rows: rows, columns: columns, written: written).draw()
        }
        DirectTarget.finished(cr)
        return true
    }

    /// The pixels to read and the map from the displayed photo's points (of `image` size) to them: the smallest
    /// of the scaled copy and the ready decodes that covers `frame`, else the largest there is.
    private func warpSource(_ sources: [DisplayBitmap], orientation: Orientation, frame: Rect, image: PixelSize,
                            settling: Bool) -> (WarpBlit.Pixels, Homography)? {
        let width = Int(frame.width.rounded()), height = Int(frame.height.rounded())
        let copy = shown.flatMap { $0.key.orientation == orientation ? $0 : nil }
        let ready = sources.filter { $0.pendingTransform == nil }
        let copyCovers = copy.map { $0.key.width >= width - 1 && $0.key.height >= height - 1 } ?? false
        let decode = ready.first {
            let upright = orientation.displayedSize(forStored: PixelSize(width: $0.width, height: $0.height))
            return upright.width >= width && upright.height >= height
        }
        if let copy, copyCovers || settling || (decode == nil && ready.isEmpty) {
            cairo_surface_flush(copy.surface)
            guard let data = cairo_image_surface_get_data(copy.surface) else { return nil }
            let pixels = WarpBlit.Pixels(base: UnsafeRawPointer(data), stride: Int(cairo_image_surface_get_stride(copy.surface)),
                                         width: copy.key.width, height: copy.key.height,
                                         hasAlpha: cairo_image_surface_get_format(copy.surface) == CAIRO_FORMAT_ARGB32)
            return (pixels, Homography([Double(copy.key.width) / Double(image.width), 0, 0,
                                              0, Double(copy.key.height) / Double(image.height), 0, 0, 0, 1]))
        }
        guard let bitmap = decode ?? ready.last else { return nil }
        // The displayed point turned back to the stored orientation, at the bitmap's scale.
        let stored = orientation.storedSize(forDisplayed: image)
        let back = orientation.inverse
        let o = back.displayedPoint(fromStored: .zero, storedSize: image)
        let ex = back.displayedPoint(fromStored: Point(x: 1, y: 0), storedSize: image)
        let ey = back.displayedPoint(fromStored: Point(x: 0, y: 1), storedSize: image)
        let sx = Double(bitmap.width) / Double(stored.width), sy = Double(bitmap.height) / Double(stored.height)
        let raw = bitmap.rawPixels
        let pixels = WarpBlit.Pixels(base: raw.start, stride: raw.stride, width: bitmap.width, height: bitmap.height,
                                     hasAlpha: bitmap.hasAlpha)
        return (pixels, Homography([sx * (ex.x - o.x), sx * (ey.x - o.x), sx * o.x,
                                            sy * (ex.y - o.y), sy * (ey.y - o.y), sy * o.y, 0, 0, 1]))
    }
}
