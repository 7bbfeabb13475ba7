import PhotoIO
import CCairo
import EditorState
import X11Platform

/// Everything around the canvas: the toolbar and its tooltips, the status bar, and the notices over the canvas
/// (a fading toast, an error banner, the drop highlight).
struct ChromeComponent: Component, Equatable {
    static let tooltipDelay = 0.45

    let kind = ComponentKind.chrome
    private(set) var hoveredButton: Command?
    private(set) var pressedButton: Command?
    private(set) var hoverStartedAt = 0.0
    private(set) var hoveringEditableStatus = false
    private(set) var hoveredAnimationButton: AnimationControl.Button?
    private(set) var hoveringBannerDismiss = false
    private(set) var toast: Toast?
    private(set) var banner: Banner?

    mutating func showNotice(_ text: String, at now: Double) {
        toast = Toast(text: text, shownAt: now)
    }

    mutating func showBanner(_ text: String?) {
        banner = text.map(Banner.init)
    }

    func toolbar(_ context: WindowContext) -> Toolbar {
        Toolbar(context)
    }

    private func statusBar(_ context: WindowContext) -> StatusBar {
        StatusBar(area: context.layout.statusBar, content: StatusContent(context), numeric: nil, text: context.text)
    }

    private func tooltipDue(at now: Double) -> Bool {
        hoveredButton != nil && pressedButton == nil && now - hoverStartedAt >= Self.tooltipDelay
    }

    // MARK: Input

    mutating func key(_ key: KeyInput, in context: WindowContext) -> Response {
        guard banner != nil, Bindings.command(for: key, facts: context.commandFacts) == .cancel else { return .passed }
        banner = nil
        return .took("key:cancel")
    }

    mutating func press(_ press: PointerPress, in context: WindowContext) -> Response {
        let layout = context.layout, x = press.at.x, y = press.at.y
        if let banner, press.isClick, banner.dismissFrame(in: layout.canvas).contains(x, y) {
            self.banner = nil
            return .took("dismissBanner")
        }
        if layout.toolbar.contains(x, y) {
            guard press.isClick, let item = toolbar(context).button(at: x, y), item.isEnabled else {
                return .took("toolbarPress")
            }
            pressedButton = item.command
            return .took("toolbarPress")
        }
        if layout.statusBar.contains(x, y) {
            let bar = statusBar(context)
            if press.isClick, let button = bar.animationControl?.button(at: x, y) {
                return .took("animationControl", [.perform(button.command)])
            }
            let editable = press.isClick && bar.editableFrame?.contains(x, y) == true
            return .took("statusClick", editable ? [.perform(.editNumbers)] : [])
        }
        return .passed
    }

    mutating func wheel(_ step: WheelStep, in context: WindowContext) -> Response {
        covers(step.at, in: context) ? .took("toolbarPress") : .passed
    }

    mutating func pinch(_ step: PinchStep, in context: WindowContext) -> Response {
        covers(step.at, in: context) ? .took("toolbarPress") : .passed
    }

    private func covers(_ point: WindowPoint, in context: WindowContext) -> Bool {
        context.layout.toolbar.contains(point.x, point.y) || context.layout.statusBar.contains(point.x, point.y)
    }

    mutating func release(at point: WindowPoint, in context: WindowContext) -> Response {
        guard let command = pressedButton else { return .took("buttonRelease") }
        pressedButton = nil
        let clicked = toolbar(context).button(at: point.x, point.y)?.command == command
        return .took("toolbarClick", clicked ? [.perform(command)] : [])
    }

    mutating func hover(_ point: WindowPoint?, in context: WindowContext) -> Bool {
        let layout = context.layout
        var hovered: Command?, editable = false, dismiss = false, animationButton: AnimationControl.Button?
        if let point {
            if layout.toolbar.contains(point.x, point.y) {
                hovered = toolbar(context).button(at: point.x, point.y)
                    .flatMap { $0.isEnabled || $0.disabledReason != nil ? $0.command : nil }
            } else if layout.statusBar.contains(point.x, point.y) {
                let bar = statusBar(context)
                editable = bar.editableFrame?.contains(point.x, point.y) == true
                animationButton = bar.animationControl?.button(at: point.x, point.y)
            } else if let banner {
                dismiss = banner.dismissFrame(in: layout.canvas).contains(point.x, point.y)
            }
        }
        if hovered != hoveredButton {
            hoveredButton = hovered
            hoverStartedAt = context.now
        }
        hoveringEditableStatus = editable
        hoveredAnimationButton = animationButton
        hoveringBannerDismiss = dismiss
        guard let point else { return false }
        return layout.toolbar.contains(point.x, point.y) || layout.statusBar.contains(point.x, point.y) || dismiss
    }

    func pointerShape(at point: WindowPoint, in context: WindowContext) -> PointerShape? {
        if context.layout.toolbar.contains(point.x, point.y) {
            let enabled = hoveredButton.flatMap { command in
                toolbar(context).buttons.first { $0.command == command }?.isEnabled
            }
            return enabled == true ? .hand : .arrow
        }
        return hoveringEditableStatus || hoveringBannerDismiss || hoveredAnimationButton != nil ? .hand : .arrow
    }

    // MARK: Time

    mutating func tick(in context: WindowContext) -> [Effect] {
        if let toast, toast.isExpired(at: context.now) { self.toast = nil }
        return []
    }

    func nextChange(in context: WindowContext) -> Double? {
        let now = context.now
        var next: Double?
        if let toast {
            let fadeStart = toast.shownAt + Toast.duration - Toast.fade
            next = now >= fadeStart ? now + 1.0 / 30 : fadeStart
        }
        if hoveredButton != nil && pressedButton == nil && !tooltipDue(at: now) {
            next = min(next ?? .infinity, hoverStartedAt + Self.tooltipDelay)
        }
        return next
    }

    // MARK: Drawing

    func draw(in context: WindowContext, on cr: OpaquePointer) {
        let layout = context.layout, text = context.text
        banner?.draw(in: layout.canvas, dismissHovered: hoveringBannerDismiss, text: text, on: cr)
        toast?.draw(in: layout.canvas, now: context.now, text: text, on: cr)
        if context.chrome.dropHovering { DropHighlight.draw(in: layout.canvas, text: text, on: cr) }
        let toolbar = toolbar(context)
        toolbar.draw(area: layout.toolbar, hovered: hoveredButton, pressed: pressedButton, text: text, on: cr)
        statusBar(context).draw(editableHovered: hoveringEditableStatus, animationHovered: hoveredAnimationButton, text: text,
                                on: cr)
        if tooltipDue(at: context.now), let command = hoveredButton,
           let button = toolbar.buttons.first(where: { $0.command == command }) {
            Tooltip(button: button).draw(windowWidth: layout.width, text: text, on: cr)
        }
    }

    func snapshot(in context: WindowContext) -> [(String, JSONValue)] {
        [("toast", .optional(toast?.text)), ("banner", .optional(banner?.text)),
         ("drop", .object([("hovering", .bool(context.chrome.dropHovering))])),
         ("hoveredButton", hoveredButton.map { .string("\($0)") } ?? .null),
         ("controls", .array(controls(context).map { control in
            .object([("id", .string(control.id)), ("rect", DeviceFramer(scale: context.layout.scale)(control.rect))])
         }))]
    }

    /// The toolbar's buttons and the status bar's parts as they lie now, in interface pixels.
    func controls(_ context: WindowContext) -> [(id: String, rect: LayoutRect)] {
        toolbar(context).buttons.map { ("\($0.command)", $0.frame) } + statusBar(context).controls
    }
}
