import EditorState

extension Command {
    /// The editor's own commands, as the action each is: they change nothing but the editor, so they go straight
    /// to it. Nil for a command of the window (files, panels, settings).
    func editorAction(on editor: EditorState) -> EditorAction? {
        switch self {
        case .rotateLeft: .rotateLeft
        case .rotateRight: .rotateRight
        case .flipHorizontal: .flipHorizontal
        case .flipVertical: .flipVertical
        case .cycleAspect: .cycleAspect
        case .swapAspectOrientation: .swapAspectOrientation
        case .undo: .undo
        case .redo: .redo
        case .reset: .reset
        case .zoomIn: .zoom(factor: StepSizes.keyZoomFactor, at: editor.viewport.availableCenter)
        case .zoomOut: .zoom(factor: 1 / StepSizes.keyZoomFactor, at: editor.viewport.availableCenter)
        case .zoomToFit: .zoomToFit
        case .zoomToActualSize: .zoomToActualSize(at: nil)
        case let .nudge(dx, dy): .nudge(dx: dx, dy: dy)
        case let .resizeCrop(dw, dh): .resizeCrop(dw: dw, dh: dh)
        case let .straighten(tenths): .turnStraighten(tenths: tenths)
        case .resetStraighten: .setStraighten(.zero)
        case let .perspective(vertical, horizontal): .turnPerspective(vertical: vertical, horizontal: horizontal)
        case .resetPerspective: .setPerspective(.zero)
        case .cancel: editor.crop != nil ? .setCrop(nil) : nil
        default: nil
        }
    }
}
