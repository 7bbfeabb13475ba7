import CCairo
import Localization
import X11Platform

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
            let labels = Bindings.pointer.map { ($0.gesture, $0.label) } + Bindings.touchpadGestures.map { ($0.gesture, $0.label) }
            for (gesture, label) in labels {
                if let index = rows.firstIndex(where: { $0.title == gesture.title }) {
                    if !rows[index].keys.contains(label) {
                        rows[index] = Row(keys: rows[index].keys + [label], title: rows[index].title)
                    }
                } else {
                    rows.append(Row(keys: [label], title: gesture.title))
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

    static let columns: [[ShortcutSection]] = [[.file, .history, .pointer], [.crop, .transform, .view], [.settings, .picker, .dialog]]

    /// Spacing of the sheet: the roomy one when the window has space, denser ones as it shrinks.
    struct Spacing: Equatable {
        var margin: Double
        var padding: Double
        var columnGap: Double
        var contentTop: Double
        var bottom: Double
        var header: Double
        var sectionGap: Double
        var row: Double
        var capPadding: Double
    }

    static let spacings: [Spacing] = [
        Spacing(margin: 16, padding: 24, columnGap: 24, contentTop: 50, bottom: 14, header: 30, sectionGap: 8, row: 25, capPadding: 14),
        Spacing(margin: 16, padding: 24, columnGap: 22, contentTop: 50, bottom: 12, header: 28, sectionGap: 6, row: 22, capPadding: 12),
        Spacing(margin: 8, padding: 16, columnGap: 16, contentTop: 42, bottom: 8, header: 24, sectionGap: 4, row: 20, capPadding: 10),
        Spacing(margin: 8, padding: 14, columnGap: 14, contentTop: 40, bottom: 6, header: 22, sectionGap: 2, row: 18, capPadding: 10),
    ]

    static let headerFont = FontSpec(size: 8, bold: true)
    struct Fonts: Equatable {
        let title: FontSpec
        var header = ShortcutSheet.headerFont
        var cap = Theme.smallFont
    }

    /// Roomiest first; the condensed ones are for long words (German) in the smallest windows.
    static let fontChoices: [Fonts] = [
        Fonts(title: Theme.bodyFont), Fonts(title: Theme.smallFont),
        Fonts(title: condensed(8.5), header: condensed(8, bold: true), cap: condensed(8.5)),
        Fonts(title: condensed(7.5), header: condensed(7.5, bold: true), cap: condensed(7.5)),
        // Only below the smallest window at scale 1, so on a HiDPI screen: still 13 device pixels at scale 2.
        Fonts(title: condensed(6.5), header: condensed(6.5, bold: true), cap: condensed(6.5)),
    ]

    private static func condensed(_ size: Double, bold: Bool = false) -> FontSpec {
        FontSpec(size: size, bold: bold, family: Theme.fontFamily + " Condensed")
    }
    private static let capGap = 4.0
    static let titleGap = 8.0
    /// The gap a row's title may close to when that lines it up with the titles of its column.
    private static let minimumTitleGap = 5.0
    static let valueGap = 8.0
    /// The widest values a setting's row can show, so the value column does not move as they change.
    private static var widestValues: [String] { [tr("off"), tr("on"), "100"] }

    /// Whether the columns fit the window's height with this spacing.
    private static func fitsHeight(_ spacing: Spacing, in window: LayoutRect) -> Bool {
        contentHeight(spacing) + spacing.contentTop + spacing.bottom <= window.height - 2 * spacing.margin
    }

    private static func contentHeight(_ spacing: Spacing) -> Double {
        columns.map { column in
            column.reduce(0.0) { $0 + spacing.header + Double(rows(for: $1).count) * spacing.row }
                + Double(column.count - 1) * spacing.sectionGap
        }.max() ?? 0
    }

    private static func panel(in window: LayoutRect, spacing: Spacing) -> LayoutRect {
        let height = contentHeight(spacing) + spacing.contentTop + spacing.bottom
        return window.centered(width: min(1100, window.width - 2 * spacing.margin), height: min(height, window.height - 2 * spacing.margin))
    }

    struct CapLayout: Equatable {
        let key: String
        let frame: LayoutRect
        /// Width of the key's text, which must fit the cap less its padding.
        let needed: Double
    }

    struct RowLayout: Equatable {
        let section: ShortcutSection
        let title: String
        let command: Command?
        let frame: LayoutRect
        let caps: [CapLayout]
        let titleFrame: LayoutRect
        let titleNeeded: Double
        /// Where a setting's current value goes, nil for other rows.
        let valueFrame: LayoutRect?
        let valueNeeded: Double
    }

    struct SheetLayout {
        let spacing: Spacing
        let panel: LayoutRect
        let heading: LayoutRect
        let hint: LayoutRect
        let columns: [LayoutRect]
        let headers: [(section: ShortcutSection, frame: LayoutRect)]
        let rows: [RowLayout]
        let fonts: Fonts
        let capPadding: Double
    }

    /// Everything the sheet draws, placed from measured text: the roomiest spacing whose columns fit the window both
    /// ways, with the body font where every title fits in it, else the small one; columns as wide as their rows need,
    /// titles aligned after the caps of their column where that fits.
    static func layout(in window: LayoutRect, text: TextRenderer) -> SheetLayout {
        let valueWidth = widestValues.map { text.size(of: $0, font: Theme.boldFont).width }.max() ?? 0

        struct Measured { let row: Row; let section: ShortcutSection; let caps: [Double]; let capsWidth: Double; let title: Double }
        func measure(_ fonts: Fonts, _ spacing: Spacing) -> [[Measured]] {
            columns.map { column in
                column.flatMap { section in
                    rows(for: section).map { row in
                        let caps = row.keys.map { text.size(of: $0, font: fonts.cap).width }
                        let capsWidth = caps.reduce(0) { $0 + $1 + spacing.capPadding } + Double(max(0, caps.count - 1)) * capGap
                        let value = row.command.map { isSetting($0) } == true ? valueGap + valueWidth : 0
                        return Measured(row: row, section: section, caps: caps, capsWidth: capsWidth,
                                        title: text.size(of: row.title, font: fonts.title).width + value)
                    }
                }
            }
        }
        // A column is also as wide as its sections' headers.
        func headersWidth(_ column: [Measured], _ font: FontSpec) -> Double {
            Set(column.map(\.section)).map { text.size(of: $0.title.uppercased(), font: font).width }.max() ?? 0
        }
        func aligned(_ column: [Measured], _ headerFont: FontSpec) -> Double {
            max((column.map(\.capsWidth).max() ?? 0) + titleGap + (column.map(\.title).max() ?? 0), headersWidth(column, headerFont))
        }
        func ragged(_ column: [Measured], _ headerFont: FontSpec) -> Double {
            max(column.map { $0.capsWidth + titleGap + $0.title }.max() ?? 0, headersWidth(column, headerFont))
        }
        func available(_ spacing: Spacing) -> Double {
            ShortcutSheet.panel(in: window, spacing: spacing).width - 2 * spacing.padding - Double(columns.count - 1) * spacing.columnGap
        }

        var choice: (spacing: Spacing, fonts: Fonts, measured: [[Measured]])?
        // The roomiest spacing with the regular fonts first; the condensed ones only when those fit nowhere.
        search: for group in [fontChoices.prefix(2), fontChoices.dropFirst(2)] {
            for spacing in spacings where fitsHeight(spacing, in: window) {
                for fonts in group {
                    let measured = measure(fonts, spacing)
                    if measured.map({ ragged($0, fonts.header) }).reduce(0, +) <= available(spacing) {
                        choice = (spacing, fonts, measured)
                        break search
                    }
                }
            }
        }
        // Too low for every spacing: the densest, with the roomiest fonts that still fit across.
        let densest = spacings[spacings.count - 1]
        let fallback = fontChoices.first { fonts in
            measure(fonts, densest).map { ragged($0, fonts.header) }.reduce(0, +) <= available(densest)
        } ?? fontChoices[fontChoices.count - 1]
        let (spacing, fonts, measured) = choice ?? (densest, fallback, measure(fallback, densest))
        let titleFont = fonts.title
        let panel = self.panel(in: window, spacing: spacing)
        let widths = columnWidths(needed: measured.map { ragged($0, fonts.header) }, wanted: measured.map { aligned($0, fonts.header) },
                                  available: available(spacing))

        var headers: [(ShortcutSection, LayoutRect)] = []
        var placed: [RowLayout] = []
        var columnFrames: [LayoutRect] = []
        var x = panel.x + spacing.padding
        let top = panel.y + spacing.contentTop
        let capHeight = min(20, spacing.row - 2)
        for (index, column) in measured.enumerated() {
            let width = widths[index]
            let keyColumn = keyColumn(of: column.map { ($0.capsWidth, $0.title) }, width: width)
            var y = top
            var section: ShortcutSection?
            for line in column {
                if line.section != section {
                    if section != nil { y += spacing.sectionGap }
                    section = line.section
                    headers.append((line.section, LayoutRect(x: x, y: y, width: width, height: spacing.header)))
                    y += spacing.header
                }
                let frame = LayoutRect(x: x, y: y, width: width, height: spacing.row)
                var capX = x
                let capY = y + ((spacing.row - capHeight) / 2).rounded(.down)
                var caps: [CapLayout] = []
                for (key, needed) in zip(line.row.keys, line.caps) {
                    let cap = LayoutRect(x: capX, y: capY, width: needed + spacing.capPadding, height: capHeight)
                    caps.append(CapLayout(key: key, frame: cap, needed: needed))
                    capX = cap.maxX + capGap
                }
                let titleX = line.capsWidth + minimumTitleGap <= keyColumn ? x + keyColumn : x + line.capsWidth + titleGap
                let isSetting = line.row.command.map(isSetting) ?? false
                let valueFrame = isSetting ? LayoutRect(x: x + width - valueWidth, y: y, width: valueWidth, height: spacing.row) : nil
                let titleEnd = valueFrame.map { $0.x - valueGap } ?? x + width
                placed.append(RowLayout(section: line.section, title: line.row.title, command: line.row.command, frame: frame,
                                        caps: caps,
                                        titleFrame: LayoutRect(x: titleX, y: y, width: max(0, titleEnd - titleX), height: spacing.row),
                                        titleNeeded: text.size(of: line.row.title, font: titleFont).width,
                                        valueFrame: valueFrame, valueNeeded: valueWidth))
                y += spacing.row
            }
            columnFrames.append(LayoutRect(x: x, y: top, width: width, height: y - top))
            x += width + spacing.columnGap
        }
        return SheetLayout(spacing: spacing, panel: panel,
                           heading: LayoutRect(x: panel.x + spacing.padding, y: panel.y + 12, width: panel.width / 2, height: 26),
                           hint: LayoutRect(x: panel.maxX - spacing.padding - 200, y: panel.y + 12, width: 200, height: 26),
                           columns: columnFrames, headers: headers, rows: placed, fonts: fonts,
                           capPadding: spacing.capPadding)
    }

    /// Where a column's titles line up: after the caps of as many rows as can line up with every one of their titles
    /// whole, a gap after the widest of those caps (a little less when the width asks for it). A row whose caps reach
    /// further starts its title after its own caps.
    static func keyColumn(of rows: [(caps: Double, title: Double)], width: Double) -> Double {
        func fits(_ column: Double) -> Bool {
            rows.allSatisfy { $0.caps + minimumTitleGap > column || column + $0.title <= width }
        }
        for caps in Set(rows.map(\.caps)).sorted(by: >) {
            let longest = rows.filter { $0.caps <= caps }.map(\.title).max() ?? 0
            let column = min(caps + titleGap, width - longest)
            if column >= caps + minimumTitleGap && fits(column) { return column }
        }
        return 0
    }

    /// Each column gets what its rows need, then the room left is shared: first towards the width that lets its
    /// titles line up, then evenly. Short of room, every column shrinks in proportion.
    static func columnWidths(needed: [Double], wanted: [Double], available: Double) -> [Double] {
        let total = needed.reduce(0, +)
        guard total <= available else { return needed.map { ($0 * available / total).rounded(.down) } }
        var widths = needed
        var left = available - total
        let growth = zip(wanted, needed).map { max(0, $0 - $1) }
        let wantedGrowth = growth.reduce(0, +)
        if wantedGrowth > 0 {
            let share = min(1, left / wantedGrowth)
            for index in widths.indices { widths[index] += (growth[index] * share).rounded(.down) }
            left = available - widths.reduce(0, +)
        }
        for index in widths.indices { widths[index] += (left / Double(widths.count)).rounded(.down) }
        return widths
    }

    private static func isSetting(_ command: Command) -> Bool {
        command.section == .settings
    }

    /// `value` gives the current value of a setting's row ("on", "92"), nil for other rows.
    static func draw(in window: LayoutRect, text: TextRenderer, value: (Command) -> String?, on cr: OpaquePointer) {
        Overlay.dim(window, on: cr)
        let layout = self.layout(in: window, text: text)
        let panel = layout.panel
        Overlay.drawPanel(panel, on: cr)
        text.draw(tr("Keyboard and mouse"), font: Theme.titleFont, color: Theme.text, in: layout.heading, on: cr)
        text.draw(tr("Esc or ? closes"), font: Theme.smallFont, color: Theme.secondaryText, in: layout.hint, alignment: .right, on: cr)
        cairo_save(cr)
        cairo_rectangle(cr, panel.x, panel.y, panel.width, panel.height)
        cairo_clip(cr)
        for header in layout.headers {
            // Set on the baseline of the section: closer to its rows than to the section above.
            let frame = LayoutRect(x: header.frame.x, y: header.frame.maxY - 18, width: header.frame.width, height: 16)
            text.draw(header.section.title.uppercased(), font: layout.fonts.header, color: Theme.accentHover, in: frame, on: cr)
        }
        for row in layout.rows {
            for cap in row.caps {
                Shapes.panel(LayoutRect(x: cap.frame.x + 0.5, y: cap.frame.y + 0.5, width: cap.frame.width - 1, height: cap.frame.height - 1),
                             radius: 4, fill: Theme.keyCap, border: Color(hex: 0x55585f), on: cr)
                text.draw(cap.key, font: layout.fonts.cap, color: Theme.text, in: cap.frame, alignment: .center, on: cr)
            }
            text.draw(row.title, font: layout.fonts.title, color: Theme.secondaryText, in: row.titleFrame, on: cr)
            if let frame = row.valueFrame, let shown = row.command.flatMap(value) {
                text.draw(shown, font: Theme.boldFont, color: Theme.accentHover, in: frame, alignment: .right, on: cr)
            }
        }
        cairo_restore(cr)
    }
}
