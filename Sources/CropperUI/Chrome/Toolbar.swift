import CCairo
import Localization

/// One toolbar button, laid out.
struct ToolbarButton {
    let command: Command
    let icon: Icon
    /// Text beside the icon (the aspect ratio, "Save"); nil for icon-only buttons.
    let label: String?
    let isEnabled: Bool
    let isProminent: Bool
    /// A toggle that is on (lossless mode): drawn pressed in.
    var isOn = false
    /// Why the button is disabled, shown in its tooltip.
    let disabledReason: String?
    var frame: LayoutRect = .zero
    /// How the more menu names it, when not by the command's title (the export size in use).
    var menuTitle: String? = nil

    var tooltip: String {
        if !isEnabled, let disabledReason { return "\(command.title) — \(disabledReason)" }
        return command.title
    }
}

/// The strip of buttons on top of the window: file, transform, aspect, history, view and save groups.
struct Toolbar {
    private(set) var buttons: [ToolbarButton] = []
    private(set) var separators: [Double] = []

    /// How long each command keeps its place as the window narrows: the lowest go into the overflow menu first.
    static let keepRank: [Command: Int] = [
        .upright(.level): 0, .flipVertical: 1, .flipHorizontal: 2, .zoomToActualSize: 3, .reset: 4, .zoomToFit: 5, .redo: 6, .photos: 7,
        .toggleLossless: 8, .rotateLeft: 9, .showShortcuts: 10, .rotateRight: 11, .cycleAspect: 12, .undo: 13, .open: 14,
        .save: 15,
    ]

    /// Commands that did not fit, in toolbar order, then those only the menu has: the overflow menu lists them.
    private(set) var overflow: [ToolbarButton] = []
    /// Commands that live in the more menu whatever the width.
    static let menuOnly: [Command] = [.saveBeside, .saveOverOriginal, .cycleExportSize, .copyCrop]

    /// `aspectLabel` names the aspect lock on its button; `facts` decide which buttons are enabled
    /// (`Command.availability`, the same rule the keys follow). In a narrow window the labels give way to icons
    /// first, then the least needed commands move into an overflow menu ("more"), so no two controls overlap
    /// and none leaves the window.
    init(width: Double, facts: CommandFacts, aspectLabel: String, losslessOn: Bool = false, exportSizeLabel: String = tr("full size"),
         text: TextRenderer) {
        func button(_ command: Command, _ icon: Icon, label: String? = nil, prominent: Bool = false) -> ToolbarButton {
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
             button(.flipHorizontal, .flipHorizontal), button(.flipVertical, .flipVertical), button(.upright(.level), .level)],
            [button(.cycleAspect, .aspect, label: aspectLabel), lossless],
            [button(.undo, .undo), button(.redo, .redo), button(.reset, .reset)],
            [button(.zoomToFit, .fit), button(.zoomToActualSize, .actualSize)],
        ]
        let trailing = [button(.showShortcuts, .shortcuts), button(.save, .save, label: tr("Save"), prominent: true)]
        let more = button(.moreCommands, .more)
        var exportSize = button(.cycleExportSize, .actualSize)
        exportSize.menuTitle = tr("Export size: %s", exportSizeLabel)
        let menuOnly = [button(.saveBeside, .save), button(.saveOverOriginal, .save), exportSize, button(.copyCrop, .copy)]
        let byRank = (groups.flatMap { $0 } + trailing).map(\.command)
            .sorted { (Self.keepRank[$0] ?? 0) < (Self.keepRank[$1] ?? 0) }
        var attempts: [(labels: Set<Command>, hidden: Set<Command>)] = [
            ([.cycleAspect, .save], []), ([.save], []), ([], []),
        ]
        for count in 1..<byRank.count { attempts.append(([], Set(byRank.prefix(count)))) }
        for attempt in attempts {
            var layout = ToolbarLayout(width: width, text: text)
            let fits = layout.place(groups: groups, trailing: trailing, more: more, labels: attempt.labels,
                                    hidden: attempt.hidden, menuOnly: menuOnly)
            self.buttons = layout.buttons
            self.separators = layout.separators
            self.overflow = layout.overflow
            if fits { return }
        }
    }

    func button(at x: Double, _ y: Double) -> ToolbarButton? {
        buttons.first { $0.frame.contains(x, y) }
    }

    func draw(area: LayoutRect, hovered: Command?, pressed: Command?, text: TextRenderer, on cr: OpaquePointer) {
        Shapes.chromeBar(area, on: cr)
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
            Icons.draw(button.icon, at: iconX.rounded(), (button.frame.midY - Theme.iconSize / 2).rounded(), on: cr)
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
