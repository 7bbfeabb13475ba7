/// What the user is doing right now.
public enum Activity: Sendable, Hashable {
    case idle
    case draggingHandle(Handle)
    case movingBox
    case drawingBox
    case panning
    case animating
    /// The straighten or a perspective dial is being dragged (a fine grid shows).
    case straightening

    /// A handle drag, a box move or a box being drawn.
    var isShapingBox: Bool {
        switch self {
        case .draggingHandle, .movingBox, .drawingBox: true
        case .idle, .panning, .animating, .straightening: false
        }
    }
}
