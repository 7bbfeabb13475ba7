import EditorState
import Glibc
import PhotoIO
import X11Platform

/// The editor on screen: the photo, the box and its handles. Presses become `EditorAction`s (draw, move and
/// resize the box, pan, double-click zoom); keys go through the editor's part of the binding table.
struct CanvasComponent: Component, Equatable {
    /// What a press on the canvas started, so motion and release go to the same gesture.
    enum Gesture: Equatable {
        case none, crop, pan
        /// The level tool: a line from where the press was to where the pointer is.
        case level(from: WindowPoint, to: WindowPoint)
    }

    let kind = ComponentKind.canvas
    private(set) var gesture = Gesture.none
    private(set) var spaceHeld = false
    private var doubleClick = DoubleClickDetector()
    private var lastPoint: WindowPoint?

    static func == (a: CanvasComponent, b: CanvasComponent) -> Bool {
        a.gesture == b.gesture && a.spaceHeld == b.spaceHeld
    }

    /// The window lost the keyboard: a Space held down will never be seen going up.
    mutating func focusLost() {
        spaceHeld = false
    }

    mutating func key(_ key: KeyInput, in context: WindowContext) -> Response {
        guard let command = Bindings.command(for: key, facts: context.commandFacts) else { return .took("key") }
        if command == .holdToPan {
            spaceHeld = true
            return .took("spaceDown")
        }
        return .took("key:\(command)", [.perform(command)])
    }

    mutating func keyReleased(_ level0: UInt, in context: WindowContext) -> Response {
        let released = Bindings.command(level0: level0, typed: level0, modifiers: [], facts: context.commandFacts)
        guard released == .holdToPan, spaceHeld else { return .passed }
        spaceHeld = false
        return .took("keyRelease")
    }

    mutating func press(_ press: PointerPress, in context: WindowContext) -> Response {
        lastPoint = press.at
        guard context.editor.imageSize != nil,
              let gesture = Bindings.gesture(button: press.button, modifiers: press.modifiers, spaceHeld: spaceHeld) else {
            return .took("canvasPress")
        }
        let point = context.canvasPoint(press.at)
        switch gesture {
        case .dragPan:
            self.gesture = .pan
            return .took("panBegan", [.edit(.panBegan(point))])
        case .drawLevelLine:
            self.gesture = .level(from: press.at, to: press.at)
            return .took("levelLineBegan")
        case .dragCrop, .doubleClickZoom:
            if doubleClick.registerPress(button: press.button, time: press.time, x: press.at.x, y: press.at.y) {
                return .took("doubleClick", [.edit(.doubleClick(at: point, now: context.now))])
            }
            self.gesture = .crop
            return .took("pointerDown", [.edit(.pointerDown(point, now: context.now))])
        default:
            return .took("canvasPress")
        }
    }

    mutating func wheel(_ step: WheelStep, in context: WindowContext) -> Response {
        guard context.editor.imageSize != nil, let button = Bindings.wheel.first(where: { $0.direction == step.direction })?.button,
              let gesture = Bindings.gesture(button: button, modifiers: step.modifiers, spaceHeld: spaceHeld) else {
            return .took("canvasPress")
        }
        let pan = StepSizes.wheelPan * step.amount * context.layout.scale
        let zoom = pow(StepSizes.wheelZoomFactor, step.amount)
        let action: EditorAction
        switch gesture {
        case .zoomIn: action = .zoom(factor: zoom, at: context.canvasPoint(step.at))
        case .zoomOut: action = .zoom(factor: 1 / zoom, at: context.canvasPoint(step.at))
        case .panUp: action = .pan(dx: 0, dy: -pan)
        case .panDown: action = .pan(dx: 0, dy: pan)
        case .panLeft: action = .pan(dx: -pan, dy: 0)
        case .panRight: action = .pan(dx: pan, dy: 0)
        default: return .took("canvasPress")
        }
        if case .zoom = action { return .took("wheelZoom", [.edit(action)]) }
        return .took("wheelPan", [.edit(action)])
    }

    /// The picture follows the fingers' centre, then zooms about it.
    mutating func pinch(_ step: PinchStep, in context: WindowContext) -> Response {
        guard context.editor.imageSize != nil else { return .took("pinch") }
        let scale = context.layout.scale
        var effects: [Effect] = []
        if step.dx != 0 || step.dy != 0 { effects.append(.edit(.pan(dx: step.dx * scale, dy: step.dy * scale))) }
        if step.zoom != 1 { effects.append(.edit(.zoom(factor: step.zoom, at: context.canvasPoint(step.at)))) }
        return .took("pinchZoom", effects)
    }

    mutating func drag(to point: WindowPoint, in context: WindowContext) -> Response {
        if let last = lastPoint, gesture == .crop,
           abs(last.x - point.x) + abs(last.y - point.y) > DoubleClickDetector.maximumDistance {
            doubleClick.reset()
        }
        lastPoint = point
        switch gesture {
        case .crop: return .took("pointerDragged", [.edit(.pointerDragged(context.canvasPoint(point)))])
        case .pan: return .took("panDragged", [.edit(.panDragged(context.canvasPoint(point)))])
        case let .level(start, _):
            gesture = .level(from: start, to: point)
            return .took("levelLineDragged")
        case .none: return .took("pointerMoved")
        }
    }

    mutating func release(at point: WindowPoint, in context: WindowContext) -> Response {
        let finished = gesture
        gesture = .none
        switch finished {
        case .crop: return .took("pointerUp", [.edit(.pointerUp(context.canvasPoint(point), now: context.now))])
        case .pan: return .took("panEnded", [.edit(.panEnded)])
        case let .level(start, _):
            return .took("levelLine", [.edit(.level(from: context.canvasPoint(start), to: context.canvasPoint(point)))])
        case .none: return .took("buttonRelease")
        }
    }

    mutating func hover(_ point: WindowPoint?, in context: WindowContext) -> Bool {
        if point != nil { lastPoint = point }
        return point != nil
    }

    func pointerShape(at point: WindowPoint, in context: WindowContext) -> PointerShape? {
        let editor = context.editor
        if gesture == .pan { return .move }
        if case .level = gesture { return .crosshair }
        switch editor.activity {
        case let .draggingHandle(handle): return PointerShape(handle: handle)
        case .movingBox: return .move
        case .drawingBox: return .crosshair
        default: break
        }
        guard editor.imageSize != nil, context.layout.canvas.contains(point.x, point.y) else { return .arrow }
        if spaceHeld { return .move }
        switch editor.hitTest(context.canvasPoint(point)) {
        case let .handle(handle): return PointerShape(handle: handle)
        case .interior: return .move
        case .outside: return .crosshair
        }
    }

    var drawsInDevicePixels: Bool { true }

    func draw(in context: WindowContext, on cr: OpaquePointer) {
        let layout = context.layout
        CanvasRenderer(area: layout.deviceCanvas, scale: layout.scale, text: context.text)
            .draw(state: context.editor, document: context.session.document, cache: context.imageCache,
                  levelLine: levelLine(in: context), on: cr)
    }

    /// The level tool's line in canvas points, while it is drawn.
    func levelLine(in context: WindowContext) -> (Point, Point)? {
        guard case let .level(start, end) = gesture else { return nil }
        return (context.canvasPoint(start), context.canvasPoint(end))
    }

    /// The editor's numbers, with frames in window device pixels (where xdotool and screenshots point).
    func snapshot(in context: WindowContext) -> [(String, JSONValue)] {
        let editor = context.editor, viewport = editor.viewport
        let origin = (x: context.layout.deviceCanvas.x, y: context.layout.deviceCanvas.y)
        func windowRect(_ rect: Rect) -> JSONValue {
            .numbers([rect.x + origin.x, rect.y + origin.y, rect.width, rect.height])
        }
        return [
            ("imageSize", editor.imageSize.map { .integers([$0.width, $0.height]) } ?? .null),
            ("storedSize", editor.storedSize.map { .integers([$0.width, $0.height]) } ?? .null),
            ("orientation", .integer(editor.displayOrientation.rawValue)),
            ("sourceOrientation", .integer(editor.sourceOrientation.rawValue)),
            ("userTransform", .integer(editor.userTransform.rawValue)),
            ("straighten", .number(editor.straighten.degrees)),
            ("perspective", .numbers([editor.perspective.vertical, editor.perspective.horizontal])),
            ("guides", .array(editor.guides.map { .numbers([$0.start.x, $0.start.y, $0.end.x, $0.end.y]) })),
            ("zoomScale", .number(viewport.zoomScale)),
            ("minZoomScale", .number(viewport.minZoomScale)),
            ("maxZoomScale", .number(viewport.maxZoomScale)),
            ("contentOffset", .numbers([viewport.contentOffset.x, viewport.contentOffset.y])),
            ("crop", editor.crop.map { .integers([$0.x, $0.y, $0.width, $0.height]) } ?? .null),
            ("cropFrame", editor.crop != nil ? editor.cropFrameInView.map(windowRect) ?? .null : .null),
            ("imageFrame", editor.imageSize != nil ? windowRect(viewport.contentFrame) : .null),
            ("maskVisible", .bool(editor.mask != nil)),
            ("maskAlpha", editor.mask.map { .number($0.alpha) } ?? .null),
            ("gridVisible", .bool(editor.mask?.showsGrid ?? false)),
            ("aspect", .string(editor.aspect.label)),
            ("activity", .string(describe(editor.activity))),
            ("animating", .bool(editor.animation != nil)),
            ("spaceHeld", .bool(spaceHeld)),
            ("levelLine", levelLine(in: context).map { .numbers([$0.0.x + origin.x, $0.0.y + origin.y,
                                                                 $0.1.x + origin.x, $0.1.y + origin.y]) } ?? .null),
            ("lossless", .bool(editor.isLossless)),
            ("losslessRect", editor.losslessRect.map { .integers([$0.x, $0.y, $0.width, $0.height]) } ?? .null),
            ("blockGrid", editor.losslessGrid.map { grid in
                .object([("cell", .integers([grid.cell.width, grid.cell.height])),
                         ("usable", .integers([grid.usable.x, grid.usable.y, grid.usable.width, grid.usable.height])),
                         ("opacity", .number(LosslessGridRenderer.opacity(editor)))])
            } ?? .null),
        ]
    }
}

extension PointerShape {
    /// The resize arrow for a handle.
    init(handle: Handle) {
        switch handle {
        case .topLeft: self = .topLeft
        case .topRight: self = .topRight
        case .bottomLeft: self = .bottomLeft
        case .bottomRight: self = .bottomRight
        case .top: self = .top
        case .bottom: self = .bottom
        case .left: self = .left
        case .right: self = .right
        default: self = .crosshair
        }
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
    case .straightening: "straightening"
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
