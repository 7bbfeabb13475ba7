/// Where the picker's parts lie, in window (interface) pixels: the sheet along the bottom, its header, the
/// strip (thumbnails as tall as the strip, as wide as their aspect ratio), the scroll indicator and the
/// action rows.
struct PickerLayout {
    static let stripHeight = 128.0
    static let itemGap = 10.0
    /// Room above and below the thumbnails for the selection ring.
    static let ringSpace = 6.0
    static let sidePadding = 20.0
    static let actionRowHeight = 42.0
    static let placeholderAspect = 4.0 / 3.0

    let sheet: LayoutRect
    let header: LayoutRect
    /// The strip's viewport: thumbnails are clipped to it (with `ringSpace` above and below).
    let strip: LayoutRect
    let indicator: LayoutRect
    let actions: [(action: PickerAction, frame: LayoutRect)]
    /// Every item's x and width in the strip's content, before scrolling.
    let itemSpans: [(x: Double, width: Double)]
    let contentWidth: Double
    let scrollOffset: Double

    /// `aspects` holds each item's width over height (nil: not known yet). The scroll offset is clamped.
    init(bounds: LayoutRect, aspects: [Double?], scrollOffset: Double) {
        let stripBlock = Self.stripHeight + 2 * Self.ringSpace
        let height = 16 + 28 + 8 + stripBlock + 14 + 1 + 8 + Double(PickerAction.allCases.count) * Self.actionRowHeight + 12
        let sheetWidth = min(bounds.width, 1400)
        sheet = LayoutRect(x: (bounds.midX - sheetWidth / 2).rounded(), y: (bounds.maxY - height).rounded(),
                           width: sheetWidth, height: height)
        header = LayoutRect(x: sheet.x + Self.sidePadding, y: sheet.y + 16, width: sheet.width - 2 * Self.sidePadding, height: 28)
        strip = LayoutRect(x: sheet.x + Self.sidePadding, y: header.maxY + 8, width: sheet.width - 2 * Self.sidePadding,
                           height: stripBlock)
        indicator = LayoutRect(x: strip.x, y: strip.maxY + 4, width: strip.width, height: 3)
        var y = strip.maxY + 14 + 1 + 8
        var rows: [(PickerAction, LayoutRect)] = []
        for action in PickerAction.allCases {
            rows.append((action, LayoutRect(x: sheet.x + 10, y: y, width: sheet.width - 20, height: Self.actionRowHeight)))
            y += Self.actionRowHeight
        }
        actions = rows

        var x = 0.0
        var spans: [(Double, Double)] = []
        for aspect in aspects {
            let ratio = min(3.0, max(0.4, aspect ?? Self.placeholderAspect))
            let width = (Self.stripHeight * ratio).rounded()
            spans.append((x, width))
            x += width + Self.itemGap
        }
        itemSpans = spans
        contentWidth = max(0, x - Self.itemGap)
        self.scrollOffset = min(max(0, scrollOffset), max(0, contentWidth - strip.width))
    }

    var maxScroll: Double { max(0, contentWidth - strip.width) }

    /// Item `index` in window pixels at the current scroll offset.
    func frame(ofItem index: Int) -> LayoutRect {
        guard itemSpans.indices.contains(index) else { return .zero }
        let span = itemSpans[index]
        return LayoutRect(x: strip.x + span.x - scrollOffset, y: strip.y + Self.ringSpace, width: span.width,
                          height: Self.stripHeight)
    }

    /// The scroll offset that shows item `index` whole, moving as little as possible (with a margin so the
    /// neighbour peeks in).
    func offsetRevealing(_ index: Int) -> Double {
        guard itemSpans.indices.contains(index) else { return scrollOffset }
        let span = itemSpans[index]
        let margin = min(40, max(0, (strip.width - span.width) / 2))
        var offset = scrollOffset
        if span.x - margin < offset { offset = span.x - margin }
        if span.x + span.width + margin > offset + strip.width { offset = span.x + span.width + margin - strip.width }
        return min(max(0, offset), maxScroll)
    }

    /// Items at least partly in the viewport.
    var visibleItems: Range<Int> {
        let first = itemSpans.firstIndex { $0.x + $0.width > scrollOffset } ?? itemSpans.count
        let end = itemSpans.firstIndex { $0.x >= scrollOffset + strip.width } ?? itemSpans.count
        return first..<max(first, end)
    }

    /// Pixels between item `index` and the viewport; 0 when it shows.
    func distanceFromViewport(_ index: Int) -> Double {
        guard itemSpans.indices.contains(index) else { return .infinity }
        let span = itemSpans[index]
        if span.x + span.width < scrollOffset { return scrollOffset - (span.x + span.width) }
        if span.x > scrollOffset + strip.width { return span.x - (scrollOffset + strip.width) }
        return 0
    }

    /// How urgently each item's thumbnail is wanted: the visible ones most, then less with every 150 pixels
    /// of distance from the viewport; beyond six viewports (at least 2000 pixels) not yet.
    func thumbnailPriorities(for paths: [String]) -> [String: Int] {
        let reach = max(2000, strip.width * 6)
        var wanted: [String: Int] = [:]
        for (index, path) in paths.enumerated() {
            let distance = distanceFromViewport(index)
            guard distance <= reach else { continue }
            wanted[path] = distance == 0 ? ThumbnailStore.Urgency.visible
                : max(1, ThumbnailStore.Urgency.visible - 1 - Int(distance / 150))
        }
        return wanted
    }

    func target(at x: Double, _ y: Double) -> PickerTarget? {
        guard sheet.contains(x, y) else { return nil }
        if strip.contains(x, y) {
            for index in visibleItems where frame(ofItem: index).contains(x, y) { return .item(index) }
            return .strip
        }
        if let row = actions.first(where: { $0.frame.contains(x, y) }) { return .action(row.action) }
        return .sheet
    }
}
