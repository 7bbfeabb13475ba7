/// The dimmed surround of the crop box, as data: fill `outer` and `hole` together with the even-odd rule.
public struct DimmingMask: Sendable, Hashable {
    static let restingAlpha = 0.8
    static let draggingAlpha = 0.45

    /// The whole canvas, in view pixels.
    public var outer: Rect
    /// The crop frame, in view pixels.
    public var hole: Rect
    /// Opacity of the black fill.
    public var alpha: Double
    /// Whether to draw the rule-of-thirds grid inside the hole.
    public var showsGrid: Bool

    public init(outer: Rect, hole: Rect, alpha: Double, showsGrid: Bool) {
        self.outer = outer
        self.hole = hole
        self.alpha = alpha
        self.showsGrid = showsGrid
    }

    /// The mask for a crop frame while the user is doing `activity`: lighter, with the grid, while the box is
    /// being shaped (a handle dragged, the box moved, or a box drawn).
    public init(canvas: Size, hole: Rect, activity: Activity) {
        let shaping = activity.isShapingBox
        self.init(outer: Rect(origin: .zero, size: canvas), hole: hole,
                  alpha: shaping ? DimmingMask.draggingAlpha : DimmingMask.restingAlpha, showsGrid: shaping)
    }

    /// The x positions of the two vertical third lines inside the hole.
    var gridXs: [Double] { [hole.minX + hole.width / 3, hole.minX + 2 * hole.width / 3] }
    /// The y positions of the two horizontal third lines inside the hole.
    var gridYs: [Double] { [hole.minY + hole.height / 3, hole.minY + 2 * hole.height / 3] }
}
