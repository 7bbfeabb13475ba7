@testable import CropperUI
@testable import PhotoLibrary
import XCTest
@testable import X11Platform

/// The picker's strip and the file dialog's list scroll in proportion too: a whole click as before, a touchpad's
/// fraction of one as that fraction of the step.
final class TouchpadPanelScrollTests: XCTestCase {
    func testThePickersStripScrollsByTheFractionOfAClick() throws {
        let bench = ComponentBench()
        var (picker, _) = PickerComponent.open(in: bench.context, isStartup: false)
        let photos = (0..<40).map {
            RecentPhoto(path: "/photos/\($0).jpg", modified: FileTime(seconds: 1_000 - $0, nanoseconds: 0), byteCount: 1000,
                        format: .jpeg, origins: .pictures)
        }
        _ = picker.receive(.recentPhotosLoaded(photos), in: bench.context)
        let strip = picker.layout(bench.context).strip
        let at = WindowPoint(x: strip.x + 200, y: strip.y + strip.height / 2)
        _ = picker.wheel(WheelStep(direction: .right, at: at, modifiers: []), in: bench.context)
        XCTAssertEqual(picker.layout(bench.context).scrollOffset, 90, "a click: 90 px, as before")
        for step in WheelStep.steps(ScrollClicks(dx: 0, dy: 0.4), at: at, modifiers: []) {
            _ = picker.wheel(step, in: bench.context)
        }
        XCTAssertEqual(picker.layout(bench.context).scrollOffset, 126, accuracy: 1e-9, "0.4 of a click: 36 px more")
    }

    func testTheDialogsListScrollsByTheFractionOfThreeRows() throws {
        let bench = ComponentBench()
        var (dialog, _) = try XCTUnwrap(FileDialogComponent.open(saving: false, in: bench.context))
        let entries = (0..<80).map { FileEntry(name: "IMG_\($0).jpg", isDirectory: false, isSymbolicLink: false, byteCount: 100, modified: 1_000) }
        let listing = DirectoryListing(path: dialog.dialog.directory, generation: dialog.dialog.generation, result: .success(entries))
        XCTAssertTrue(dialog.dialog.receive(listing))
        let rows = dialog.layout(bench.context).rows
        let at = WindowPoint(x: rows.x + 40, y: rows.y + 40)
        _ = dialog.wheel(WheelStep(direction: .down, at: at, modifiers: []), in: bench.context)
        XCTAssertEqual(dialog.dialog.scrollOffset, 3 * FileDialog.rowHeight, "a click: three rows, as before")
        for step in WheelStep.steps(ScrollClicks(dx: 0, dy: 0.5), at: at, modifiers: []) {
            _ = dialog.wheel(step, in: bench.context)
        }
        XCTAssertEqual(dialog.dialog.scrollOffset, 4.5 * FileDialog.rowHeight, accuracy: 1e-9, "half a click: a row and a half more")
    }
}
