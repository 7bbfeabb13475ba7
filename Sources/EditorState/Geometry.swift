// Plain geometry values. Double for view and continuous image space, Int for whole image pixels.

public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    public func distance(to other: Point) -> Double {
        let dx = other.x - x, dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }

    public var isFinite: Bool { x.isFinite && y.isFinite }
}

public struct Size: Sendable, Hashable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)
}

public struct Rect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public init(origin: Point, size: Size) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    /// The rectangle spanned by two corners given in any order.
    public init(corner a: Point, corner b: Point) {
        self.init(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var origin: Point { Point(x: x, y: y) }
    public var size: Size { Size(width: width, height: height) }
    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var center: Point { Point(x: midX, y: midY) }

    /// Closed on every edge, so a point on the border counts as inside.
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
    }

    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }
}

public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var swapped: PixelSize { PixelSize(width: height, height: width) }
    public var size: Size { Size(width: Double(width), height: Double(height)) }
    /// `WIDTHxHEIGHT`, as the command line prints sizes.
    public var description: String { "\(width)x\(height)" }
}

public struct PixelRect: Sendable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The whole image as a rectangle.
    public init(size: PixelSize) {
        self.init(x: 0, y: 0, width: size.width, height: size.height)
    }

    public var minX: Int { x }
    public var minY: Int { y }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var size: PixelSize { PixelSize(width: width, height: height) }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var rect: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }
    public var center: Point { rect.center }

    /// The part of this rectangle that lies inside `bounds`, or nil when they do not overlap.
    public func intersection(_ bounds: PixelRect) -> PixelRect? {
        let x0 = max(minX, bounds.minX), x1 = min(maxX, bounds.maxX)
        let y0 = max(minY, bounds.minY), y1 = min(maxY, bounds.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func contains(_ other: PixelRect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// `X,Y,WIDTH,HEIGHT`, as the command line takes and prints rectangles.
    public var description: String { "\(x),\(y),\(width),\(height)" }
}

/// Padding around the content inside the canvas.
public struct EdgeInsets: Sendable, Hashable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    public static let zero = EdgeInsets(all: 0)
}

// MARK: - Numeric helpers shared by the module

extension Double {
    func clamped(to lower: Double, _ upper: Double) -> Double {
        Swift.min(Swift.max(self, lower), upper)
    }
}

extension Int {
    func clamped(to lower: Int, _ upper: Int) -> Int {
        Swift.min(Swift.max(self, lower), upper)
    }
}

/// The nearest whole number (halves away from zero), safe for any input: NaN gives 0, huge values saturate.
func roundedInt(_ value: Double) -> Int {
    wholeInt(value.rounded())
}

func floorInt(_ value: Double) -> Int {
    wholeInt(value.rounded(.down))
}

func ceilInt(_ value: Double) -> Int {
    wholeInt(value.rounded(.up))
}

private func wholeInt(_ value: Double) -> Int {
    guard value.isFinite else { return value.isNaN ? 0 : (value > 0 ? Int.max / 2 : Int.min / 2) }
    let limit = 4_503_599_627_370_496.0  // 2^52: every whole Double below it converts exactly
    return Int(value.clamped(to: -limit, limit))
}
