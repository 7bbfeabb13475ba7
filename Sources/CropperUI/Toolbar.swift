import CCairo

/// One toolbar button, laid out.
struct ToolbarButton {
    let command: Command
    let icon: ToolbarIcon
    /// Text beside the icon (the aspect ratio, "Save"); nil for icon-only buttons.
    let label: String?
    let isEnabled: Bool
    let isProminent: Bool
    /// A toggle that is on (lossless mode): drawn pressed in.
    var isOn = false
    /// Why the button is disabled, shown in its tooltip.
    let disabledReason: String?
    var frame: LayoutRect = .zero

    var tooltip: String {
        if !isEnabled, let disabledReason { return "\(command.title) — \(disabledReason)" }
        return command.title
    }
}

/// The strip of buttons on top of the window: file, transform, aspect, history, view and save groups.
struct Toolbar {
    private(set) var buttons: [ToolbarButton] = []
    private(set) var separators: [Double] = []

    /// `aspectLabel` names the aspect lock on its button; `facts` decide which buttons are enabled
    /// (`Command.availability`, the same rule the keys follow).
    init(width: Double, facts: CommandFacts, aspectLabel: String, losslessOn: Bool = false, text: TextRenderer) {
        func button(_ command: Command, _ icon: ToolbarIcon, label: String? = nil, prominent: Bool = false) -> ToolbarButton {
            let availability = command.availability(facts)
            var reason: String?
            if case let .unavailable(why) = availability { reason = why }
            return ToolbarButton(command: command, icon: icon, label: label, isEnabled: availability.isAvailable,
                                 isProminent: prominent, disabledReason: reason)
        }
        var lossless = button(.toggleLossless, .lossless)
        lossless.isOn = losslessOn && lossless.isEnabled
        let groups: [[ToolbarButton]] = [
            [button(.open, .open), button(.photos, .photos)],
            [button(.rotateLeft, .rotateLeft), button(.rotateRight, .rotateRight),
             button(.flipHorizontal, .flipHorizontal), button(.flipVertical, .flipVertical)],
            [button(.cycleAspect, .aspect, label: aspectLabel), lossless],
            [button(.undo, .undo), button(.redo, .redo), button(.reset, .reset)],
            [button(.zoomToFit, .fit), button(.zoomToActualSize, .actualSize)],
        ]
        let trailing = [
            button(.showShortcuts, .shortcuts),
            button(.save, .save, label: "Save", prominent: true),
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
        } else if pressed || button.isOn {
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
