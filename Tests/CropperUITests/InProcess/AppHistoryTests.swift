import CropperTestSupport
import EditorState
import XCTest
@testable import CropperUI

/// Undo and redo from the keys, and numbers typed outside the photo, through the app state.
final class AppHistoryTests: XCTestCase {
    private func boxed() throws -> (AppHarness, ScratchDirectory) {
        let scratch = try ScratchDirectory()
        let app = try AppHarness(files: [try scratch.copy(EditorWindowHarness.samplePhoto, as: "sample.jpg")])
        app.typeBox(PixelRect(x: 200, y: 150, width: 600, height: 400))
        XCTAssertEqual(app.editor.crop, PixelRect(x: 200, y: 150, width: 600, height: 400))
        return (app, scratch)
    }

    func testUndoAndRedoStepThroughTheEdits() throws {
        let (app, _) = try boxed()
        let crop = try XCTUnwrap(app.editor.crop)
        XCTAssertTrue(app.editor.isDirty)
        app.key("r")
        let rotated = app.editor.crop
        XCTAssertEqual(app.editor.displayOrientation, .rotate90CW)
        app.key("ctrl+z")
        XCTAssertEqual(app.editor.displayOrientation, .normal)
        XCTAssertEqual(app.editor.crop, crop)
        app.key("ctrl+z")
        XCTAssertNil(app.editor.crop)
        XCTAssertFalse(app.editor.isDirty)
        XCTAssertFalse(app.state.chrome.title.hasPrefix("•"))
        app.key("ctrl+shift+Z")
        XCTAssertEqual(app.editor.crop, crop)
        XCTAssertEqual(app.editor.displayOrientation, .normal)
        app.key("ctrl+y")
        XCTAssertEqual(app.editor.displayOrientation, .rotate90CW)
        XCTAssertEqual(app.editor.crop, rotated)
        XCTAssertTrue(app.state.chrome.title.hasPrefix("• "), "the title marks unsaved edits")
    }

    func testTypedNumbersOutsideTheImageAreRefusedWithAHint() throws {
        let scratch = try ScratchDirectory()
        let app = try AppHarness(files: [try scratch.copy(EditorWindowHarness.samplePhoto, as: "sample.jpg")])
        app.typeBox(PixelRect(x: 100, y: 100, width: 5000, height: 300))
        XCTAssertNil(app.editor.crop)
        XCTAssertEqual(app.top, .numericEntry)
        XCTAssertNotNil(app.state.stack.component(NumericEntryComponent.self)?.entry.error, "the entry says why")
        app.key("Escape")
        XCTAssertNil(app.top)
        XCTAssertNil(app.editor.crop)
    }
}
