/// A crop-box handle as the edges it moves: a side is one bit, a corner two.
public struct Handle: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let top = Handle(rawValue: 1 << 0)
    public static let left = Handle(rawValue: 1 << 1)
    public static let bottom = Handle(rawValue: 1 << 2)
    public static let right = Handle(rawValue: 1 << 3)

    public static let topLeft: Handle = [.top, .left]
    public static let topRight: Handle = [.top, .right]
    public static let bottomLeft: Handle = [.bottom, .left]
    public static let bottomRight: Handle = [.bottom, .right]

    /// The eight handles, corners first, clockwise from top-left.
    public static let all: [Handle] = [.topLeft, .topRight, .bottomRight, .bottomLeft, .top, .right, .bottom, .left]

    var isCorner: Bool { movesHorizontalEdge && movesVerticalEdge }
    /// Moves the left or right edge.
    var movesVerticalEdge: Bool { !intersection([.left, .right]).isEmpty }
    /// Moves the top or bottom edge.
    var movesHorizontalEdge: Bool { !intersection([.top, .bottom]).isEmpty }

    /// Where this handle sits on `frame`.
    public func position(on frame: Rect) -> Point {
        let x = contains(.left) ? frame.minX : contains(.right) ? frame.maxX : frame.midX
        let y = contains(.top) ? frame.minY : contains(.bottom) ? frame.maxY : frame.midY
        return Point(x: x, y: y)
    }
}

/// What lies under a view point: decides the cursor shape and what a press starts.
public enum HitTarget: Sendable, Hashable {
    case handle(Handle)
    /// Inside an existing crop box, away from the handles: a drag moves the box.
    case interior
    /// Anywhere else (including inside the image when there is no crop): a drag draws a new box.
    case outside
}
