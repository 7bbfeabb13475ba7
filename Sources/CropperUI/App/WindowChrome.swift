import PhotoIO
import X11Platform

/// The app state's part that X shows around the photo: the title, the window manager's states, and whether a
/// drag over the window would be taken.
struct WindowChrome: Equatable {
    /// The title the window carries; empty until the first is set, so that "Cropper" alone is set too.
    private(set) var title = ""
    /// The window manager's states of the window (`_NET_WM_STATE_FULLSCREEN`, …), as it last reported them.
    var windowStates: Set<String> = []
    /// Photos are being dragged over the window and a drop would be taken.
    private(set) var dropHovering = false

    /// Whether the window's own pixels show `other` as they show this: the title is the window manager's to draw.
    /// (With it, the dial passing the saved angle, which adds or drops the title's dot, repainted the whole window.)
    func drawsAs(_ other: WindowChrome) -> Bool {
        windowStates == other.windowStates && dropHovering == other.dropHovering
    }

    /// "• name (3/12) — Cropper": the dot while there are unsaved edits.
    mutating func retitle(for session: Session) {
        let position = session.documents?.position.map { " (\($0))" } ?? ""
        title = session.document.map {
            (session.editor.isDirty ? "• " : "") + "\(PathNames.shown($0.name))\(position) — Cropper"
        } ?? "Cropper"
    }

    /// A drag over the window: whether it is hovering with photos it would take. The state log's name.
    mutating func dragged(_ event: DragEvent) -> String {
        switch event {
        case let .entered(accepting):
            dropHovering = accepting
            return "dragEnter"
        case let .moved(accepting):
            dropHovering = accepting
            return "dragPosition"
        case .left:
            dropHovering = false
            return "dragLeave"
        case .dropping:
            dropHovering = false
            return "drop"
        case .dropRefused:
            dropHovering = false
            return "dropRefused"
        case .ignored:
            return "dragIgnored"
        }
    }
}
