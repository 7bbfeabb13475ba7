import EditorState
import PhotoIO

/// What the state log records: the editor's numbers plus what the window shows around them.
struct StateSnapshot {
    let json: JSONValue

    init(app: EditorApp) {
        let state = app.state
        let viewport = state.viewport
        let layout = app.layout
        let origin = (x: layout.deviceCanvas.x, y: layout.deviceCanvas.y)
        // Canvas pixels to window device pixels: where xdotool and screenshots point.
        func windowRect(_ rect: Rect) -> JSONValue {
            .numbers([rect.x + origin.x, rect.y + origin.y, rect.width, rect.height])
        }
        let crop = state.crop.map { JSONValue.integers([$0.x, $0.y, $0.width, $0.height]) } ?? .null
        let cropFrame = state.crop != nil ? state.cropFrameInView.map(windowRect) ?? .null : .null
        let imageFrame = state.imageSize != nil ? windowRect(viewport.contentFrame) : .null
        json = .object([
            ("image", .optional(app.document?.path)),
            ("documents", .object([("paths", .array((app.ui.documents?.paths ?? []).map { .string($0) })),
                                   ("index", app.ui.documents.map { .integer($0.index) } ?? .null)])),
            ("imageSize", state.imageSize.map { .integers([$0.width, $0.height]) } ?? .null),
            ("storedSize", state.storedSize.map { .integers([$0.width, $0.height]) } ?? .null),
            ("orientation", .integer(state.displayOrientation.rawValue)),
            ("sourceOrientation", .integer(state.sourceOrientation.rawValue)),
            ("userTransform", .integer(state.userTransform.rawValue)),
            ("zoomScale", .number(viewport.zoomScale)),
            ("minZoomScale", .number(viewport.minZoomScale)),
            ("maxZoomScale", .number(viewport.maxZoomScale)),
            ("contentOffset", .numbers([viewport.contentOffset.x, viewport.contentOffset.y])),
            ("crop", crop),
            ("cropFrame", cropFrame),
            ("imageFrame", imageFrame),
            ("maskVisible", .bool(state.mask != nil)),
            ("maskAlpha", state.mask.map { .number($0.alpha) } ?? .null),
            ("gridVisible", .bool(state.mask?.showsGrid ?? false)),
            ("aspect", .string(state.aspect.label)),
            ("activity", .string(describe(state.activity))),
            ("animating", .bool(state.animation != nil)),
            ("picker", Self.picker(of: app)),
            ("dialog", Self.dialog(of: app)),
            ("confirm", .object([("visible", .bool(app.ui.confirm != nil))])),
            ("drop", .object([("hovering", .bool(app.ui.dropHovering))])),
            ("shortcuts", .object([("visible", .bool(app.ui.showsShortcuts))])),
            ("numericEntry", .object([("visible", .bool(app.ui.numeric != nil)),
                                      ("fields", .array((app.ui.numeric?.fields ?? []).map { .string($0.text) })),
                                      ("error", .optional(app.ui.numeric?.error))])),
            ("toast", .optional(app.ui.toast?.text)),
            ("banner", .optional(app.ui.banner?.text)),
            ("loading", .bool(app.document?.isLoading ?? false)),
            ("fullResolution", .bool(app.document?.full != nil)),
            ("photoSharp", .bool(app.photoIsSharp)),
            ("loadError", .optional(app.document?.loadError)),
            ("saving", .bool(app.saving != nil)),
            ("dirty", .bool(state.isDirty)),
            ("canUndo", .bool(state.canUndo)),
            ("canRedo", .bool(state.canRedo)),
            ("lastSaved", .optional(app.lastSaved)),
            ("title", .string(app.windowTitle)),
            ("settings", .object([("recentreAfterDrag", .bool(app.settings.settings.recentersAfterDrag)),
                                  ("jpegQuality", .integer(app.settings.settings.jpegQuality)),
                                  ("aspect", .string(Settings.name(of: app.settings.settings.aspect))),
                                  ("lastFolder", .optional(app.settings.settings.lastFolder))])),
            ("window", .integers([layout.deviceWidth, layout.deviceHeight])),
            ("scale", .number(layout.scale)),
            ("canvasOrigin", .numbers([origin.x, origin.y])),
            ("canvasSize", .numbers([layout.deviceCanvas.width, layout.deviceCanvas.height])),
        ])
    }
}

func describe(_ activity: Activity) -> String {
    switch activity {
    case .idle: "idle"
    case let .draggingHandle(handle): "draggingHandle:\(describe(handle))"
    case .movingBox: "movingBox"
    case .drawingBox: "drawingBox"
    case .panning: "panning"
    case .animating: "animating"
    }
}

func describe(_ handle: Handle) -> String {
    switch handle {
    case .topLeft: "topLeft"
    case .topRight: "topRight"
    case .bottomLeft: "bottomLeft"
    case .bottomRight: "bottomRight"
    case .top: "top"
    case .bottom: "bottom"
    case .left: "left"
    case .right: "right"
    default: "none"
    }
}
