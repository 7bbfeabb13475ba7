// Fitting an existing box to a newly chosen aspect ratio.

extension CropBox {
    /// The largest box of `ratio` inside this one, centred on it.
    func reshaped(toRatio ratio: Double) -> CropBox {
        guard ratio > 0, ratio.isFinite else { return self }
        let w = rect.width, h = rect.height
        var size: PixelSize
        if Double(w) / Double(h) > ratio {
            size = PixelSize(width: roundedInt(Double(h) * ratio).clamped(to: 1, w), height: h)
        } else {
            size = PixelSize(width: w, height: roundedInt(Double(w) / ratio).clamped(to: 1, h))
        }
        size = PixelSize(width: max(1, size.width), height: max(1, size.height))
        let x = rect.x + (w - size.width) / 2, y = rect.y + (h - size.height) / 2
        return CropBox(rect: PixelRect(x: x, y: y, width: size.width, height: size.height), imageSize: imageSize)
    }

    /// The largest box of `ratio` in the image, centred.
    static func largestCentred(ratio: Double, imageSize: PixelSize) -> CropBox {
        CropBox(wholeImage: imageSize).reshaped(toRatio: ratio)
    }

    /// Portrait ↔ landscape about the same centre: the new width is the old height. With a `ratio` (the new,
    /// swapped one) the other side follows it; a box too large for the image shrinks, keeping the ratio.
    func orientationSwapped(ratio: Double? = nil) -> CropBox {
        if let ratio, ratio > 0, ratio.isFinite {
            let size = LockedSize.size(desiredWidth: Double(rect.height), ratio: ratio,
                                       minimum: PixelSize(width: 1, height: 1),
                                       maxWidth: imageSize.width, maxHeight: imageSize.height)
            return recentred(size: size)
        }
        return recentred(size: rect.size.swapped)
    }
}
