import XCTest
@testable import CropperUI

/// The `?` sheet laid out in process: Pango measures on its own, no X display is needed.
final class ShortcutSheetLayoutTests: XCTestCase {
    private let defaultWindow = LayoutRect(x: 0, y: 0, width: 1024, height: 640)
    private let smallestWindow = LayoutRect(x: 0, y: 0, width: Double(Theme.minimumWindowWidth),
                                            height: Double(Theme.minimumWindowHeight))

    func testEverythingFitsTheDefaultWindow() {
        assertFits(in: defaultWindow, scale: 1)
    }

    func testEverythingFitsTheDefaultWindowAtScaleTwo() {
        assertFits(in: defaultWindow, scale: 2)
    }

    func testEverythingFitsTheSmallestWindow() {
        assertFits(in: smallestWindow, scale: 1)
    }

    func testEverythingFitsTheSmallestWindowAtScaleTwo() {
        assertFits(in: smallestWindow, scale: 2)
    }

    func testTheSheetOverTheGridFitsTheSmallestWindow() {
        assertFits(in: smallestWindow, scale: 1, columns: ShortcutSheet.gridColumns)
        assertFits(in: smallestWindow, scale: 2, columns: ShortcutSheet.gridColumns)
        let layout = ShortcutSheet.layout(in: smallestWindow, text: TextRenderer(), columns: ShortcutSheet.gridColumns)
        XCTAssertEqual(layout.headers.map(\.section).suffix(2), [.settings, .grid])
        XCTAssertEqual(ShortcutSheet.rows(for: .grid).map(\.keys), [["← → ↑ ↓", "Shift+← → ↑ ↓"], ["Space"], ["Ctrl+A"],
                                                                          ["Ctrl+Shift+V"], ["Ctrl+S"], ["Esc"]])
        XCTAssertTrue(ShortcutSheet.rows(for: .file).contains { $0.keys == ["P", "G"] }, "G shares the picker's row")
        XCTAssertTrue(ShortcutSheet.rows(for: .file).contains { $0.keys == ["Ctrl+C", "Ctrl+Shift+C"] }, "the rule shares the copy's row")
    }

    /// Tall enough for a roomy spacing but too narrow for it: a denser one is taken rather than cutting titles.
    func testEverythingFitsANarrowTallWindow() {
        assertFits(in: LayoutRect(x: 0, y: 0, width: Double(Theme.minimumWindowWidth), height: 640), scale: 1)
    }

    func testEveryRowOfTheTableIsLaidOutOnce() {
        let layout = ShortcutSheet.layout(in: defaultWindow, text: TextRenderer())
        let expected = ShortcutSheet.columns.flatMap { $0.flatMap { ShortcutSheet.rows(for: $0).map(\.title) } }
        XCTAssertEqual(layout.rows.map(\.title), expected)
        XCTAssertEqual(layout.headers.map(\.section), ShortcutSheet.columns.flatMap { $0 })
    }

    func testRoomyWindowKeepsTheRoomySpacingAndBodyFont() {
        let layout = ShortcutSheet.layout(in: LayoutRect(x: 0, y: 0, width: 1400, height: 900), text: TextRenderer())
        XCTAssertEqual(layout.spacing, ShortcutSheet.spacings[0])
        XCTAssertEqual(layout.fonts.title, Theme.bodyFont)
    }

    func testColumnWidthsShareTheRoomLeft() {
        XCTAssertEqual(ShortcutSheet.columnWidths(needed: [100, 100], wanted: [140, 100], available: 300), [170, 130])
        XCTAssertEqual(ShortcutSheet.columnWidths(needed: [100, 100], wanted: [140, 140], available: 240), [120, 120])
        XCTAssertEqual(ShortcutSheet.columnWidths(needed: [200, 100], wanted: [200, 100], available: 150), [100, 50])
    }

    func testTitlesLineUpAfterTheCapsOfAsManyRowsAsFit() {
        // The wide caps of the third row would leave too little room for the others' titles: it goes ragged.
        XCTAssertEqual(ShortcutSheet.keyColumn(of: [(20, 100), (50, 100), (150, 30)], width: 200), 58)
        // Missing the usual gap by a little, the titles still line up, a little closer to the caps.
        XCTAssertEqual(ShortcutSheet.keyColumn(of: [(20, 100), (53, 100)], width: 160), 60)
        // No room to line up: every title follows its own caps.
        XCTAssertEqual(ShortcutSheet.keyColumn(of: [(20, 180)], width: 190), 0)
    }

    private func assertFits(in window: LayoutRect, scale: Double, columns: [[ShortcutSection]] = ShortcutSheet.columns,
                            file: StaticString = #filePath, line: UInt = #line) {
        let layout = ShortcutSheet.layout(in: window, text: TextRenderer(scale: scale), columns: columns)
        let size = "\(Int(window.width))×\(Int(window.height)) at scale \(Int(scale))"
        XCTAssertTrue(inside(layout.panel, window), "panel inside the window at \(size)", file: file, line: line)
        let content = LayoutRect(x: layout.panel.x, y: layout.panel.y + layout.spacing.contentTop, width: layout.panel.width,
                                 height: layout.panel.height - layout.spacing.contentTop)
        // Room to spare: across, what the columns could lose with every title after its own caps; below, under the
        // tallest column.
        var needed = layout.columns.map { _ in 0.0 }
        for row in layout.rows {
            let name = "\(row.title) at \(size)"
            XCTAssertLessThanOrEqual(row.titleNeeded, row.titleFrame.width, "title of \(name) is cut", file: file, line: line)
            if let column = layout.columns.firstIndex(where: { $0.x == row.frame.x }) {
                let caps = (row.caps.last?.frame.maxX ?? row.frame.x) - row.frame.x
                let value = row.valueFrame == nil ? 0 : ShortcutSheet.valueGap + row.valueNeeded
                needed[column] = max(needed[column], caps + ShortcutSheet.titleGap + row.titleNeeded + value)
            }
            XCTAssertTrue(inside(row.frame, content), "\(name) lies inside the panel", file: file, line: line)
            XCTAssertTrue(inside(row.titleFrame, row.frame), "title of \(name) lies in its row", file: file, line: line)
            if let value = row.valueFrame {
                XCTAssertLessThanOrEqual(row.valueNeeded, value.width, "value of \(name)", file: file, line: line)
                XCTAssertLessThanOrEqual(row.titleFrame.maxX, value.x, "title and value of \(name) apart", file: file, line: line)
                XCTAssertTrue(inside(value, row.frame), "value of \(name) lies in its row", file: file, line: line)
            }
            let followers = row.caps.dropFirst().map(\.frame.x) + [row.titleFrame.x]
            for (cap, next) in zip(row.caps, followers) {
                XCTAssertLessThanOrEqual(cap.needed, cap.frame.width - layout.capPadding, "cap \(cap.key) of \(name)", file: file, line: line)
                XCTAssertTrue(inside(cap.frame, row.frame), "cap \(cap.key) of \(name) lies in its row", file: file, line: line)
                XCTAssertLessThanOrEqual(cap.frame.maxX, next, "cap \(cap.key) of \(name) overlaps",
                                         file: file, line: line)
            }
        }
        let boxes = layout.rows.map(\.frame) + layout.headers.map(\.frame) + [layout.heading, layout.hint]
        for (index, box) in boxes.enumerated() {
            for other in boxes[(index + 1)...] {
                XCTAssertFalse(overlaps(box, other), "\(box) overlaps \(other) at \(size)", file: file, line: line)
            }
        }
        let across = layout.columns.map(\.width).reduce(0, +) - needed.reduce(0, +)
        let below = window.height - 2 * layout.spacing.margin - layout.spacing.contentTop - layout.spacing.bottom
            - (layout.columns.map(\.height).max() ?? 0)
        print("shortcut sheet \(size): spacing row \(layout.spacing.row), titles \(layout.fonts.title.size) pt, columns \(layout.columns.map(\.width)), room across \(across) px, below \(below) px")
    }

    private func inside(_ inner: LayoutRect, _ outer: LayoutRect) -> Bool {
        inner.x >= outer.x && inner.y >= outer.y && inner.maxX <= outer.maxX && inner.maxY <= outer.maxY
    }

    private func overlaps(_ a: LayoutRect, _ b: LayoutRect) -> Bool {
        a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY
    }
}
