import CCairo

/// The `?` sheet: every binding of the table, grouped by section, drawn as key caps and titles.
enum ShortcutSheet {
    struct Row {
        let keys: [String]
        let title: String
        /// The command of a key row, for settings whose current value the row shows.
        var command: Command?
    }

    /// Rows per section, merged from the binding table: one row per title, one key cap per modifier set.
    static func rows(for section: ShortcutSection) -> [Row] {
        if section == .pointer {
            var rows: [Row] = []
            for binding in Bindings.pointer {
                if let index = rows.firstIndex(where: { $0.title == binding.gesture.title }) {
                    if !rows[index].keys.contains(binding.label) {
                        rows[index] = Row(keys: rows[index].keys + [binding.label], title: rows[index].title)
                    }
                } else {
                    rows.append(Row(keys: [binding.label], title: binding.gesture.title))
                }
            }
            return rows
        }
        var order: [String] = []
        var keysByTitle: [String: [(modifiers: Modifiers, names: [String])]] = [:]
        var commandByTitle: [String: Command] = [:]
        for binding in Bindings.keys where binding.section == section && binding.isListed {
            let title = binding.title
            if keysByTitle[title] == nil { order.append(title) }
            commandByTitle[title] = commandByTitle[title] ?? binding.command
            var groups = keysByTitle[title] ?? []
            // Arrow keys with the same modifiers share one cap; other keys get their own.
            let isArrow = ["←", "→", "↑", "↓"].contains(binding.keyName)
            if let index = groups.firstIndex(where: { $0.modifiers == binding.modifiers && (!isArrow || ["←", "→", "↑", "↓"].contains($0.names[0])) && (isArrow || $0.names == [binding.keyName]) }) {
                if !groups[index].names.contains(binding.keyName) { groups[index].names.append(binding.keyName) }
            } else {
                groups.append((binding.modifiers, [binding.keyName]))
            }
            keysByTitle[title] = groups
        }
        return order.map { title in
            Row(keys: (keysByTitle[title] ?? []).map { $0.modifiers.label + $0.names.joined(separator: " ") }, title: title,
                command: commandByTitle[title])
        }
    }

    static let columns: [[ShortcutSection]] = [[.file, .view, .pointer], [.crop, .transform, .history, .settings], [.picker, .dialog]]

    private static let rowHeight = 25.0
    private static let tightRowHeight = 21.0
    private static let headerHeight = 34.0

    /// The row height that fits the window: the usual one, or a tighter one in a short window.
    static func rowHeight(in window: LayoutRect) -> Double {
        let counts = columns.map { column in
            (rows: column.reduce(0) { $0 + rows(for: $1).count }, fixed: Double(column.count) * (headerHeight + 8) + 74)
        }
        let fitting = counts.map { (window.height - 24 - $0.fixed) / Double(max(1, $0.rows)) }.min() ?? rowHeight
        return min(rowHeight, max(tightRowHeight, fitting.rounded(.down)))
    }

    static func panel(in window: LayoutRect) -> LayoutRect {
        let row = rowHeight(in: window)
        let heights = columns.map { column in
            column.reduce(0.0) { $0 + headerHeight + Double(rows(for: $1).count) * row + 8 }
        }
        let height = (heights.max() ?? 0) + 74
        return window.centered(width: min(1200, window.width - 32), height: min(height, window.height - 24))
    }

    /// `value` gives the current value of a setting's row ("on", "92"), nil for other rows.
    static func draw(in window: LayoutRect, text: TextRenderer, value: (Command) -> String?, on cr: OpaquePointer) {
        Overlay.dim(window, on: cr)
        let panel = self.panel(in: window)
        Overlay.drawPanel(panel, on: cr)
        text.draw("Keyboard and mouse", font: Theme.titleFont, color: Theme.text,
                  in: LayoutRect(x: panel.x + 24, y: panel.y + 16, width: panel.width - 200, height: 26), on: cr)
        text.draw("Esc or ? closes", font: Theme.smallFont, color: Theme.secondaryText,
                  in: LayoutRect(x: panel.maxX - 224, y: panel.y + 16, width: 200, height: 26),
                  alignment: .right, on: cr)
        cairo_save(cr)
        cairo_rectangle(cr, panel.x, panel.y, panel.width, panel.height - 8)
        cairo_clip(cr)
        let gap = 24.0
        let columnWidth = (panel.width - 48 - gap * Double(columns.count - 1)) / Double(columns.count)
        let row = rowHeight(in: window)
        for (index, column) in columns.enumerated() {
            var y = panel.y + 52
            let x = panel.x + 24 + Double(index) * (columnWidth + gap)
            for section in column {
                text.draw(section.title.uppercased(), font: FontSpec(size: 8, bold: true), color: Theme.accentHover,
                          in: LayoutRect(x: x, y: y + 8, width: columnWidth, height: 20), on: cr)
                y += headerHeight
                for line in rows(for: section) {
                    drawRow(line, value: line.command.flatMap(value), frame: LayoutRect(x: x, y: y, width: columnWidth, height: row),
                            text: text, on: cr)
                    y += row
                }
                y += 8
            }
        }
        cairo_restore(cr)
    }

    private static func drawRow(_ row: Row, value: String?, frame: LayoutRect, text: TextRenderer, on cr: OpaquePointer) {
        let x = frame.x, width = frame.width
        let capHeight = min(20, frame.height - 1)
        let keyColumn = min(190.0, width * 0.36)
        var capX = x
        for key in row.keys {
            let capWidth = (text.size(of: key, font: Theme.smallFont).width + 14).rounded()
            guard capX + capWidth <= x + keyColumn + 40 else { break }
            let cap = LayoutRect(x: capX, y: frame.y + ((frame.height - capHeight) / 2).rounded(.down), width: capWidth,
                                 height: capHeight)
            Shapes.panel(LayoutRect(x: cap.x + 0.5, y: cap.y + 0.5, width: cap.width - 1, height: cap.height - 1),
                         radius: 4, fill: Theme.keyCap, border: Color(hex: 0x55585f), on: cr)
            text.draw(key, font: Theme.smallFont, color: Theme.text, in: cap, alignment: .center, on: cr)
            capX += capWidth + 5
        }
        let titleX = max(x + keyColumn, capX + 4)
        let valueWidth = value.map { text.size(of: $0, font: Theme.boldFont).width + 10 } ?? 0
        text.draw(row.title, font: Theme.bodyFont, color: Theme.secondaryText,
                  in: LayoutRect(x: titleX, y: frame.y, width: x + width - titleX - valueWidth, height: frame.height), on: cr)
        if let value {
            text.draw(value, font: Theme.boldFont, color: Theme.accentHover,
                      in: LayoutRect(x: x + width - valueWidth, y: frame.y, width: valueWidth, height: frame.height),
                      alignment: .right, on: cr)
        }
    }
}
