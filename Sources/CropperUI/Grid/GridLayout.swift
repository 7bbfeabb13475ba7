/// Where the grid puts things, in interface pixels: a header with the folder's name and counts, then square
/// cells (the thumbnail fitted in a square, the name under it) in rows as wide as the window allows, and a
/// scrollbar on the right. Pure arithmetic on the photo count, so 10,000 photos cost no more than 10.
struct GridLayout: Equatable {
    static let headerHeight = 44.0
    static let margin = 16.0
    static let gap = 8.0
    static let thumbnailSide = 152.0
    static let cellPadding = 7.0
    static let nameHeight = 20.0
    static let scrollbarWidth = 10.0
    static let minimumThumb = 28.0

    static let cellWidth = thumbnailSide + 2 * cellPadding
    static let cellHeight = cellPadding + thumbnailSide + 4 + nameHeight + cellPadding
    static let rowPitch = cellHeight + gap
    static let columnPitch = cellWidth + gap

    let bounds: LayoutRect
    let count: Int
    /// Clamped to `0...maxScroll`.
    let scrollOffset: Double
    let header: LayoutRect
    /// The scrolling area under the header.
    let viewport: LayoutRect
    let columns: Int
    let rows: Int
    let contentHeight: Double
    let maxScroll: Double
    /// The left edge of the first column: the cells are centred in the width left of the scrollbar.
    private let firstColumnX: Double

    init(bounds: LayoutRect, count: Int, scrollOffset: Double) {
        self.bounds = bounds
        self.count = max(0, count)
        header = LayoutRect(x: bounds.x, y: bounds.y, width: bounds.width, height: Self.headerHeight)
        viewport = LayoutRect(x: bounds.x, y: header.maxY, width: bounds.width, height: max(0, bounds.height - Self.headerHeight))
        let usable = viewport.width - 2 * Self.margin - Self.scrollbarWidth
        columns = max(1, Int((usable + Self.gap) / Self.columnPitch))
        rows = (self.count + columns - 1) / columns
        contentHeight = rows == 0 ? 0 : 2 * Self.margin + Double(rows) * Self.rowPitch - Self.gap
        maxScroll = max(0, contentHeight - viewport.height)
        self.scrollOffset = min(max(0, scrollOffset), maxScroll)
        let used = Double(columns) * Self.columnPitch - Self.gap
        firstColumnX = (viewport.x + max(Self.margin, (viewport.width - Self.scrollbarWidth - used) / 2)).rounded()
    }

    /// The cell of photo `index`, scrolled (it may lie outside the viewport).
    func frame(ofItem index: Int) -> LayoutRect {
        let row = Double(index / columns), column = Double(index % columns)
        return LayoutRect(x: firstColumnX + column * Self.columnPitch,
                          y: viewport.y + Self.margin + row * Self.rowPitch - scrollOffset,
                          width: Self.cellWidth, height: Self.cellHeight)
    }

    /// The square the thumbnail is fitted into.
    func thumbnailSquare(ofItem index: Int) -> LayoutRect {
        let cell = frame(ofItem: index)
        return LayoutRect(x: cell.x + Self.cellPadding, y: cell.y + Self.cellPadding, width: Self.thumbnailSide,
                          height: Self.thumbnailSide)
    }

    func nameFrame(ofItem index: Int) -> LayoutRect {
        let square = thumbnailSquare(ofItem: index)
        return LayoutRect(x: square.x, y: square.maxY + 4, width: square.width, height: Self.nameHeight)
    }

    /// The photos whose cells reach into the viewport.
    var visibleItems: Range<Int> { items(fromOffset: scrollOffset, height: viewport.height) }

    private func items(fromOffset top: Double, height: Double) -> Range<Int> {
        guard count > 0, height > 0 else { return 0..<0 }
        let firstRow = max(0, Int(((top - Self.margin + Self.gap) / Self.rowPitch).rounded(.down)))
        let lastRow = min(rows - 1, Int(((top + height - Self.margin) / Self.rowPitch).rounded(.down)))
        guard lastRow >= firstRow else { return 0..<0 }
        return min(count, firstRow * columns)..<min(count, (lastRow + 1) * columns)
    }

    /// Rows that fit in the viewport: Page Up / Page Down move by this many.
    var rowsPerPage: Int { max(1, Int(viewport.height / Self.rowPitch)) }

    /// The photo under a point, if the point is on a cell (not between cells, not on the header or scrollbar).
    func item(at x: Double, _ y: Double) -> Int? {
        guard viewport.contains(x, y), !scrollbarTrack.contains(x, y) else { return nil }
        let column = Int(((x - firstColumnX) / Self.columnPitch).rounded(.down))
        let row = Int(((y - viewport.y - Self.margin + scrollOffset) / Self.rowPitch).rounded(.down))
        guard column >= 0, column < columns, row >= 0 else { return nil }
        let index = row * columns + column
        guard index < count, frame(ofItem: index).contains(x, y) else { return nil }
        return index
    }

    /// The scroll offset that brings photo `index`'s cell wholly into view, moving as little as possible.
    func offsetRevealing(_ index: Int) -> Double {
        guard count > 0 else { return 0 }
        let top = Self.margin + Double(index / columns) * Self.rowPitch
        var offset = scrollOffset
        if top - Self.margin < offset { offset = top - Self.margin }
        if top + Self.cellHeight + Self.margin > offset + viewport.height {
            offset = top + Self.cellHeight + Self.margin - viewport.height
        }
        return min(max(0, offset), maxScroll)
    }

    /// The photo `rows` rows and `columns` columns from `index`, kept in the list.
    func index(from index: Int, rows: Int = 0, columns: Int = 0) -> Int {
        guard count > 0 else { return 0 }
        return min(max(0, index + rows * self.columns + columns), count - 1)
    }

    // MARK: Scrollbar

    var scrollbarTrack: LayoutRect {
        LayoutRect(x: viewport.maxX - Self.scrollbarWidth - 2, y: viewport.y + 2, width: Self.scrollbarWidth,
                   height: max(0, viewport.height - 4))
    }

    /// The scrollbar's thumb; nil when everything fits.
    var scrollbarThumb: LayoutRect? {
        guard maxScroll > 0, contentHeight > 0 else { return nil }
        let track = scrollbarTrack
        let height = min(track.height, max(Self.minimumThumb, track.height * viewport.height / contentHeight))
        let y = track.y + (track.height - height) * scrollOffset / maxScroll
        return LayoutRect(x: track.x, y: y, width: track.width, height: height)
    }

    /// The scroll offset for the thumb's top dragged to `thumbTop`.
    func offset(forThumbTop thumbTop: Double) -> Double {
        guard let thumb = scrollbarThumb else { return 0 }
        let travel = scrollbarTrack.height - thumb.height
        guard travel > 0 else { return 0 }
        return min(max(0, (thumbTop - scrollbarTrack.y) / travel * maxScroll), maxScroll)
    }

    // MARK: Thumbnails

    /// The thumbnails to make: the visible ones first, then a page below and a page above (for scrolling on);
    /// nothing further, so a 10,000-photo folder asks for a screenful.
    func thumbnailPriorities(for paths: [String]) -> [String: Int] {
        var wanted: [String: Int] = [:]
        let page = viewport.height
        let below = items(fromOffset: scrollOffset + page, height: page)
        let above = items(fromOffset: max(0, scrollOffset - page), height: min(page, scrollOffset))
        for index in above where index < paths.count { wanted[paths[index]] = ThumbnailStore.Urgency.visible - 20 }
        for index in below where index < paths.count { wanted[paths[index]] = ThumbnailStore.Urgency.visible - 10 }
        for index in visibleItems where index < paths.count { wanted[paths[index]] = ThumbnailStore.Urgency.visible }
        return wanted
    }
}
