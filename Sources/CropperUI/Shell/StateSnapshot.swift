import EditorState
import PhotoIO

/// What the state log records: the session's and the shell's facts, and every component's own fields
/// (a component that is not up gives its "not visible" form).
struct StateSnapshot {
    let json: JSONValue

    static let loggedPaths = 1000

    /// The fields of overlays that are not up, so every line has the same shape.
    private static let hidden: [String: JSONValue] = [
        "picker": .object([("visible", .bool(false)), ("items", .array([]))]),
        "grid": .object([("visible", .bool(false)), ("count", .integer(0)), ("selected", .integer(0)), ("pending", .integer(0))]),
        "dialog": .object([("visible", .bool(false)), ("path", .null), ("error", .null)]),
        "confirm": .object([("visible", .bool(false))]),
        "damagedSave": .object([("visible", .bool(false))]),
        "replaceOriginal": .object([("visible", .bool(false))]),
        "replaceFile": .object([("visible", .bool(false))]),
        "cropRule": .object([("visible", .bool(false))]),
        "shortcuts": .object([("visible", .bool(false))]),
        "numericEntry": .object([("visible", .bool(false)), ("fields", .array([])), ("error", .null)]),
        "menu": .object([("visible", .bool(false)), ("items", .array([]))]),
        "guidedMode": .bool(false),
    ]

    init(shell: WindowShell, extra: [(String, JSONValue)] = []) {
        let context = shell.context
        let session = shell.session, editor = session.editor, layout = shell.layout
        let settings = context.settings
        var components = StateSnapshot.hidden
        components.merge(shell.stack.snapshot(in: context)) { _, shown in shown }
        let canvasFields = ["imageSize", "storedSize", "orientation", "sourceOrientation", "userTransform", "zoomScale",
                            "minZoomScale", "maxZoomScale", "contentOffset", "crop", "cropFrame", "imageFrame",
                            "maskVisible", "maskAlpha", "gridVisible", "aspect", "activity", "animating", "spaceHeld",
                            "lossless", "losslessRect", "blockGrid", "straighten", "levelLine", "straightenDial",
                            "dialDragging", "perspective", "dialMode", "verticalDial", "horizontalDial", "uprightButtons", "guides",
                            "guidedMode"]
        let componentFields = ["picker", "grid", "dialog", "confirm", "damagedSave", "replaceOriginal", "replaceFile", "cropRule", "drop", "shortcuts", "numericEntry", "menu", "toast",
                               "banner", "hoveredButton", "controls"]
        var members: [(String, JSONValue)] = extra
        members.append(("overlays", .array(shell.stack.overlays.map { .string($0.rawValue) })))
        members.append(("image", .optional(session.document?.path)))
        // A 10,000-photo folder would make every line megabytes: the first thousand paths, and the count.
        let paths = session.documents?.paths ?? []
        members.append(("documents", .object([("paths", .array(paths.prefix(Self.loggedPaths).map { .string($0) })),
                                              ("count", .integer(paths.count)),
                                              ("index", session.documents.map { .integer($0.index) } ?? .null),
                                              ("folder", .optional(session.documents?.folder)),
                                              ("currentIsGone", .bool(session.documents?.currentIsGone ?? false))])))
        members += (canvasFields + componentFields).compactMap { key in components[key].map { (key, $0) } }
        members += [
            ("loading", .bool(session.document?.isLoading ?? false)),
            ("fullResolution", .bool(session.document?.full != nil)),
            ("fullRows", .integer(session.document?.fullRows ?? 0)),
            ("decodedPixels", .integer(session.document?.decodedSources.reduce(0) { $0 + $1.pixelCount } ?? 0)),
            ("previewDecodedAhead", .bool(session.document?.previewWasDecodedAhead ?? false)),
            ("previewDecodedEarly", .bool(session.document?.previewWasDecodedEarly ?? false)),
            ("previewsAhead", .array(shell.services.prefetcher.readyPaths.map { .string($0) })),
            ("photoSharp", .bool(shell.photoIsSharp)),
            ("photoStandIn", .bool(session.document?.showsStandIn ?? false)),
            ("animation", session.document?.animation.map { animation in
                .object([("frame", .integer(animation.playback.frame)), ("frames", .integer(animation.playback.frames)),
                         ("playing", .bool(animation.playback.isPlaying)),
                         ("shown", animation.onScreenFrame.map { .integer($0) } ?? .null),
                         ("passes", .integer(animation.playback.passes))])
            } ?? .null),
            ("displayProfile", .string(shell.state.displayProfile.name)),
            ("loadError", .optional(session.document?.loadError)),
            ("fullResolutionError", .optional(session.document?.fullDecodeError)),
            ("intactRows", session.document?.damage.map { .integer($0.intactRows) } ?? .null),
            ("saving", .bool(shell.state.saving.isSaving)),
            ("batch", shell.state.batch.run?.logged ?? BatchSave.notRunning),
            ("copiedRule", .optional(shell.state.batch.rules.copied?.rule.kind.rawValue)),
            ("upright", shell.state.upright.status.map {
                .object([("mode", .string($0.mode.rawValue)), ("running", .bool($0.running)),
                         ("ms", $0.running ? .null : shell.state.upright.milliseconds.map { .number(($0 * 10).rounded() / 10) } ?? .null)])
            } ?? .null),
            ("saveProgress", shell.state.saving.percent.map { .integer($0) } ?? .null),
            ("dirty", .bool(editor.isDirty)),
            ("canUndo", .bool(editor.canUndo)),
            ("canRedo", .bool(editor.canRedo)),
            ("lastSaved", .optional(shell.state.saving.lastSaved)),
            ("title", .string(shell.state.chrome.title)),
            ("settings", .object([("recentreAfterDrag", .bool(settings.recentersAfterDrag)),
                                  ("jpegQuality", .integer(settings.jpegQuality)),
                                  ("lossless", .bool(settings.lossless)),
                                  ("saveMode", .string(settings.saveMode.rawValue)),
                                  ("replaceConfirmed", .bool(settings.replaceConfirmed)),
                                  ("exportSize", .optional(settings.exportSize.map(Settings.name(of:)))),
                                  ("aspect", .string(Settings.name(of: settings.aspect))),
                                  ("lastFolder", .optional(settings.lastFolder))])),
            ("window", .integers([layout.deviceWidth, layout.deviceHeight])),
            ("scale", .number(layout.scale)),
            ("xinput", .optional(shell.window.pointerInputVersion)),
            ("windowStates", .array(shell.state.chrome.windowStates.sorted().map { .string($0) })),
            ("canvasOrigin", .numbers([layout.deviceCanvas.x, layout.deviceCanvas.y])),
            ("canvasSize", .numbers([layout.deviceCanvas.width, layout.deviceCanvas.height])),
        ]
        json = .object(members)
    }
}

/// The app state's parts a snapshot is made from, to tell an event that changed none of them (the runner's caches
/// change only through messages of their own, whose lines are made anew).
struct LoggedFacts {
    let editor: EditorState
    let shown: ShownParts
    let stack: ComponentStack
    let settings: Settings
    let layout: WindowLayout
    let displayProfile: DisplayProfile

    init(_ state: AppState) {
        editor = state.session.editor
        shown = state.shown
        stack = state.stack
        settings = state.settings
        layout = state.layout
        displayProfile = state.displayProfile
    }

    func isSame(as other: LoggedFacts) -> Bool {
        editor == other.editor && shown == other.shown && stack.isSame(as: other.stack) && settings == other.settings
            && layout == other.layout && displayProfile == other.displayProfile
    }
}
