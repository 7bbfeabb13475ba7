import EditorState

/// The toolbar and status bar for the current state (cheap to build; text measurements are cached).
extension EditorApp {
    func toolbar() -> Toolbar {
        let context = ToolbarContext(hasImage: state.imageSize != nil, canUndo: state.canUndo, canRedo: state.canRedo,
                                     canReset: state.isDirty || state.canUndo, aspectLabel: aspectLabel,
                                     isSaving: saving != nil)
        return Toolbar(width: layout.width, context: context, text: text)
    }

    private var aspectLabel: String {
        switch state.aspect {
        case .originalSwapped: "Original ⇄"
        default: state.aspect.label
        }
    }

    func statusBar() -> StatusBar {
        StatusBar(area: layout.statusBar, content: statusContent(), numeric: ui.numeric, text: text)
    }

    func statusContent() -> StatusContent {
        let name = document?.name ?? "No photo"
        var content = StatusContent(fileName: ui.documents?.position.map { "\($0) · \(name)" } ?? name)
        if let imageSize = state.imageSize {
            content.zoom = Self.percent(state.viewport.zoomScale)
            content.imageSize = "Image \(imageSize.width) × \(imageSize.height)"
            if let crop = state.crop {
                content.cropSize = "\(crop.width) × \(crop.height) px"
                content.cropPosition = "at \(crop.x), \(crop.y)"
            } else {
                content.cropSize = "No crop · whole image"
            }
        }
        if saving != nil {
            content.activity = "Saving…"
        } else if document?.isLoading == true {
            content.activity = "Loading…"
        } else if document?.full == nil && document?.preview != nil {
            content.activity = "Preview"
        }
        return content
    }

    static func percent(_ zoom: Double) -> String {
        let value = zoom * 100
        return value < 10 ? String(format1: value) + " %" : "\(Int(value.rounded())) %"
    }
}

private extension String {
    /// One decimal place, without Foundation's formatter.
    init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(tenths % 10)"
    }
}
