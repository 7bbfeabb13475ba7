// Drawing a new box by dragging from an anchor in any of the four directions.

extension CropBox {
    /// The box dragged out from `anchor` to `pointer` (image coordinates; both clamped to the image).
    ///
    /// The anchor is the fixed corner. A box smaller than `minimum` grows to it, shifting away from an image edge
    /// if it must. With a `ratio` the box covers the dragged rectangle's larger side within the room available.
    public static func drawn(from anchor: Point, to pointer: Point, imageSize: PixelSize,
                             minimum: PixelSize, ratio: Double? = nil) -> CropBox? {
        guard !imageSize.isEmpty, anchor.isFinite, pointer.isFinite else { return nil }
        let width = imageSize.width, height = imageSize.height
        let ax = roundedInt(anchor.x).clamped(to: 0, width), ay = roundedInt(anchor.y).clamped(to: 0, height)
        let px = pointer.x.clamped(to: 0, Double(width)), py = pointer.y.clamped(to: 0, Double(height))
        // Straight up or across the anchor: grow toward the side with more room.
        let rightward = px > Double(ax) || (px == Double(ax) && width - ax >= ax)
        let downward = py > Double(ay) || (py == Double(ay) && height - ay >= ay)
        let roomX = rightward ? width - ax : ax, roomY = downward ? height - ay : ay
        let draggedWidth = abs(px - Double(ax)), draggedHeight = abs(py - Double(ay))

        var size: PixelSize
        if let ratio, ratio > 0, ratio.isFinite {
            size = LockedSize.size(desiredWidth: max(draggedWidth, draggedHeight * ratio), ratio: ratio,
                                   minimum: PixelSize(width: 1, height: 1), maxWidth: roomX, maxHeight: roomY)
            let smallest = LockedSize.size(desiredWidth: 0, ratio: ratio, minimum: minimum,
                                           maxWidth: width, maxHeight: height)
            if size.width < smallest.width || size.height < smallest.height { size = smallest }
        } else {
            size = PixelSize(width: max(roundedInt(draggedWidth), min(minimum.width, width)),
                             height: max(roundedInt(draggedHeight), min(minimum.height, height)))
        }
        let x = (rightward ? ax : ax - size.width).clamped(to: 0, width - size.width)
        let y = (downward ? ay : ay - size.height).clamped(to: 0, height - size.height)
        return CropBox(rect: PixelRect(x: x, y: y, width: size.width, height: size.height), imageSize: imageSize)
    }
}
