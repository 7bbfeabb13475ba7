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

    // The whole table does not fit 720×440 at the small font yet: column two runs 2 rows past the panel and
    // the widest rows need about 50 px more than a third of the width (issue #12). Skipped until it does.
    private static let smallestWindowOverflows = "the sheet's content is larger than the smallest window (issue #12)"

    func testEverythingFitsTheSmallestWindow() throws {
        throw XCTSkip(Self.smallestWindowOverflows)
        assertFits(in: smallestWindow, scale: 1)
    }

    func testEverythingFitsTheSmallestWindowAtScaleTwo() throws {
        throw XCTSkip(Self.smallestWindowOverflows)
        assertFits(in: smallestWindow, scale: 2)
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
        XCTAssertEqual(layout.titleFont, Theme.bodyFont)
    }

    func testColumnWidthsShareTheRoomLeft() {
        XCTAssertEqual(ShortcutSheet.columnWidths(needed: [100, 100], wanted: [140, 100], available: 300), [170, 130])
        XCTAssertEqual(ShortcutSheet.columnWidths(needed: [100, 100], wanted: [140, 140], available: 240), [120, 120])
        XCTAssertEqual(ShortcutSheet.columnWidths(needed: [200, 100], wanted: [200, 100], available: 150), [100, 50])
    }

    private func assertFits(in window: LayoutRect, scale: Double, file: StaticString = #filePath, line: UInt = #line) {
        let layout = ShortcutSheet.layout(in: window, text: TextRenderer(scale: scale))
        let size = "\(Int(window.width))×\(Int(window.height)) at scale \(Int(scale))"
        XCTAssertTrue(inside(layout.panel, window), "panel inside the window at \(size)", file: file, line: line)
        let content = LayoutRect(x: layout.panel.x, y: layout.panel.y + layout.spacing.contentTop, width: layout.panel.width,
                                 height: layout.panel.height - layout.spacing.contentTop)
        var narrowest = Double.infinity
        for row in layout.rows {
            let name = "\(row.title) at \(size)"
            XCTAssertLessThanOrEqual(row.titleNeeded, row.titleFrame.width, "title of \(name) is cut", file: file, line: line)
            narrowest = min(narrowest, row.titleFrame.width - row.titleNeeded)
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
        print("shortcut sheet \(size): spacing row \(layout.spacing.row), titles \(layout.titleFont.size) pt, columns \(layout.columns.map(\.width)), narrowest title margin \(narrowest)")
    }

    private func inside(_ inner: LayoutRect, _ outer: LayoutRect) -> Bool {
        inner.x >= outer.x && inner.y >= outer.y && inner.maxX <= outer.maxX && inner.maxY <= outer.maxY
    }

    private func overlaps(_ a: LayoutRect, _ b: LayoutRect) -> Bool {
        a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY
    }
}
