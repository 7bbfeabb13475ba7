import EditorState

/// How a bitmap wider or taller than one Cairo image surface can be (32767 pixels a side) is shown: as a grid of
/// tiles over the same pixel memory. Each tile's `core` is the part of the picture it draws; its `extent`, the
/// surface's pixels, reaches `margin` pixels past the core into its neighbours, so that every filter the canvas
/// uses (bilinear, or Cairo's GOOD box of at most 16 source pixels) finds the real neighbouring pixels at a core's
/// border instead of a padded edge. Cores split each side evenly and abut; a photo that fits is one tile.
struct SurfaceTiling: Equatable {
    /// Cairo's (and pixman's 16.16 fixed-point) largest image side.
    static let cairoMaxSide = 32767
    static let defaultMargin = 64

    struct Tile: Equatable {
        let core: PixelRect
        let extent: PixelRect
    }

    let size: PixelSize
    /// Row by row, left to right.
    let tiles: [Tile]

    init(size: PixelSize, maxSide: Int = cairoMaxSide, margin: Int = defaultMargin) {
        self.size = size
        let columns = Self.spans(size.width, maxSide: maxSide, margin: margin)
        let rows = Self.spans(size.height, maxSide: maxSide, margin: margin)
        tiles = rows.flatMap { row in
            columns.map { column in
                Tile(core: PixelRect(x: column.core.lowerBound, y: row.core.lowerBound,
                                     width: column.core.count, height: row.core.count),
                     extent: PixelRect(x: column.extent.lowerBound, y: row.extent.lowerBound,
                                       width: column.extent.count, height: row.extent.count))
            }
        }
    }

    var isSingle: Bool { tiles.count == 1 }

    /// One side cut into the fewest even spans whose extents (the span plus the margin on each inner side) fit.
    static func spans(_ length: Int, maxSide: Int, margin: Int) -> [(core: Range<Int>, extent: Range<Int>)] {
        guard length > maxSide else { return [(0..<max(0, length), 0..<max(0, length))] }
        let usable = max(1, maxSide - 2 * margin)
        let count = (length + usable - 1) / usable
        let step = (length + count - 1) / count
        return stride(from: 0, to: length, by: step).map { start in
            let end = min(length, start + step)
            return (start..<end, max(0, start - margin)..<min(length, end + margin))
        }
    }

    /// The indices of the tiles whose cores meet `rect` (in the bitmap's pixels; a rect reaching outside the
    /// picture meets the edge tiles there).
    func indices(meeting rect: Rect) -> [Int] {
        tiles.indices.filter { index in
            let tile = tiles[index]
            let core = tile.core
            let left = core.x == 0 ? -Double.infinity : Double(core.x)
            let top = core.y == 0 ? -Double.infinity : Double(core.y)
            let right = core.x + core.width == size.width ? Double.infinity : Double(core.x + core.width)
            let bottom = core.y + core.height == size.height ? Double.infinity : Double(core.y + core.height)
            return rect.x < right && rect.x + rect.width > left && rect.y < bottom && rect.y + rect.height > top
        }
    }
}
