import CropperTestSupport
import EditorState
import Foundation
import PhotoIO
import XCTest
@testable import CropperUI
@testable import X11Platform

/// `cropper a.jpg b.jpg c.png`: the first opens, Page Up / Page Down step through them, unsaved edits ask first.
final class AppPhotoListTests: XCTestCase {
    func testPageDownAndPageUpStepThroughThreePhotos() throws {
        let scratch = try ScratchDirectory()
        let a = try scratch.copy(EditorWindowHarness.samplePhoto, as: "sample.jpg")
        let b = try scratch.copy(Fixtures.path("Landscape", 1), as: "Landscape_1.jpg")
        let c = scratch.file("c.png")
        _ = try CropExporter.export(try PhotoSource.open(path: b), CropExport(rect: PixelRect(x: 0, y: 0, width: 600, height: 400)),
                                    to: c, overwrite: false)
        let app = try AppHarness(files: [a, b, c])
        XCTAssertEqual(app.openPath, a)
        XCTAssertEqual(app.state.session.documents?.paths, [a, b, c])
        XCTAssertEqual(app.state.chrome.title, "sample.jpg (1 / 3) — Cropper")

        app.key("Next")
        XCTAssertEqual(app.openPath, b)
        XCTAssertEqual(app.state.chrome.title, "Landscape_1.jpg (2 / 3) — Cropper")
        XCTAssertEqual(app.editor.imageSize, PixelSize(width: 1800, height: 1200))
        app.key("Next")
        XCTAssertEqual(app.openPath, c)
        XCTAssertEqual(app.editor.imageSize, PixelSize(width: 600, height: 400))
        XCTAssertEqual(app.state.session.documents?.index, 2)
        app.key("Next")
        XCTAssertEqual(app.openPath, c, "the last photo stays: no wrapping round")

        // An edit: Page Up asks first; Cancel stays, Don't Save goes on.
        app.key("r")
        app.key("Prior")
        XCTAssertEqual(app.top, .confirm)
        app.key("Escape")
        XCTAssertNil(app.top)
        XCTAssertEqual(app.openPath, c)
        XCTAssertTrue(app.editor.isDirty)
        XCTAssertEqual(app.state.chrome.title, "• c.png (3 / 3) — Cropper")
        app.key("Prior")
        app.key("d")
        XCTAssertEqual(app.openPath, b)
        XCTAssertFalse(app.editor.isDirty)
        XCTAssertEqual(app.state.chrome.title, "Landscape_1.jpg (2 / 3) — Cropper")
        app.key(Keysym.KP_Prior)
        XCTAssertEqual(app.openPath, a)
        app.key("End")
        XCTAssertEqual(app.openPath, c, "End: the last photo")
        app.key("Home")
        XCTAssertEqual(app.openPath, a, "Home: the first")
    }

    func testASinglePhotoHasNoPosition() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.copy(EditorWindowHarness.samplePhoto, as: "sample.jpg")
        let app = try AppHarness(files: [path])
        XCTAssertEqual(app.state.chrome.title, "sample.jpg — Cropper")
        app.key("Next")
        XCTAssertEqual(app.openPath, path)
    }
}
