/// The block structure of a JPEG that a lossless crop has to respect, in the stored bitmap's own axes.
public struct JPEGBlocks: Sendable, Hashable {
    /// The iMCU: 8 × 8 for greyscale and 4:4:4, 16 wide for 4:2:2, 16 × 16 for 4:2:0.
    public var iMCU: PixelSize
    /// The MCU TurboJPEG checks crop offsets against, before any turn (it can be coarser than the turned iMCU).
    public var offsetStep: PixelSize

    public init(iMCU: PixelSize, offsetStep: PixelSize) {
        self.iMCU = iMCU
        self.offsetStep = offsetStep
    }
}

/// The chroma sampling a HEIF/AVIF lossless crop has to respect: its clean aperture (`clap`) may start only on a
/// chroma sample, and every edge of the crop snaps to the step so that the rect stays on whole samples however it
/// is turned. The coded picture is the file's own crop of its coded pixels; `codedTransform` is the file's own
/// `irot`/`imir` (coded to the photo as shown).
public struct ChromaSteps: Sendable, Hashable {
    /// 2 × 2 for 4:2:0, 2 × 1 for 4:2:2, 1 × 1 for 4:4:4, in coded axes.
    public var step: PixelSize
    public var codedSize: PixelSize
    public var codedTransform: Orientation

    public init(step: PixelSize, codedSize: PixelSize, codedTransform: Orientation) {
        self.step = step
        self.codedSize = codedSize
        self.codedTransform = codedTransform
    }
}

/// Whether the open photo can be cropped losslessly at all, and if not, why (worded for a tooltip).
public enum LosslessSupport: Sendable, Hashable {
    case blocks(JPEGBlocks)
    case chroma(ChromaSteps)
    case unsupported(reason: String)
}

/// Where a lossless crop's edges may fall, in displayed pixels (the photo as the user sees it, turned and flipped).
///
/// A lossless crop turns the whole JPEG first and then cuts the turned picture at block boundaries, so in the
/// frame the user sees (which is the saved picture's frame) it is always the box's left and top edges that must
/// lie on the grid; the right and bottom edges are free. What the orientation changes is the grid: a quarter
/// turn swaps the cell's sides, and a partial block row or column (a size that is not a multiple of the iMCU)
/// cannot be moved, so when the turn would bring it to the left or top it is left out (`usable`) and the grid
/// starts after it.
public struct LosslessGrid: Sendable, Hashable {
    /// The spacing of the lines the left and top edges snap to.
    public let cell: PixelSize
    /// The part of the displayed picture a lossless crop can cover; the grid's first lines are its left and top.
    public let usable: PixelRect
    /// HEIF: the right and bottom edges snap to the grid as well (a JPEG's are free).
    public let snapsEveryEdge: Bool

    /// Nil when the turn leaves no whole block to crop.
    public init?(storedSize: PixelSize, blocks: JPEGBlocks, transform: Orientation) {
        let iMCU = blocks.iMCU
        guard iMCU.width > 0, iMCU.height > 0, blocks.offsetStep.width > 0, blocks.offsetStep.height > 0 else { return nil }
        // A stored right or bottom edge that the transform sends to the left or top of the picture.
        let right = transform.displayedStep(dx: 1, dy: 0), down = transform.displayedStep(dx: 0, dy: 1)
        var whole = storedSize
        if right.dx < 0 || right.dy < 0 { whole.width -= storedSize.width % iMCU.width }
        if down.dx < 0 || down.dy < 0 { whole.height -= storedSize.height % iMCU.height }
        guard !whole.isEmpty else { return nil }
        let turnedIMCU = transform.displayedSize(forStored: iMCU)
        cell = PixelSize(width: lcm(turnedIMCU.width, blocks.offsetStep.width),
                         height: lcm(turnedIMCU.height, blocks.offsetStep.height))
        usable = transform.displayedRect(fromStored: PixelRect(size: whole), storedSize: storedSize)
        snapsEveryEdge = false
    }

    /// A HEIF/AVIF picture turned by the user's `user` after its own transformations. A last odd coded column or row
    /// (at 4:2:0) is left out, so that every line of the grid falls on a chroma sample in coded pixels too.
    public init?(chroma: ChromaSteps, user: Orientation) {
        let step = chroma.step
        guard step.width > 0, step.height > 0 else { return nil }
        let whole = PixelSize(width: chroma.codedSize.width - chroma.codedSize.width % step.width,
                              height: chroma.codedSize.height - chroma.codedSize.height % step.height)
        guard !whole.isEmpty else { return nil }
        let transform = chroma.codedTransform.followed(by: user)
        cell = transform.displayedSize(forStored: step)
        usable = transform.displayedRect(fromStored: PixelRect(size: whole), storedSize: chroma.codedSize)
        snapsEveryEdge = true
    }

    private var xAxis: GridAxis { GridAxis(origin: usable.minX, cell: cell.width, end: usable.maxX, snapsFar: snapsEveryEdge) }
    private var yAxis: GridAxis { GridAxis(origin: usable.minY, cell: cell.height, end: usable.maxY, snapsFar: snapsEveryEdge) }

    /// The rect a lossless crop of `rect` saves: kept inside `usable`, its left and top edges (HEIF: every edge)
    /// moved out to the grid (the command line's `--lossless` rule). Nil when `rect` misses `usable`.
    public func snappedOutwards(_ rect: PixelRect) -> PixelRect? {
        guard let inside = rect.intersection(usable) else { return nil }
        let x = xAxis.lineAtOrBefore(inside.minX), y = yAxis.lineAtOrBefore(inside.minY)
        let maxX = xAxis.farEdgeOutwards(inside.maxX), maxY = yAxis.farEdgeOutwards(inside.maxY)
        return PixelRect(x: x, y: y, width: maxX - x, height: maxY - y)
    }

    /// A box being drawn or resized: its left and top edges go to the nearest line (never onto or past the
    /// opposite edge), the right and bottom edges stay where they are; all inside `usable`.
    public func shaped(_ rect: PixelRect) -> PixelRect {
        let (x, maxX) = xAxis.shaped(rect.minX, rect.maxX)
        let (y, maxY) = yAxis.shaped(rect.minY, rect.maxY)
        return PixelRect(x: x, y: y, width: maxX - x, height: maxY - y)
    }

    /// A box being moved: its top-left corner goes to a grid point and its size stays (unless it is larger than
    /// `usable`). A direction (−1, 0, 1 per axis) picks the next line that way, for nudges; 0 picks the nearest.
    public func moved(_ rect: PixelRect, towards direction: (dx: Int, dy: Int) = (0, 0)) -> PixelRect {
        let (x, width) = xAxis.moved(rect.minX, length: rect.width, direction: direction.dx)
        let (y, height) = yAxis.moved(rect.minY, length: rect.height, direction: direction.dy)
        return PixelRect(x: x, y: y, width: width, height: height)
    }

    /// How strongly the grid's lines are drawn when a cell is `cellOnScreen` pixels on screen: not at all below
    /// 6 px (a 24 MP photo at fit zoom), fading in up to full strength at 12 px.
    public static func lineOpacity(cellOnScreen: Double) -> Double {
        guard cellOnScreen.isFinite else { return 0 }
        return ((cellOnScreen - fadeStart) / (fullStrength - fadeStart)).clamped(to: 0, 1)
    }

    public static let fadeStart = 6.0
    public static let fullStrength = 12.0
}

/// One axis of the grid: lines at `origin + k·cell` up to `end`; with `snapsFar` the far edge keeps to them too
/// (`end - origin` is then a whole number of cells).
private struct GridAxis {
    let origin: Int, cell: Int, end: Int, snapsFar: Bool

    func farEdgeOutwards(_ v: Int) -> Int { snapsFar ? min(lineAtOrAfter(v), end) : v }

    func lineAtOrBefore(_ v: Int) -> Int { origin + max(0, floorDiv(v - origin, cell)) * cell }

    func lineAtOrAfter(_ v: Int) -> Int {
        let line = lineAtOrBefore(v)
        return line < v ? line + cell : line
    }

    func nearestLine(_ v: Int) -> Int {
        let before = lineAtOrBefore(v)
        return (v - before) * 2 >= cell ? before + cell : before
    }

    func shaped(_ low: Int, _ high: Int) -> (Int, Int) {
        var high = min(max(high, origin + 1), end)
        if snapsFar { high = max(min(nearestLine(high), end), origin + cell) }
        var low = nearestLine(max(low, origin))
        if low >= high { low = lineAtOrBefore(high - 1) }
        return (low, high)
    }

    func moved(_ low: Int, length: Int, direction: Int) -> (Int, Int) {
        var length = min(max(length, 1), end - origin)
        if snapsFar { length = min(max(cell, (length + cell / 2) / cell * cell), end - origin) }
        let wanted = direction > 0 ? lineAtOrAfter(low) : direction < 0 ? lineAtOrBefore(low) : nearestLine(low)
        return (min(wanted, lineAtOrBefore(end - length)), length)
    }
}

private func floorDiv(_ a: Int, _ b: Int) -> Int {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}

private func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
private func lcm(_ a: Int, _ b: Int) -> Int { a / gcd(a, b) * b }
