// Mapping sizes, points and pixel rectangles between the stored bitmap and the displayed picture.
// Points are continuous coordinates (pixel (i, j) covers [i, i+1) × [j, j+1)), so corners map to corners.

extension Orientation {
    public func displayedSize(forStored size: PixelSize) -> PixelSize {
        swapsAxes ? size.swapped : size
    }

    public func storedSize(forDisplayed size: PixelSize) -> PixelSize {
        swapsAxes ? size.swapped : size
    }

    public func displayedPoint(fromStored p: Point, storedSize: PixelSize) -> Point {
        let m = matrix
        let displayed = displayedSize(forStored: storedSize)
        let cx = p.x - Double(storedSize.width) / 2, cy = p.y - Double(storedSize.height) / 2
        return Point(x: Double(m.a) * cx + Double(m.b) * cy + Double(displayed.width) / 2,
                     y: Double(m.c) * cx + Double(m.d) * cy + Double(displayed.height) / 2)
    }

    func storedPoint(fromDisplayed p: Point, storedSize: PixelSize) -> Point {
        inverse.displayedPoint(fromStored: p, storedSize: displayedSize(forStored: storedSize))
    }

    public func displayedRect(fromStored r: PixelRect, storedSize: PixelSize) -> PixelRect {
        let a = displayedCorner(x: r.minX, y: r.minY, storedSize: storedSize)
        let b = displayedCorner(x: r.maxX, y: r.maxY, storedSize: storedSize)
        return PixelRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }

    public func storedRect(fromDisplayed r: PixelRect, storedSize: PixelSize) -> PixelRect {
        inverse.displayedRect(fromStored: r, storedSize: displayedSize(forStored: storedSize))
    }

    /// Integer version of `displayedPoint`, in doubled coordinates so that the half-size centre stays whole.
    private func displayedCorner(x: Int, y: Int, storedSize: PixelSize) -> (x: Int, y: Int) {
        let m = matrix
        let displayed = displayedSize(forStored: storedSize)
        let cx = 2 * x - storedSize.width, cy = 2 * y - storedSize.height
        return ((m.a * cx + m.b * cy + displayed.width) / 2, (m.c * cx + m.d * cy + displayed.height) / 2)
    }
}

// Whole pixels and pixel steps, for code that walks a bitmap's memory.
extension Orientation {
    /// Where the pixel at column `x`, row `y` of a stored bitmap of `storedSize` shows.
    public func displayedPixel(x: Int, y: Int, storedSize: PixelSize) -> (x: Int, y: Int) {
        let shown = displayedRect(fromStored: PixelRect(x: x, y: y, width: 1, height: 1), storedSize: storedSize)
        return (shown.x, shown.y)
    }

    /// Where a step of (`dx`, `dy`) pixels in the stored bitmap points once displayed:
    /// under `.rotate90CW` one column right, (1, 0), becomes one row down, (0, 1).
    public func displayedStep(dx: Int, dy: Int) -> (dx: Int, dy: Int) {
        let m = matrix
        return (m.a * dx + m.b * dy, m.c * dx + m.d * dy)
    }
}
