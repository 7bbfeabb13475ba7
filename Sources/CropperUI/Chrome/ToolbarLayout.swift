/// One try at placing the toolbar's buttons: the groups from the left, separated; the trailing buttons (and the
/// overflow button, when something is hidden) from the right. `place` says whether they fit without meeting.
struct ToolbarLayout {
    static let edge = 10.0
    static let gap = 2.0
    static let groupGap = 16.0
    static let trailingGap = 6.0
    /// At least this much room between the last group and the trailing buttons.
    static let middle = 10.0

    let width: Double
    let text: TextRenderer
    private(set) var buttons: [ToolbarButton] = []
    private(set) var separators: [Double] = []
    private(set) var overflow: [ToolbarButton] = []

    init(width: Double, text: TextRenderer) {
        self.width = width
        self.text = text
    }

    private func buttonWidth(_ button: ToolbarButton) -> Double {
        guard let label = button.label else { return Theme.buttonSize }
        return (8 + Theme.iconSize + 7 + text.size(of: label, font: Theme.boldFont).width + 12).rounded()
    }

    mutating func place(groups: [[ToolbarButton]], trailing: [ToolbarButton], more: ToolbarButton,
                        labels: Set<Command>, hidden: Set<Command>, menuOnly: [ToolbarButton] = []) -> Bool {
        func shown(_ button: ToolbarButton) -> ToolbarButton? {
            guard !hidden.contains(button.command) else {
                overflow.append(button)
                return nil
            }
            return labels.contains(button.command) ? button : button.withoutLabel
        }
        let top = ((Double(Theme.toolbarHeight) - Theme.buttonSize) / 2).rounded()
        var x = Self.edge
        for group in groups {
            let visible = group.compactMap(shown)
            guard !visible.isEmpty else { continue }
            if x > Self.edge {
                separators.append(x + 7.5)
                x += Self.groupGap
            }
            for var item in visible {
                item.frame = LayoutRect(x: x, y: top, width: buttonWidth(item), height: Theme.buttonSize)
                buttons.append(item)
                x += item.frame.width + Self.gap
            }
        }
        var right = width - Self.edge
        // The more button sits left of the trailing ones: Save keeps the right edge.
        let rightButtons = (overflow.isEmpty && menuOnly.isEmpty ? [] : [more]) + trailing.compactMap(shown)
        overflow += menuOnly
        for var item in rightButtons.reversed() {
            let itemWidth = buttonWidth(item)
            right -= itemWidth
            item.frame = LayoutRect(x: right, y: top, width: itemWidth, height: Theme.buttonSize)
            buttons.append(item)
            right -= Self.trailingGap
        }
        return x - Self.gap + Self.middle <= right + Self.trailingGap && right + Self.trailingGap >= Self.edge
    }
}

extension ToolbarButton {
    /// The same button as an icon alone.
    var withoutLabel: ToolbarButton {
        ToolbarButton(command: command, icon: icon, label: nil, isEnabled: isEnabled, isProminent: isProminent,
                      isOn: isOn, disabledReason: disabledReason, frame: frame, menuTitle: menuTitle)
    }
}
