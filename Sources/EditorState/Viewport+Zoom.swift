// Zooming and panning: the image point under the anchor stays under it unless a clamp intervenes.

extension Viewport {
    /// Zoom to `scale` (clamped) keeping the image point under `viewPoint` fixed.
    func zoomed(to scale: Double, about viewPoint: Point) -> Viewport {
        guard viewPoint.isFinite else { return self }
        let anchor = imagePoint(fromView: viewPoint)
        let zoom = clampedZoom(scale)
        return settingTransform(zoomScale: zoom,
                                contentOffset: Point(x: anchor.x * zoom - viewPoint.x, y: anchor.y * zoom - viewPoint.y))
    }

    /// Multiply the zoom by `factor` about `viewPoint` (mouse wheel, + and − keys).
    func zoomed(by factor: Double, about viewPoint: Point) -> Viewport {
        guard factor.isFinite, factor > 0 else { return self }
        return zoomed(to: zoomScale * factor, about: viewPoint)
    }

    /// Move the content by (dx, dy) view pixels, as a drag of the picture would.
    func panned(dx: Double, dy: Double) -> Viewport {
        guard dx.isFinite, dy.isFinite else { return self }
        return settingTransform(zoomScale: zoomScale,
                                contentOffset: Point(x: contentOffset.x - dx, y: contentOffset.y - dy))
    }

    /// Where a double-click at `viewPoint` leads: from minimum zoom, twice the zoom with the clicked image point
    /// kept under the cursor as far as the clamps allow; from any other zoom, back to minimum zoom, centred.
    func doubleClickTarget(at viewPoint: Point) -> Viewport {
        isAtMinimumZoom ? zoomed(to: 2 * minZoomScale, about: viewPoint) : fitted()
    }

    /// The viewport that centres `imageRect` in the available area and makes it as large as fits there
    /// (zoom clamped to the limits, offset clamped as usual).
    public func focused(on imageRect: Rect) -> Viewport {
        guard imageRect.width > 0, imageRect.height > 0 else { return self }
        let avail = availableSize
        let zoom = clampedZoom(min(avail.width / imageRect.width, avail.height / imageRect.height))
        let centre = availableCenter
        return settingTransform(zoomScale: zoom,
                                contentOffset: Point(x: imageRect.midX * zoom - centre.x,
                                                     y: imageRect.midY * zoom - centre.y))
    }
}
