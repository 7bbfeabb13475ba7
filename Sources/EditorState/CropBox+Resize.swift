// Resizing by a handle: the opposite side (or corner) stays fixed.

extension CropBox {
    /// The box after dragging `handle` by `delta` image pixels from this box.
    ///
    /// `minimum` is the drag minimum (a box already smaller keeps its size as the floor). With a `ratio`,
    /// corners keep the opposite corner and size by the larger of the two drag directions; sides keep the
    /// opposite side and size the other axis about the box's centre, shifting it only to stay in the image.
    public func resized(_ handle: Handle, by delta: Point, minimum: PixelSize, ratio: Double? = nil) -> CropBox {
        guard !handle.isEmpty, delta.isFinite else { return self }
        let floor = PixelSize(width: min(minimum.width, rect.width), height: min(minimum.height, rect.height))
        if let ratio, ratio > 0, ratio.isFinite {
            return lockedResize(handle, by: delta, minimum: floor, ratio: ratio)
        }
        return freeResize(handle, by: delta, minimum: floor)
    }

    private func freeResize(_ handle: Handle, by delta: Point, minimum: PixelSize) -> CropBox {
        var minX = rect.minX, maxX = rect.maxX, minY = rect.minY, maxY = rect.maxY
        if handle.contains(.left) {
            minX = roundedInt(Double(rect.minX) + delta.x).clamped(to: 0, rect.maxX - minimum.width)
        } else if handle.contains(.right) {
            maxX = roundedInt(Double(rect.maxX) + delta.x).clamped(to: rect.minX + minimum.width, imageSize.width)
        }
        if handle.contains(.top) {
            minY = roundedInt(Double(rect.minY) + delta.y).clamped(to: 0, rect.maxY - minimum.height)
        } else if handle.contains(.bottom) {
            maxY = roundedInt(Double(rect.maxY) + delta.y).clamped(to: rect.minY + minimum.height, imageSize.height)
        }
        return CropBox(rect: PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY), imageSize: imageSize)
    }

    private func lockedResize(_ handle: Handle, by delta: Point, minimum: PixelSize, ratio: Double) -> CropBox {
        let left = handle.contains(.left), top = handle.contains(.top)
        // The fixed edges, and how far the dragged edges now want to be from them.
        let fixedX = left ? rect.maxX : rect.minX
        let fixedY = top ? rect.maxY : rect.minY
        let movingX = Double(left ? rect.minX : rect.maxX) + delta.x
        let movingY = Double(top ? rect.minY : rect.maxY) + delta.y
        let wantedWidth = max(0, left ? Double(fixedX) - movingX : movingX - Double(fixedX))
        let wantedHeight = max(0, top ? Double(fixedY) - movingY : movingY - Double(fixedY))
        let roomX = left ? fixedX : imageSize.width - fixedX
        let roomY = top ? fixedY : imageSize.height - fixedY

        let size: PixelSize
        if handle.isCorner {
            size = LockedSize.size(desiredWidth: max(wantedWidth, wantedHeight * ratio), ratio: ratio,
                                   minimum: minimum, maxWidth: roomX, maxHeight: roomY)
        } else if handle.movesVerticalEdge {
            size = LockedSize.size(desiredWidth: wantedWidth, ratio: ratio, minimum: minimum,
                                   maxWidth: roomX, maxHeight: imageSize.height)
        } else {
            size = LockedSize.size(desiredWidth: wantedHeight * ratio, ratio: ratio, minimum: minimum,
                                   maxWidth: imageSize.width, maxHeight: roomY)
        }

        let centred = recentred(size: size).rect
        let x = handle.movesVerticalEdge ? (left ? fixedX - size.width : fixedX) : centred.x
        let y = handle.movesHorizontalEdge ? (top ? fixedY - size.height : fixedY) : centred.y
        return CropBox(rect: PixelRect(x: x, y: y, width: size.width, height: size.height), imageSize: imageSize)
    }

    /// Alt+arrow resizing by whole pixels with the top-left corner fixed (minimum 1 px). Under a lock the axis
    /// that was asked to change drives the other.
    public func resized(dw: Int, dh: Int, ratio: Double? = nil) -> CropBox {
        let maxWidth = imageSize.width - rect.x, maxHeight = imageSize.height - rect.y
        var size = PixelSize(width: (rect.width + dw).clamped(to: 1, max(1, maxWidth)),
                             height: (rect.height + dh).clamped(to: 1, max(1, maxHeight)))
        if let ratio, ratio > 0, ratio.isFinite {
            guard dw != 0 || dh != 0 else { return self }
            let desired = dw != 0 ? Double(rect.width + dw) : Double(rect.height + dh) * ratio
            size = LockedSize.size(desiredWidth: desired, ratio: ratio, minimum: PixelSize(width: 1, height: 1),
                                   maxWidth: maxWidth, maxHeight: maxHeight)
        }
        return CropBox(rect: PixelRect(x: rect.x, y: rect.y, width: size.width, height: size.height), imageSize: imageSize)
    }
}
