/// What the user is doing right now.
public enum Activity: Sendable, Hashable {
    case idle
    case draggingHandle(Handle)
    case movingBox
    case drawingBox
    case panning
    case animating

    /// A handle drag, a box move or a box being drawn.
    var isShapingBox: Bool {
        switch self {
        case .draggingHandle, .movingBox, .drawingBox: true
        case .idle, .panning, .animating: false
        }
    }
}
