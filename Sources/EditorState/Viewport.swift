/// A scroll-and-zoom canvas with UIScrollView semantics, as plain numbers.
///
/// An image point `p` appears at view point `p × zoomScale − contentOffset`. `contentInset` is padding inside the
/// canvas that the content may not be pulled past, so handles on the image edge stay grabbable.
///
/// - Fit scale: `min(availW / imageW, availH / imageH)`, where avail = view size minus insets.
/// - Minimum zoom: `min(fit, 1)`: a large image opens fitted, a small one opens at 1:1 (never upscaled).
/// - Maximum zoom: `max(3 × fit, 8)`.
/// - Offsets: on an axis where the scaled content is narrower than the available area it is centred there;
///   otherwise its edges can come no further in than the inset.
public struct Viewport: Sendable, Hashable {
    public static let defaultInset = EdgeInsets(all: 24)

    public private(set) var viewSize: Size
    /// The upright image size in image pixels.
    public private(set) var contentSize: Size
    public private(set) var contentInset: EdgeInsets
    public private(set) var zoomScale: Double
    public private(set) var contentOffset: Point

    /// A viewport showing `contentSize` at its minimum zoom, centred.
    public init(viewSize: Size = .zero, contentSize: Size = .zero, contentInset: EdgeInsets = Viewport.defaultInset) {
        self.viewSize = Size(width: max(0, viewSize.width), height: max(0, viewSize.height))
        self.contentSize = contentSize
        self.contentInset = contentInset
        self.zoomScale = 1
        self.contentOffset = .zero
        self = fitted()
    }

    /// A viewport with an explicit zoom and offset, clamped to the rules above.
    public init(viewSize: Size, contentSize: Size, contentInset: EdgeInsets = Viewport.defaultInset,
                zoomScale: Double, contentOffset: Point) {
        self.init(viewSize: viewSize, contentSize: contentSize, contentInset: contentInset)
        self = settingTransform(zoomScale: zoomScale, contentOffset: contentOffset)
    }

    // MARK: Limits

    /// The part of the view inside the insets (never below 1 px on an axis, so scales stay finite).
    public var availableSize: Size {
        Size(width: max(1, viewSize.width - contentInset.left - contentInset.right),
             height: max(1, viewSize.height - contentInset.top - contentInset.bottom))
    }

    /// The centre of the available area, in view coordinates.
    public var availableCenter: Point {
        Point(x: contentInset.left + availableSize.width / 2, y: contentInset.top + availableSize.height / 2)
    }

    var fitScale: Double {
        guard contentSize.width > 0, contentSize.height > 0 else { return 1 }
        let avail = availableSize
        return min(avail.width / contentSize.width, avail.height / contentSize.height)
    }

    public var minZoomScale: Double { min(fitScale, 1) }
    public var maxZoomScale: Double { max(3 * fitScale, 8) }

    var isAtMinimumZoom: Bool { abs(zoomScale - minZoomScale) <= 1e-9 }

    // MARK: Transforms

    public func viewPoint(fromImage p: Point) -> Point {
        Point(x: p.x * zoomScale - contentOffset.x, y: p.y * zoomScale - contentOffset.y)
    }

    public func imagePoint(fromView v: Point) -> Point {
        Point(x: (v.x + contentOffset.x) / zoomScale, y: (v.y + contentOffset.y) / zoomScale)
    }

    func viewRect(fromImage r: Rect) -> Rect {
        let origin = viewPoint(fromImage: r.origin)
        return Rect(x: origin.x, y: origin.y, width: r.width * zoomScale, height: r.height * zoomScale)
    }

    func viewRect(fromImage r: PixelRect) -> Rect {
        viewRect(fromImage: r.rect)
    }

    func imageRect(fromView r: Rect) -> Rect {
        let origin = imagePoint(fromView: r.origin)
        return Rect(x: origin.x, y: origin.y, width: r.width / zoomScale, height: r.height / zoomScale)
    }

    /// Where the whole image lies in the view.
    public var contentFrame: Rect {
        viewRect(fromImage: Rect(origin: .zero, size: contentSize))
    }

    // MARK: Clamping

    /// The offset closest to `offset` that the rules allow at `zoom`.
    func clampedOffset(_ offset: Point, zoom: Double) -> Point {
        Point(x: clampedOffset(offset.x, content: contentSize.width * zoom, view: viewSize.width,
                               leading: contentInset.left, trailing: contentInset.right),
              y: clampedOffset(offset.y, content: contentSize.height * zoom, view: viewSize.height,
                               leading: contentInset.top, trailing: contentInset.bottom))
    }

    private func clampedOffset(_ offset: Double, content: Double, view: Double,
                               leading: Double, trailing: Double) -> Double {
        let available = max(1, view - leading - trailing)
        if content <= available + 1e-9 {
            return -(leading + (available - content) / 2)
        }
        return offset.clamped(to: -leading, content - view + trailing)
    }

    func clampedZoom(_ zoom: Double) -> Double {
        guard zoom.isFinite, zoom > 0 else { return minZoomScale }
        return zoom.clamped(to: minZoomScale, maxZoomScale)
    }

    /// This viewport with the given zoom and offset, both clamped.
    func settingTransform(zoomScale: Double, contentOffset: Point) -> Viewport {
        var copy = self
        copy.zoomScale = clampedZoom(zoomScale)
        let offset = contentOffset.isFinite ? contentOffset : self.contentOffset
        copy.contentOffset = clampedOffset(offset, zoom: copy.zoomScale)
        return copy
    }

    /// Minimum zoom, centred.
    public func fitted() -> Viewport {
        settingTransform(zoomScale: minZoomScale, contentOffset: .zero)
    }

    /// A new image (or the same image turned): fitted afresh.
    func replacingContent(_ size: Size) -> Viewport {
        var copy = self
        copy.contentSize = size
        return copy.fitted()
    }

    func replacingInset(_ inset: EdgeInsets) -> Viewport {
        var copy = self
        let wasFitted = isAtMinimumZoom
        copy.contentInset = inset
        return wasFitted ? copy.fitted() : copy.settingTransform(zoomScale: zoomScale, contentOffset: contentOffset)
    }

    /// The canvas changed size. At minimum zoom the view stays fitted; otherwise the zoom is kept (within the
    /// new limits) and the image point at the centre of the available area stays there.
    public func resized(to newSize: Size) -> Viewport {
        guard newSize.width.isFinite, newSize.height.isFinite else { return self }
        var copy = self
        copy.viewSize = Size(width: max(0, newSize.width), height: max(0, newSize.height))
        if isAtMinimumZoom { return copy.fitted() }
        let anchor = imagePoint(fromView: availableCenter)
        let zoom = copy.clampedZoom(zoomScale)
        let centre = copy.availableCenter
        return copy.settingTransform(zoomScale: zoom,
                                     contentOffset: Point(x: anchor.x * zoom - centre.x, y: anchor.y * zoom - centre.y))
    }

    /// Used by the animation: intermediate frames are not clamped.
    func unclamped(zoomScale: Double, contentOffset: Point) -> Viewport {
        var copy = self
        copy.zoomScale = zoomScale
        copy.contentOffset = contentOffset
        return copy
    }
}
