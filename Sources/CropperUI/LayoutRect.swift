/// A rectangle in window pixels, for laying out chrome (toolbar, status bar, overlays).
struct LayoutRect: Equatable, Sendable {
    var x: Double, y: Double, width: Double, height: Double

    static let zero = LayoutRect(x: 0, y: 0, width: 0, height: 0)

    var maxX: Double { x + width }
    var maxY: Double { y + height }
    var midX: Double { x + width / 2 }
    var midY: Double { y + height / 2 }

    func contains(_ px: Double, _ py: Double) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    func insetBy(_ dx: Double, _ dy: Double) -> LayoutRect {
        LayoutRect(x: x + dx, y: y + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }

    /// A rectangle of the given size centred in this one, snapped to whole pixels.
    func centered(width w: Double, height h: Double) -> LayoutRect {
        LayoutRect(x: (x + (width - w) / 2).rounded(), y: (y + (height - h) / 2).rounded(), width: w, height: h)
    }
}

/// Where the three bands of the window lie: toolbar on top, canvas, status bar at the bottom.
struct WindowLayout: Equatable, Sendable {
    let width: Int
    let height: Int

    var toolbar: LayoutRect { LayoutRect(x: 0, y: 0, width: Double(width), height: Double(Theme.toolbarHeight)) }
    var statusBar: LayoutRect {
        LayoutRect(x: 0, y: Double(height - Theme.statusBarHeight), width: Double(width), height: Double(Theme.statusBarHeight))
    }
    var canvas: LayoutRect {
        LayoutRect(x: 0, y: Double(Theme.toolbarHeight), width: Double(width),
                   height: Double(max(1, height - Theme.toolbarHeight - Theme.statusBarHeight)))
    }
    var canvasOrigin: (x: Double, y: Double) { (canvas.x, canvas.y) }
}
