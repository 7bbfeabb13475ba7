import CCairo

/// One toolbar button, laid out.
struct ToolbarButton {
    let command: Command
    let icon: ToolbarIcon
    /// Text beside the icon (the aspect ratio, "Save"); nil for icon-only buttons.
    let label: String?
    let isEnabled: Bool
    let isProminent: Bool
    /// Why the button is disabled, shown in its tooltip.
    let disabledReason: String?
    var frame: LayoutRect = .zero

    var tooltip: String {
        if !isEnabled, let disabledReason { return "\(command.title) — \(disabledReason)" }
        return command.title
    }
}

/// What the toolbar needs to know about the editor to enable and label its buttons.
struct ToolbarContext {
    var hasImage: Bool
    var canUndo: Bool
    var canRedo: Bool
    var canReset: Bool
    var aspectLabel: String
    var isSaving: Bool
}

/// The strip of buttons on top of the window: file, transform, aspect, history, view and save groups.
struct Toolbar {
    private(set) var buttons: [ToolbarButton] = []
    private(set) var separators: [Double] = []

    init(width: Double, context c: ToolbarContext, text: TextRenderer) {
        let noImage = "open a photo first"
        func button(_ command: Command, _ icon: ToolbarIcon, enabled: Bool, reason: String? = nil,
                    label: String? = nil, prominent: Bool = false) -> ToolbarButton {
            ToolbarButton(command: command, icon: icon, label: label, isEnabled: enabled, isProminent: prominent,
                          disabledReason: enabled ? nil : (reason ?? noImage))
        }
        let groups: [[ToolbarButton]] = [
            [button(.open, .open, enabled: true),
             button(.photos, .photos, enabled: true)],
            [button(.rotateLeft, .rotateLeft, enabled: c.hasImage),
             button(.rotateRight, .rotateRight, enabled: c.hasImage),
             button(.flipHorizontal, .flipHorizontal, enabled: c.hasImage),
             button(.flipVertical, .flipVertical, enabled: c.hasImage)],
            [button(.cycleAspect, .aspect, enabled: c.hasImage, label: c.aspectLabel)],
            [button(.undo, .undo, enabled: c.canUndo, reason: "nothing to undo"),
             button(.redo, .redo, enabled: c.canRedo, reason: "nothing to redo"),
             button(.reset, .reset, enabled: c.canReset, reason: "nothing to reset")],
            [button(.zoomToFit, .fit, enabled: c.hasImage),
             button(.zoomToActualSize, .actualSize, enabled: c.hasImage)],
        ]
        let trailing = [
            button(.showShortcuts, .shortcuts, enabled: true),
            button(.save, .save, enabled: c.hasImage && !c.isSaving, reason: c.isSaving ? "saving…" : nil,
                   label: "Save", prominent: true),
        ]

        let size = Theme.buttonSize
        let top = ((Double(Theme.toolbarHeight) - size) / 2).rounded()
        func buttonWidth(_ button: ToolbarButton) -> Double {
            guard let label = button.label else { return size }
            return (8 + Theme.iconSize + 7 + text.size(of: label, font: Theme.boldFont).width + 12).rounded()
        }

        var x = 10.0
        for (index, group) in groups.enumerated() {
            if index > 0 {
                separators.append(x + 7.5)
                x += 16
            }
            for var item in group {
                item.frame = LayoutRect(x: x, y: top, width: buttonWidth(item), height: size)
                buttons.append(item)
                x += item.frame.width + 2
            }
        }
        var right = width - 10
        for var item in trailing.reversed() {
            let w = buttonWidth(item)
            right -= w
            item.frame = LayoutRect(x: right, y: top, width: w, height: size)
            buttons.append(item)
            right -= 6
        }
    }

    func button(at x: Double, _ y: Double) -> ToolbarButton? {
        buttons.first { $0.frame.contains(x, y) }
    }

    func draw(area: LayoutRect, hovered: Command?, pressed: Command?, text: TextRenderer, on cr: OpaquePointer) {
        Theme.chrome.set(on: cr)
        cairo_rectangle(cr, area.x, area.y, area.width, area.height)
        cairo_fill(cr)
        Theme.separator.set(on: cr)
        cairo_rectangle(cr, area.x, area.maxY - 1, area.width, 1)
        cairo_fill(cr)
        for x in separators {
            cairo_rectangle(cr, x.rounded(.down), area.y + 14, 1, area.height - 28)
        }
        cairo_fill(cr)

        for button in buttons {
            let isHovered = button.isEnabled && button.command == hovered
            let isPressed = isHovered && button.command == pressed
            drawBackground(of: button, hovered: isHovered, pressed: isPressed, on: cr)
            let foreground: Color = !button.isEnabled ? Theme.disabledText
                : button.isProminent ? Color(hex: 0xffffff) : Theme.text
            foreground.set(on: cr)
            let iconX = button.label == nil ? button.frame.midX - Theme.iconSize / 2 : button.frame.x + 8
            ToolbarIcons.draw(button.icon, at: iconX.rounded(), (button.frame.midY - Theme.iconSize / 2).rounded(), on: cr)
            if let label = button.label {
                let labelRect = LayoutRect(x: iconX + Theme.iconSize + 7, y: button.frame.y,
                                           width: button.frame.maxX - (iconX + Theme.iconSize + 7) - 8,
                                           height: button.frame.height)
                text.draw(label, font: Theme.boldFont, color: foreground, in: labelRect, on: cr)
            }
        }
    }

    private func drawBackground(of button: ToolbarButton, hovered: Bool, pressed: Bool, on cr: OpaquePointer) {
        let background: Color?
        if button.isProminent && button.isEnabled {
            background = pressed ? Theme.accent.withAlpha(0.8) : hovered ? Theme.accentHover : Theme.accent
        } else if pressed {
            background = Theme.pressed
        } else if hovered {
            background = Theme.hover
        } else {
            background = nil
        }
        guard let background else { return }
        background.set(on: cr)
        Shapes.roundedRect(button.frame, radius: Theme.cornerRadius, on: cr)
        cairo_fill(cr)
    }
}
