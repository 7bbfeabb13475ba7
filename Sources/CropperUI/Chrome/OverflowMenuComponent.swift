import CCairo
import PhotoIO
import X11Platform

/// The toolbar's "more" menu: the commands a narrow window had no room for, under the button, with their
/// shortcuts. A click on one runs it; a click elsewhere or Esc closes the menu; other keys close it and go on.
struct OverflowMenuComponent: Component, Equatable {
    static let rowHeight = 32.0

    let kind = ComponentKind.menu
    private(set) var highlighted: Int?

    private func items(_ context: WindowContext) -> [ToolbarButton] { Toolbar(context).overflow }

    /// The menu's panel and each row, right-aligned under the more button.
    func frames(_ context: WindowContext) -> (panel: LayoutRect, rows: [LayoutRect]) {
        let toolbar = Toolbar(context)
        let items = toolbar.overflow
        let anchor = toolbar.buttons.first { $0.command == .moreCommands }?.frame
            ?? LayoutRect(x: context.layout.width - 46, y: 6, width: 36, height: 36)
        let widest = items.map { item in
            context.text.size(of: item.menuTitle ?? item.command.title, font: Theme.bodyFont).width
                + (Bindings.shortcutLabel(for: item.command).map { context.text.size(of: $0, font: Theme.smallFont).width + 24 } ?? 0)
        }.max() ?? 0
        let width = min(context.layout.width - 12, (widest + 28 + Theme.iconSize + 10).rounded(.up))
        let x = max(6, min(anchor.maxX, context.layout.width - 6) - width)
        let panel = LayoutRect(x: x, y: anchor.maxY + 4, width: width, height: Double(items.count) * Self.rowHeight + 12)
        let rows = items.indices.map {
            LayoutRect(x: panel.x + 6, y: panel.y + 6 + Double($0) * Self.rowHeight, width: panel.width - 12, height: Self.rowHeight)
        }
        return (panel, rows)
    }

    private func row(at point: WindowPoint, _ context: WindowContext) -> Int? {
        frames(context).rows.firstIndex { $0.contains(point.x, point.y) }
    }

    private func activate(_ index: Int, _ context: WindowContext) -> [Effect] {
        let items = items(context)
        guard items.indices.contains(index), items[index].isEnabled else { return [] }
        return [.close(.menu), .perform(items[index].command)]
    }

    mutating func key(_ key: KeyInput, in context: WindowContext) -> Response {
        let count = items(context).count
        switch Bindings.command(for: key, scope: .picker, facts: context.commandFacts) {
        case .selectPrevious?: highlighted = max(0, (highlighted ?? count) - 1)
        case .selectNext?: highlighted = min(count - 1, (highlighted ?? -1) + 1)
        case .openSelected?: return .took("menuKey", highlighted.map { activate($0, context) } ?? [])
        case .cancel?: return .took("menuKey", [.close(.menu)])
        default: return .passed([.close(.menu)])
        }
        return .took("menuKey")
    }

    mutating func press(_ press: PointerPress, in context: WindowContext) -> Response {
        guard let index = row(at: press.at, context) else {
            // A press on the more button itself closes the menu (the button would open it again).
            return .took("menuOutsideClick", [.close(.menu)])
        }
        return .took("menuClick", press.isClick ? activate(index, context) : [])
    }

    mutating func hover(_ point: WindowPoint?, in context: WindowContext) -> Bool {
        guard let point else { return false }
        if let index = row(at: point, context) { highlighted = index }
        return frames(context).panel.contains(point.x, point.y)
    }

    func pointerShape(at point: WindowPoint, in context: WindowContext) -> PointerShape? {
        row(at: point, context).map { items(context)[$0].isEnabled ? .hand : .arrow } ?? .arrow
    }

    func draw(in context: WindowContext, on cr: OpaquePointer) {
        let (panel, rows) = frames(context)
        let items = items(context), text = context.text
        Overlay.drawPanel(panel, on: cr)
        for (index, (item, rect)) in zip(items, rows).enumerated() {
            if index == highlighted && item.isEnabled {
                Theme.hover.set(on: cr)
                Shapes.roundedRect(rect, radius: Theme.cornerRadius, on: cr)
                cairo_fill(cr)
            }
            let color = item.isEnabled ? Theme.text : Theme.disabledText
            color.set(on: cr)
            Icons.draw(item.icon, at: rect.x + 8, (rect.midY - Theme.iconSize / 2).rounded(), on: cr)
            let titleX = rect.x + 8 + Theme.iconSize + 10
            text.draw(item.menuTitle ?? item.command.title, font: Theme.bodyFont, color: color,
                      in: LayoutRect(x: titleX, y: rect.y, width: rect.maxX - titleX - 8, height: rect.height), on: cr)
            if let shortcut = Bindings.shortcutLabel(for: item.command) {
                text.draw(shortcut, font: Theme.smallFont, color: Theme.secondaryText,
                          in: LayoutRect(x: rect.x, y: rect.y, width: rect.width - 10, height: rect.height),
                          alignment: .right, on: cr)
            }
        }
    }

    func snapshot(in context: WindowContext) -> [(String, JSONValue)] {
        let frame = DeviceFramer(scale: context.layout.scale)
        let (panel, rows) = frames(context)
        return [("menu", .object([
            ("visible", .bool(true)),
            ("items", .array(zip(items(context), rows).map { item, rect in
                .object([("id", .string("\(item.command)")), ("rect", frame(rect)), ("enabled", .bool(item.isEnabled))])
            })),
            ("panel", frame(panel)),
        ]))]
    }
}
