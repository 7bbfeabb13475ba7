import EditorState

/// Pointer input: overlays first, then toolbar, status bar and canvas.
extension EditorApp {
    static let wheelZoomFactor = 1.2
    static let wheelPanStep = 64.0

    func buttonPressed(_ button: UInt32, x: Double, y: Double, time: UInt32, modifiers: Modifiers) -> String {
        pointer = (x, y)
        let windowRect = layout.bounds
        if let confirm = ui.confirm {
            drag = .consumed
            if button == 1, let choice = confirm.choice(at: x, y, in: windowRect) { answer(choice) }
            return "confirmClick"
        }
        if ui.showsShortcuts {
            drag = .consumed
            ui.showsShortcuts = false
            needsRedraw = true
            return "closeShortcuts"
        }
        if ui.fileDialog != nil { return dialogPressed(button, x: x, y: y, time: time) }
        if ui.picker != nil { return pickerPressed(button, x: x, y: y) }
        if var numeric = ui.numeric, button <= 3 {
            let bar = statusBar()
            if let index = bar.numericField(at: x, y) {
                numeric.focus(index)
                ui.numeric = numeric
                drag = .consumed
                needsRedraw = true
                return "numericFocus"
            }
            ui.numeric = nil
            needsRedraw = true
        }
        if let banner = ui.banner, button == 1, banner.dismissFrame(in: layout.canvas).contains(x, y) {
            ui.banner = nil
            drag = .consumed
            needsRedraw = true
            return "dismissBanner"
        }
        if layout.toolbar.contains(x, y) {
            guard button == 1, let item = toolbar().button(at: x, y), item.isEnabled else {
                drag = .consumed
                return "toolbarPress"
            }
            ui.pressedButton = item.command
            drag = .toolbar(item.command)
            needsRedraw = true
            return "toolbarPress"
        }
        if layout.statusBar.contains(x, y) {
            drag = .consumed
            if button == 1, statusBar().editableFrame?.contains(x, y) == true { perform(.editNumbers) }
            return "statusClick"
        }
        return canvasPressed(button, at: canvasPoint(x, y), time: time, windowX: x, windowY: y, modifiers: modifiers)
    }

    private func canvasPressed(_ button: UInt32, at point: Point, time: UInt32, windowX: Double, windowY: Double,
                               modifiers: Modifiers) -> String {
        guard state.imageSize != nil, let gesture = Bindings.gesture(button: button, modifiers: modifiers, spaceHeld: spaceHeld) else {
            drag = .consumed
            return "canvasPress"
        }
        let now = MonotonicClock.now()
        switch gesture {
        case .zoomIn: apply(.zoom(factor: Self.wheelZoomFactor, at: point)); return "wheelZoom"
        case .zoomOut: apply(.zoom(factor: 1 / Self.wheelZoomFactor, at: point)); return "wheelZoom"
        case .panUp: apply(.pan(dx: 0, dy: -Self.wheelPanStep * layout.scale)); return "wheelPan"
        case .panDown: apply(.pan(dx: 0, dy: Self.wheelPanStep * layout.scale)); return "wheelPan"
        case .panLeft: apply(.pan(dx: -Self.wheelPanStep * layout.scale, dy: 0)); return "wheelPan"
        case .panRight: apply(.pan(dx: Self.wheelPanStep * layout.scale, dy: 0)); return "wheelPan"
        case .dragPan:
            drag = .pan
            apply(.panBegan(point))
            updatePointerShape()
            return "panBegan"
        case .dragCrop, .doubleClickZoom:
            if doubleClick.registerPress(button: button, time: time, x: windowX, y: windowY) {
                drag = .consumed
                apply(.doubleClick(at: point, now: now))
                return "doubleClick"
            }
            drag = .crop
            apply(.pointerDown(point, now: now))
            return "pointerDown"
        }
    }

    func buttonReleased(_ button: UInt32, x: Double, y: Double) -> String {
        pointer = (x, y)
        let finished = drag
        drag = .none
        defer { updateHover(x: x, y: y) }
        switch finished {
        case .crop:
            apply(.pointerUp(canvasPoint(x, y), now: MonotonicClock.now()))
            return "pointerUp"
        case .pan:
            apply(.panEnded)
            return "panEnded"
        case let .toolbar(command):
            ui.pressedButton = nil
            needsRedraw = true
            if toolbar().button(at: x, y)?.command == command { perform(command) }
            return "toolbarClick"
        case .picker:
            return pickerReleased(x: x, y: y)
        case .consumed, .none:
            return "buttonRelease"
        }
    }

    func pointerMoved(x: Double, y: Double) -> String {
        if let last = pointer, abs(last.x - x) + abs(last.y - y) > DoubleClickDetector.maximumDistance, drag == .crop {
            doubleClick.reset()
        }
        pointer = (x, y)
        switch drag {
        case .crop:
            apply(.pointerDragged(canvasPoint(x, y)))
            return "pointerDragged"
        case .pan:
            apply(.panDragged(canvasPoint(x, y)))
            return "panDragged"
        case .picker:
            return pickerDragged(x: x, y: y)
        default:
            updateHover(x: x, y: y)
            return "pointerMoved"
        }
    }

    func pointerLeft() {
        guard drag == .none else { return }
        pointer = nil
        if ui.hoveredButton != nil || ui.hoveringEditableStatus || ui.hoveringBannerDismiss {
            ui.hoveredButton = nil
            ui.hoveringEditableStatus = false
            ui.hoveringBannerDismiss = false
            needsRedraw = true
        }
    }

    /// Hover highlights, tooltips and the pointer shape for what a press here would do.
    func updateHover(x: Double, y: Double) {
        let windowRect = layout.bounds
        var hovered: Command?
        var editable = false
        var bannerDismiss = false
        var confirmChoice: ConfirmOverlay.Choice?
        if let confirm = ui.confirm {
            confirmChoice = confirm.choice(at: x, y, in: windowRect)
        } else if ui.fileDialog != nil, !ui.showsShortcuts {
            dialogHover(x: x, y: y)
        } else if ui.picker != nil, !ui.showsShortcuts {
            pickerHover(x: x, y: y)
        } else if !ui.showsShortcuts {
            if layout.toolbar.contains(x, y) {
                hovered = toolbar().button(at: x, y).flatMap { $0.isEnabled || $0.disabledReason != nil ? $0.command : nil }
            } else if layout.statusBar.contains(x, y) {
                editable = ui.numeric == nil && statusBar().editableFrame?.contains(x, y) == true
            } else if let banner = ui.banner {
                bannerDismiss = banner.dismissFrame(in: layout.canvas).contains(x, y)
            }
        }
        if hovered != ui.hoveredButton {
            ui.hoveredButton = hovered
            ui.hoverStartedAt = MonotonicClock.now()
            needsRedraw = true
        }
        if editable != ui.hoveringEditableStatus || bannerDismiss != ui.hoveringBannerDismiss || confirmChoice != ui.confirmHovered {
            ui.hoveringEditableStatus = editable
            ui.hoveringBannerDismiss = bannerDismiss
            ui.confirmHovered = confirmChoice
            needsRedraw = true
        }
        updatePointerShape()
    }

    func updatePointerShape() {
        window.setPointerShape(pointerShape())
    }

    private func pointerShape() -> PointerShape {
        if drag == .pan { return .move }
        if case let .draggingHandle(handle) = state.activity { return Self.shape(for: handle) }
        if state.activity == .movingBox { return .move }
        if state.activity == .drawingBox { return .crosshair }
        guard let pointer else { return .arrow }
        if ui.isModal {
            return ui.confirmHovered != nil ? .hand : .arrow
        }
        if ui.fileDialog != nil { return dialogPointerShape() }
        if ui.picker != nil { return pickerPointerShape(x: pointer.x, y: pointer.y) }
        if layout.toolbar.contains(pointer.x, pointer.y) {
            return ui.hoveredButton.flatMap { command in toolbar().buttons.first { $0.command == command } }?.isEnabled == true
                ? .hand : .arrow
        }
        if layout.statusBar.contains(pointer.x, pointer.y) {
            if ui.numeric != nil, statusBar().numericField(at: pointer.x, pointer.y) != nil { return .text }
            return ui.hoveringEditableStatus ? .hand : .arrow
        }
        if ui.hoveringBannerDismiss { return .hand }
        guard state.imageSize != nil else { return .arrow }
        if spaceHeld { return .move }
        switch state.hitTest(canvasPoint(pointer.x, pointer.y)) {
        case let .handle(handle): return Self.shape(for: handle)
        case .interior: return .move
        case .outside: return .crosshair
        }
    }

    static func shape(for handle: Handle) -> PointerShape {
        switch handle {
        case .topLeft: .topLeft
        case .topRight: .topRight
        case .bottomLeft: .bottomLeft
        case .bottomRight: .bottomRight
        case .top: .top
        case .bottom: .bottom
        case .left: .left
        case .right: .right
        default: .crosshair
        }
    }
}
