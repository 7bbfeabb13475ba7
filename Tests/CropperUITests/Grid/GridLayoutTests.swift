import XCTest
@testable import CropperUI

/// The grid's arithmetic, with the numbers worked out by hand for a 1100 × 760 window: 166 × 190 cells on a
/// 174 × 198 pitch, six columns centred from x = 27, the viewport under the 44 px header.
final class GridLayoutTests: XCTestCase {
    private let window = LayoutRect(x: 0, y: 0, width: 1100, height: 760)

    func testCellsAreLaidOutInRowsCentredUnderTheHeader() {
        let layout = GridLayout(bounds: window, count: 12, scrollOffset: 0)
        XCTAssertEqual(layout.columns, 6)
        XCTAssertEqual(layout.rows, 2)
        XCTAssertEqual(layout.viewport, LayoutRect(x: 0, y: 44, width: 1100, height: 716))
        XCTAssertEqual(layout.frame(ofItem: 0), LayoutRect(x: 27, y: 60, width: 166, height: 190))
        XCTAssertEqual(layout.frame(ofItem: 7), LayoutRect(x: 201, y: 258, width: 166, height: 190))
        XCTAssertEqual(layout.thumbnailSquare(ofItem: 7), LayoutRect(x: 208, y: 265, width: 152, height: 152))
        XCTAssertEqual(layout.nameFrame(ofItem: 7), LayoutRect(x: 208, y: 421, width: 152, height: 20))
        XCTAssertEqual(layout.contentHeight, 420)
        XCTAssertEqual(layout.maxScroll, 0)
        XCTAssertNil(layout.scrollbarThumb, "everything fits: no scrollbar")
        XCTAssertEqual(layout.visibleItems, 0..<12)
    }

    func testAPointFindsTheCellUnderItAndNothingBetweenCells() {
        let layout = GridLayout(bounds: window, count: 12, scrollOffset: 0)
        XCTAssertEqual(layout.item(at: 250, 300), 7)
        XCTAssertEqual(layout.item(at: 27, 60), 0)
        XCTAssertNil(layout.item(at: 195, 100), "the gap between columns 0 and 1")
        XCTAssertNil(layout.item(at: 100, 20), "the header")
        XCTAssertNil(layout.item(at: 100, 600), "below the last row")
        XCTAssertNil(layout.item(at: 10, 100), "the margin")
    }

    func testTenThousandPhotosCostAScreenful() {
        let layout = GridLayout(bounds: window, count: 10_000, scrollOffset: 0)
        XCTAssertEqual(layout.rows, 1667)
        XCTAssertEqual(layout.contentHeight, 330_090)
        XCTAssertEqual(layout.maxScroll, 329_374)
        XCTAssertEqual(layout.visibleItems, 0..<24)
        let paths = (0..<10_000).map { "/p/\($0).jpg" }
        let wanted = layout.thumbnailPriorities(for: paths)
        XCTAssertEqual(wanted.count, 48, "four rows in view, five rows of the page below (one shared)")
        XCTAssertEqual(wanted["/p/0.jpg"], ThumbnailStore.Urgency.visible)
        XCTAssertEqual(wanted["/p/47.jpg"], ThumbnailStore.Urgency.visible - 10)
        XCTAssertNil(wanted["/p/48.jpg"])

        let scrolled = GridLayout(bounds: window, count: 10_000, scrollOffset: 100_000)
        XCTAssertEqual(scrolled.visibleItems, 3030..<3054)
        XCTAssertEqual(scrolled.frame(ofItem: 3030).y, Double(44 + 16 + 505 * 198 - 100_000))
        let around = scrolled.thumbnailPriorities(for: paths)
        XCTAssertEqual(around.count, 72, "rows 501–504 above, 505–508 in view, 508–512 below")
        XCTAssertEqual(around["/p/3006.jpg"], ThumbnailStore.Urgency.visible - 20)
        XCTAssertNil(around["/p/3005.jpg"])
        XCTAssertEqual(around["/p/3030.jpg"], ThumbnailStore.Urgency.visible)
    }

    func testScrollingIsClampedAndTheScrollbarThumbFollows() {
        let bottom = GridLayout(bounds: window, count: 10_000, scrollOffset: 1e9)
        XCTAssertEqual(bottom.scrollOffset, 329_374)
        XCTAssertEqual(bottom.visibleItems.upperBound, 10_000)
        let thumb = try! XCTUnwrap(bottom.scrollbarThumb)
        XCTAssertEqual(thumb.height, GridLayout.minimumThumb, "a tiny share of the content: the thumb's least height")
        XCTAssertEqual(thumb.maxY, bottom.scrollbarTrack.maxY, accuracy: 1e-9)
        XCTAssertEqual(bottom.offset(forThumbTop: bottom.scrollbarTrack.y), 0)
        XCTAssertEqual(bottom.offset(forThumbTop: thumb.y), 329_374, accuracy: 1e-6)
        XCTAssertEqual(GridLayout(bounds: window, count: 10_000, scrollOffset: -50).scrollOffset, 0)
    }

    func testRevealingACellScrollsAsLittleAsNeeded() {
        let layout = GridLayout(bounds: window, count: 10_000, scrollOffset: 0)
        XCTAssertEqual(layout.offsetRevealing(5), 0, "already in view")
        // Row 10's top is 16 + 10 × 198 = 1996; its bottom and the margin are to reach the viewport's bottom.
        XCTAssertEqual(layout.offsetRevealing(60), 1996 + 190 + 16 - 716)
        let further = GridLayout(bounds: window, count: 10_000, scrollOffset: 5000)
        XCTAssertEqual(further.offsetRevealing(0), 0)
        XCTAssertEqual(further.index(from: 3, rows: -1), 0, "kept in the list")
        XCTAssertEqual(further.index(from: 9_998, columns: 5), 9_999)
        XCTAssertEqual(further.rowsPerPage, 3)
    }

    func testANarrowWindowKeepsOneColumn() {
        let layout = GridLayout(bounds: LayoutRect(x: 0, y: 0, width: 120, height: 440), count: 3, scrollOffset: 0)
        XCTAssertEqual(layout.columns, 1)
        XCTAssertEqual(layout.rows, 3)
    }
}
