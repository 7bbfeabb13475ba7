/// A crop rectangle in whole pixels of the displayed image, with the rules that keep it inside that image.
public struct CropBox: Sendable, Hashable {
    /// The smallest box a drag may make, in view pixels (converted to image pixels at the current zoom).
    static let minimumViewSize = 32.0

    public var rect: PixelRect
    public var imageSize: PixelSize

    public init(rect: PixelRect, imageSize: PixelSize) {
        self.rect = rect
        self.imageSize = imageSize
    }

    /// The box covering the whole image.
    public init(wholeImage imageSize: PixelSize) {
        self.init(rect: PixelRect(size: imageSize), imageSize: imageSize)
    }

    public var bounds: PixelRect { PixelRect(size: imageSize) }

    /// The part of `rect` inside an image of `imageSize`, or nil when nothing of it is.
    static func validated(_ rect: PixelRect, imageSize: PixelSize) -> PixelRect? {
        guard !rect.isEmpty else { return nil }
        return rect.intersection(PixelRect(size: imageSize))
    }

    /// max(1 px, ⌈minimumViewSize / zoom⌉) on each axis, never more than the image.
    static func minimumSize(zoom: Double, imageSize: PixelSize,
                                   minimumViewSize: Double = CropBox.minimumViewSize) -> PixelSize {
        let side = zoom > 0 && zoom.isFinite ? max(1, ceilInt(minimumViewSize / zoom)) : 1
        return PixelSize(width: min(side, max(1, imageSize.width)), height: min(side, max(1, imageSize.height)))
    }

    /// Moved by whole pixels, stopping at the image edges.
    func moved(dx: Int, dy: Int) -> CropBox {
        var copy = self
        copy.rect.x = (rect.x + dx).clamped(to: 0, max(0, imageSize.width - rect.width))
        copy.rect.y = (rect.y + dy).clamped(to: 0, max(0, imageSize.height - rect.height))
        return copy
    }

    /// Moved by an image-space drag distance, rounded to whole pixels.
    func moved(by delta: Point) -> CropBox {
        guard delta.isFinite else { return self }
        return moved(dx: roundedInt(delta.x), dy: roundedInt(delta.y))
    }

    /// This box with `size`, centred where this box is centred, shifted as little as needed to stay in the image.
    func recentred(size: PixelSize) -> CropBox {
        let w = size.width.clamped(to: 1, max(1, imageSize.width))
        let h = size.height.clamped(to: 1, max(1, imageSize.height))
        let centre = rect.center
        let x = roundedInt(centre.x - Double(w) / 2).clamped(to: 0, max(0, imageSize.width - w))
        let y = roundedInt(centre.y - Double(h) / 2).clamped(to: 0, max(0, imageSize.height - h))
        return CropBox(rect: PixelRect(x: x, y: y, width: w, height: h), imageSize: imageSize)
    }
}

/// Sizing under an aspect lock, shared by every locked operation.
enum LockedSize {
    /// The whole-pixel size of `ratio` (width / height) whose width is as near `desiredWidth` as the limits allow.
    ///
    /// The width is clamped to [the smallest width meeting `minimum` on both axes, the largest fitting in
    /// `maxWidth` × `maxHeight`]; if the minimum cannot fit, the box shrinks rather than breaking the ratio.
    /// The height is the rounded width / ratio, so it never drifts from the ratio by more than half a pixel.
    static func size(desiredWidth: Double, ratio: Double, minimum: PixelSize,
                     maxWidth: Int, maxHeight: Int) -> PixelSize {
        let maxW = max(1, maxWidth), maxH = max(1, maxHeight)
        let largest = min(Double(maxW), Double(maxH) * ratio)
        let smallest = min(max(Double(minimum.width), Double(minimum.height) * ratio), largest)
        let desired = desiredWidth.isFinite ? desiredWidth : smallest
        let width = min(roundedInt(desired.clamped(to: smallest, largest)), floorInt(largest + 1e-9)).clamped(to: 1, maxW)
        let height = roundedInt(Double(width) / ratio).clamped(to: 1, maxH)
        return PixelSize(width: width, height: height)
    }
}
