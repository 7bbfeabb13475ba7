import CropperTestSupport
@testable import CropperUI
import XCTest

/// The picker's geometry without a window: widths from aspect ratios, scrolling, what shows and what is hit.
final class PickerLayoutTests: XCTestCase {
    private let window = LayoutRect(x: 0, y: 0, width: 1280, height: 800)

    func testItemsAreAsTallAsTheStripAndAsWideAsTheirAspect() {
        let layout = PickerLayout(bounds: window, aspects: [1.5, 2.0 / 3.0, nil, 10], scrollOffset: 0)
        XCTAssertEqual(layout.sheet.maxY, 800, "the sheet sits on the bottom edge")
        XCTAssertEqual(layout.itemSpans.map(\.width), [192, 85, 171, 384], "unknown is 4:3, panoramas are capped at 3:1")
        XCTAssertEqual(layout.itemSpans.map(\.x), [0, 202, 297, 478])
        XCTAssertEqual(layout.contentWidth, 862)
        XCTAssertEqual(layout.frame(ofItem: 1).height, PickerLayout.stripHeight)
        XCTAssertEqual(layout.maxScroll, 0, "everything fits")
    }

    func testScrollingClampsRevealsAndReportsWhatShows() {
        let aspects = [Double?](repeating: 1.5, count: 20)   // 192 wide, 202 apart
        let layout = PickerLayout(bounds: window, aspects: aspects, scrollOffset: 99_999)
        XCTAssertEqual(layout.scrollOffset, layout.maxScroll)
        XCTAssertEqual(layout.maxScroll, 20 * 202 - 10 - 1240)
        let start = PickerLayout(bounds: window, aspects: aspects, scrollOffset: 0)
        XCTAssertEqual(start.visibleItems, 0..<7)
        XCTAssertEqual(start.distanceFromViewport(3), 0)
        XCTAssertEqual(start.distanceFromViewport(10), 10 * 202 - 1240)
        let revealed = start.offsetRevealing(9)
        XCTAssertEqual(revealed, Double(9 * 202 + 192 + 40 - 1240), "the item comes in at the right edge with a margin")
        XCTAssertEqual(PickerLayout(bounds: window, aspects: aspects, scrollOffset: revealed).offsetRevealing(2), 2 * 202 - 40)
    }

    func testThumbnailsAreWantedByDistanceFromTheViewport() {
        let aspects = [Double?](repeating: 1.5, count: 60)
        let paths = (0..<60).map { "/p/\($0).jpg" }
        let start = PickerLayout(bounds: window, aspects: aspects, scrollOffset: 0)
        let wanted = start.thumbnailPriorities(for: paths)
        XCTAssertEqual((0..<7).map { wanted[paths[$0]] }, [Int?](repeating: ThumbnailStore.Urgency.visible, count: 7))
        XCTAssertGreaterThan(wanted[paths[7]] ?? 0, wanted[paths[12]] ?? 0, "nearer comes sooner")
        XCTAssertGreaterThan(wanted[paths[12]] ?? 0, 0)
        XCTAssertNil(wanted[paths[59]], "too far off to ask for yet")
        let scrolled = PickerLayout(bounds: window, aspects: aspects, scrollOffset: 40 * 202)
        let again = scrolled.thumbnailPriorities(for: paths)
        XCTAssertEqual(again[paths[42]], ThumbnailStore.Urgency.visible, "re-prioritised after scrolling")
        XCTAssertLessThan(again[paths[0]] ?? 0, ThumbnailStore.Urgency.visible)
    }

    func testHitsFindItemsActionsTheSheetAndTheOutside() {
        let layout = PickerLayout(bounds: window, aspects: [1.5, 1.5], scrollOffset: 0)
        let second = layout.frame(ofItem: 1)
        XCTAssertEqual(layout.target(at: second.midX, second.midY), .item(1))
        XCTAssertEqual(layout.target(at: layout.strip.maxX - 5, second.midY), .strip)
        let row = layout.actions[1].frame
        XCTAssertEqual(layout.target(at: row.midX, row.midY), .action(.openMostRecent))
        XCTAssertEqual(layout.target(at: layout.header.midX, layout.header.midY), .sheet)
        XCTAssertNil(layout.target(at: 640, layout.sheet.y - 5))
    }

    func testItemsKeepTheirPlaceAndTheSelectionItsPhoto() {
        var picker = PickerPanel(openedAt: 0, isStartup: false, picturesLabel: "~/Pictures")
        XCTAssertEqual(picker.emptyMessage, "No recent photos in ~/Pictures")
        picker.setItems(given: ["/a.jpg", "/b.jpg"], recent: [], current: "/b.jpg", isFinal: false)
        XCTAssertEqual(picker.selected, 1, "the open photo among those given is selected")
        XCTAssertTrue(picker.isLoading)
        XCTAssertFalse(picker.isEnabled(.openMostRecent), "no recent photo yet")
        XCTAssertTrue(picker.items.allSatisfy(\.isGiven))
    }
}
