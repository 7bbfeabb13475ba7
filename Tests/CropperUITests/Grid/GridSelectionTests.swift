import XCTest
@testable import CropperUI
@testable import X11Platform

/// Selecting in the grid as in a file manager.
final class GridSelectionTests: XCTestCase {
    private let paths = (0..<10).map { "/p/\($0).jpg" }

    private func indices(_ selection: GridSelection) -> [Int] {
        paths.indices.filter { selection.contains(paths[$0]) }
    }

    func testClicksCtrlClicksAndShiftClicks() {
        var selection = GridSelection(focus: paths[1])
        XCTAssertEqual(indices(selection), [1])
        selection.click(4, in: paths, modifiers: [])
        XCTAssertEqual(indices(selection), [4])
        selection.click(6, in: paths, modifiers: .control)
        XCTAssertEqual(indices(selection), [4, 6])
        selection.click(4, in: paths, modifiers: .control)
        XCTAssertEqual(indices(selection), [6], "Ctrl+click takes one out again")
        selection.click(2, in: paths, modifiers: .shift)
        XCTAssertEqual(indices(selection), [2, 3, 4], "from the anchor: the last plain or Ctrl click")
        selection.click(8, in: paths, modifiers: .shift)
        XCTAssertEqual(indices(selection), [4, 5, 6, 7, 8], "the anchor stays; the run is replaced")
        selection.click(0, in: paths, modifiers: [.control, .shift])
        XCTAssertEqual(indices(selection), [0, 1, 2, 3, 4, 5, 6, 7, 8], "Ctrl+Shift adds the run")
        XCTAssertEqual(selection.focusIndex(in: paths), 0)
    }

    func testKeysMoveExtendAndToggle() {
        var selection = GridSelection(focus: paths[2])
        selection.move(to: 3, in: paths, extending: false)
        XCTAssertEqual(indices(selection), [3])
        selection.move(to: 5, in: paths, extending: true)
        XCTAssertEqual(indices(selection), [3, 4, 5])
        selection.move(to: 1, in: paths, extending: true)
        XCTAssertEqual(indices(selection), [1, 2, 3])
        selection.toggleFocused(in: paths)
        XCTAssertEqual(indices(selection), [2, 3])
        selection.selectAll(paths)
        XCTAssertEqual(selection.count, 10)
        XCTAssertEqual(selection.focusIndex(in: paths), 1, "Ctrl+A leaves the cursor where it was")
    }

    func testSpaceWithNoCursorStartsAtTheFirstPhoto() {
        var selection = GridSelection()
        selection.toggleFocused(in: paths)
        XCTAssertEqual(indices(selection), [0])
    }

    func testPhotosThatLeaveTheListLeaveTheSelection() {
        var selection = GridSelection(focus: paths[3])
        selection.move(to: 5, in: paths, extending: true)
        let remaining = paths.filter { $0 != paths[4] && $0 != paths[3] }
        selection.keepOnly(remaining)
        XCTAssertEqual(selection.count, 1)
        XCTAssertTrue(selection.contains(paths[5]))
        XCTAssertEqual(selection.focusIndex(in: remaining), 3, "the cursor (photo 5) is still there")
    }
}
