import CCairo
import EditorState
import X11Platform

/// Draws the photo on the canvas. Below 100 % it shows a copy already scaled to the current zoom and turned to
/// the display orientation, so frames during a drag are a 1:1 blit instead of a rescale of megapixels. Copies are
/// made by `ScaledCopyBuilder` off the event loop, from the smallest decoded bitmap that still covers the size
/// (the DCT-scaled preview when it is big enough, so a fitted photo needs no rescale of the full decode at all).
/// Until the right copy is in, the nearest one is stretched, or with none the bitmap is drawn directly: no frame
/// waits for a copy. A copy made (or being made) for a view from a decode at least twice the view's size stays
/// that view's copy when a bigger decode arrives: the first sharp frame at fit is also the last, and the full
/// decode serves the zooms that need it. At 100 % and
/// above it samples the full bitmap directly: that costs only the visible pixels.
final class DisplayImageCache {
    /// Above this many pixels a scaled copy is not worth its memory; draw directly instead.
    private static let maximumCachedPixels = 40_000_000
    /// A copy is made from a bitmap at least this many times its size, so that the filter averages many whole
    /// source pixels. Fine detail (Laplacian energy) of a fitted 24 MP photo, against a copy from the full decode:
    /// 81 % from a preview 1.1× the copy's size, 94 % from one 2.2× its size, 98.7 % from one 4.5× its size.
    static let sourceMargin = 4
    /// A source this small is drawn directly with the GOOD filter while its copy is made (a few milliseconds);
    /// a bigger one with BILINEAR, which is quick at any size.
    private static let directGoodPixels = 1_500_000

    private let builder: ScaledCopyBuilder
    private(set) var shown: ScaledCopy?
    private var requested: ScaledCopyKey?
    private var epoch = 0
    /// A copy made ahead with the photo's preview (`PreviewPrefetcher`), taken when the view wants just that one.
    private var madeAhead: ScaledCopy?
    /// A photo just opened is not drawn until its first copy is in (tens of milliseconds): a stretched
    /// stand-in would be replaced by different pixels a moment later.
    private var awaitingFirstCopy = true
    /// Counts the changes to what `draw` shows for the same view (a copy came in, the photo changed).
    private(set) var version = 0

    init(replyTo pipe: WakePipe<BackgroundMessage>) {
        builder = ScaledCopyBuilder(replyTo: pipe)
    }

    func invalidate() {
        shown = nil
        requested = nil
        madeAhead = nil
        epoch += 1
        version += 1
        awaitingFirstCopy = true
    }

    /// The new photo's copy made ahead, if any (after `invalidate`).
    func seed(_ copy: ScaledCopy?) {
        madeAhead = copy
    }

    /// Takes the copy made ahead for this view now, rather than at the next draw, so that the state the window
    /// reports with the photo's arrival already says it is sharp.
    func adoptCopyMadeAhead(_ sources: [DisplayBitmap], orientation: Orientation, frame: Rect) {
        guard madeAhead != nil, let wanted = wantedCopy(sources, orientation: orientation, frame: frame) else { return }
        request(wanted)
    }

    /// `old` is let go for `new`, the same picture converted for the screen: the copies made from `old` (converted
    /// as they were made) are `new`'s. One still being made is asked for again, from `new`.
    func replaceSource(_ old: DisplayBitmap, with new: DisplayBitmap) {
        let from = ObjectIdentifier(old), to = ObjectIdentifier(new)
        if requested != shown?.key { requested = nil }
        shown = shown.map { $0.key.source == from ? $0.rekeyed($0.key.replacingSource(with: to)) : $0 }
        madeAhead = madeAhead.map { $0.key.source == from ? $0.rekeyed($0.key.replacingSource(with: to)) : $0 }
        if let key = requested, key.source == from { requested = key.replacingSource(with: to) }
    }

    /// Takes a finished copy; copies of anything no longer wanted are dropped.
    func accept(_ copy: ScaledCopy) {
        guard copy.key == requested else { return }
        shown = copy
        version += 1
        awaitingFirstCopy = false
    }

    /// True when `draw` would blit the finished copy for this view.
    /// A view that needs no copy (at or past the largest bitmap's size) draws that bitmap's own pixels: sharp only
    /// when they are the full resolution (`fullResolution`: the sources end with it) and ready for the screen.
    func isSharp(_ sources: [DisplayBitmap], orientation: Orientation, frame: Rect, fullResolution: Bool) -> Bool {
        guard let wanted = wantedCopy(sources, orientation: orientation, frame: frame) else {
            return fullResolution && sources.last?.pendingTransform == nil
        }
        return shown?.key == wanted.key
    }

    /// Draws the upright image so that it fills `frame` (canvas coordinates on `cr`). `sources` are the decoded
    /// bitmaps of one photo, smallest first. While `settling` (an animation runs) only the copy for `target`,
    /// where the animation lands, is asked for; the old copy is stretched meanwhile.
    /// `quick`: the picture is turning under the straighten dial, so a turned frame samples the nearest pixel.
    /// `arriving`: the full decode's rows so far, drawn over the preview where the view outgrows it.
    func draw(_ sources: [DisplayBitmap], orientation: Orientation, frame: Rect, settling: Bool, target: Rect?,
              quick: Bool = false, arriving: ArrivingRows? = nil, on cr: OpaquePointer) {
        guard !sources.isEmpty, frame.width.rounded() > 0, frame.height.rounded() > 0 else { return }
        guard let wanted = wantedCopy(sources, orientation: orientation, frame: frame) else {
            guard let ready = sources.last(where: { $0.pendingTransform == nil }) else {
                // Only unconverted pixels: the last copy, stretched, until the converted full decode is in.
                if let shown, shown.key.orientation == orientation {
                    blit(shown.surface, size: (shown.key.width, shown.key.height), frame: frame, quick: quick, on: cr)
                }
                return
            }
            let upright = orientation.displayedSize(forStored: PixelSize(width: ready.width, height: ready.height))
            // A frame of an animation shrunk to the view: GOOD averages the pixels it leaves out.
            let filter = ready.isAnimationFrame && frame.width < Double(upright.width) ? CAIRO_FILTER_GOOD
                : upscaleFilter(frame, upright)
            drawDirect(ready, orientation: orientation, frame: frame, filter: filter, on: cr)
            if let arriving, arriving.bitmap.width > ready.width {
                let full = orientation.displayedSize(forStored: PixelSize(width: arriving.bitmap.width,
                                                                          height: arriving.bitmap.height))
                drawDirect(arriving.bitmap, orientation: orientation, frame: frame, filter: upscaleFilter(frame, full),
                           rows: arriving.drawnRows, on: cr)
            }
            return
        }
        if !settling {
            request(wanted)
        } else if let target, let landing = wantedCopy(sources, orientation: orientation, frame: target) {
            request(landing)
        }
        if awaitingFirstCopy && !settling { return }
        if let shown, shown.key.orientation == orientation {
            blit(shown.surface, size: (shown.key.width, shown.key.height), frame: frame, quick: quick, on: cr)
            return
        }
        // No copy to stretch (just opened, or turned): the smallest bitmap that still covers the frame, of those
        // whose pixels are ready to show.
        let ready = sources.filter { $0.pendingTransform == nil }
        guard let fallback = smallestSource(ready, orientation: orientation, covering: frame, margin: 1) ?? ready.last
        else { return }
        let small = fallback.width * fallback.height <= Self.directGoodPixels
        drawDirect(fallback, orientation: orientation, frame: frame,
                   filter: small ? CAIRO_FILTER_GOOD : CAIRO_FILTER_BILINEAR, on: cr)
    }

    private func smallestSource(_ sources: [DisplayBitmap], orientation: Orientation, covering frame: Rect,
                                margin: Int) -> DisplayBitmap? {
        let width = Int(frame.width.rounded()), height = Int(frame.height.rounded())
        return sources.first { covers($0, orientation: orientation, width: width, height: height, margin: margin) }
    }

    private func covers(_ source: DisplayBitmap, orientation: Orientation, width: Int, height: Int, margin: Int) -> Bool {
        let upright = orientation.displayedSize(forStored: PixelSize(width: source.width, height: source.height))
        return upright.width >= margin * width && upright.height >= margin * height
    }

    /// The copy a downscaled view needs, made from the smallest source that covers it; nil when the view
    /// samples the bitmap directly (100 % and above, or a copy too big to keep or for one Cairo surface).
    private func wantedCopy(_ sources: [DisplayBitmap], orientation: Orientation,
                            frame: Rect) -> (key: ScaledCopyKey, source: DisplayBitmap)? {
        let width = Int(frame.width.rounded()), height = Int(frame.height.rounded())
        guard let largest = sources.last, !largest.isAnimationFrame, width > 0, height > 0,
              width * height <= Self.maximumCachedPixels, width <= SurfaceTiling.cairoMaxSide,
              height <= SurfaceTiling.cairoMaxSide else {
            return nil
        }
        let largestUpright = orientation.displayedSize(forStored: PixelSize(width: largest.width, height: largest.height))
        guard Double(width) < Double(largestUpright.width) - 0.5 else { return nil }
        let source = smallestSource(sources, orientation: orientation, covering: frame, margin: Self.sourceMargin)
            ?? largest
        let key = ScaledCopyKey(epoch: epoch, source: ObjectIdentifier(source), orientation: orientation, width: width,
                                height: height)
        // A copy from a decode at least twice the view's size (the preview, for the fitted view) is final.
        let fineEnough = sources.filter { covers($0, orientation: orientation, width: width, height: height, margin: 2) }
            .map(ObjectIdentifier.init)
        if let made = [shown?.key, requested].compactMap({ $0 }).first(where: {
            $0.isSameView(as: key) && fineEnough.contains($0.source)
        }) {
            return (made, source)
        }
        return (key, source)
    }

    /// Asks for the copy `frame` needs without drawing (a warped photo is drawn from it by `blitWarped`).
    func request(_ sources: [DisplayBitmap], orientation: Orientation, frame: Rect) {
        if let wanted = wantedCopy(sources, orientation: orientation, frame: frame) { request(wanted) }
    }

    private func request(_ wanted: (key: ScaledCopyKey, source: DisplayBitmap)) {
        guard wanted.key != requested else { return }
        requested = wanted.key
        if let madeAhead, madeAhead.key.isSameCopy(as: wanted.key) {
            shown = madeAhead.rekeyed(wanted.key)
            self.madeAhead = nil
            version += 1
            awaitingFirstCopy = false
            return
        }
        if shown?.key != wanted.key { builder.request(wanted.key, from: wanted.source) }
    }

    private func upscaleFilter(_ frame: Rect, _ upright: PixelSize) -> cairo_filter_t {
        // From 2× on, show the pixels as the crisp squares they are.
        frame.width >= 2 * Double(upright.width) ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR
    }

    private func blit(_ surface: OpaquePointer, size: (Int, Int), frame: Rect, quick: Bool, on cr: OpaquePointer) {
        cairo_save(cr)
        let x = frame.x.rounded(), y = frame.y.rounded()
        cairo_rectangle(cr, x, y, frame.width.rounded(), frame.height.rounded())
        cairo_clip(cr)
        cairo_translate(cr, x, y)
        let exact = size.0 == Int(frame.width.rounded()) && size.1 == Int(frame.height.rounded())
        if !exact {
            cairo_scale(cr, frame.width / Double(size.0), frame.height / Double(size.1))
        }
        // A turned canvas (straightening) samples between pixels even at 1:1.
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let upright = matrix.xy == 0 && matrix.yx == 0
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), exact && (upright || quick) ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// `rows`: only the first rows of the stored picture (the rest are still being decoded).
    private func drawDirect(_ bitmap: DisplayBitmap, orientation: Orientation, frame: Rect, filter: cairo_filter_t,
                            rows: Int? = nil, on cr: OpaquePointer) {
        cairo_save(cr)
        let x = frame.x.rounded(), y = frame.y.rounded()
        cairo_rectangle(cr, x, y, frame.width.rounded(), frame.height.rounded())
        cairo_clip(cr)
        cairo_translate(cr, x, y)
        var matrix = bitmap.matrix(to: (frame.width.rounded(), frame.height.rounded()), orientation: orientation)
        cairo_transform(cr, &matrix)
        if let rows {
            // A pixel past the picture's sides and top, where the padded edge shows at a fraction of a pixel.
            cairo_rectangle(cr, -1, -1, Double(bitmap.width + 2), Double(rows + 1))
            cairo_clip(cr)
        }
        bitmap.paint(on: cr, filter: filter)
        cairo_restore(cr)
    }
}
