/// A rectangle in interface pixels (device pixels over the interface scale), for laying out chrome (toolbar,
/// status bar, overlays); the canvas alone is also given in device pixels.
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

    func scaled(by factor: Double) -> LayoutRect {
        LayoutRect(x: x * factor, y: y * factor, width: width * factor, height: height * factor)
    }

    /// A rectangle of the given size centred in this one, snapped to whole pixels.
    func centered(width w: Double, height h: Double) -> LayoutRect {
        LayoutRect(x: (x + (width - w) / 2).rounded(), y: (y + (height - h) / 2).rounded(), width: w, height: h)
    }
}

/// Where the three bands of the window lie: toolbar on top, canvas, status bar at the bottom.
/// Chrome is laid out in interface pixels and drawn scaled; the canvas is also known in device pixels, where the
/// photo is drawn one image pixel per device pixel at 100 % and where EditorState's view coordinates live.
struct WindowLayout: Equatable, Sendable {
    /// The window in device pixels.
    let deviceWidth: Int
    let deviceHeight: Int
    /// Device pixels per interface pixel.
    let scale: Double

    init(deviceWidth: Int, deviceHeight: Int, scale: Double = 1) {
        self.deviceWidth = deviceWidth
        self.deviceHeight = deviceHeight
        self.scale = scale
    }

    /// The window in interface pixels.
    var width: Double { Double(deviceWidth) / scale }
    var height: Double { Double(deviceHeight) / scale }
    var bounds: LayoutRect { LayoutRect(x: 0, y: 0, width: width, height: height) }

    var toolbar: LayoutRect { LayoutRect(x: 0, y: 0, width: width, height: Double(Theme.toolbarHeight)) }
    var statusBar: LayoutRect {
        LayoutRect(x: 0, y: height - Double(Theme.statusBarHeight), width: width, height: Double(Theme.statusBarHeight))
    }
    var canvas: LayoutRect {
        LayoutRect(x: 0, y: Double(Theme.toolbarHeight), width: width,
                   height: max(1, height - Double(Theme.toolbarHeight + Theme.dialHeight + Theme.statusBarHeight)))
    }
    /// The straighten dial's strip, between the canvas and the status bar.
    var dial: LayoutRect {
        LayoutRect(x: 0, y: canvas.maxY, width: width, height: Double(Theme.dialHeight))
    }
    var deviceCanvas: LayoutRect { canvas.scaled(by: scale) }
}
