import CropperTestSupport
@testable import CropperUI
import EditorState
import PhotoIO
import XCTest
import X11Platform

/// Rules that used to sit in the X adapter: when the state changes by itself, when the first photo is out, and
/// what is remembered of the window when it closes.
final class AppWindowRulesTests: XCTestCase {
    func testNothingChangesByItselfUntilAnAnimationRuns() throws {
        let app = try AppHarness(files: [EditorWindowHarness.samplePhoto])
        XCTAssertNil(app.state.nextChange(at: 200))
        app.send(.input(.press(PointerPress(button: 1, at: WindowPoint(x: 400, y: 300), time: 1000, modifiers: []))))
        app.send(.input(.release(WindowPoint(x: 400, y: 300))))
        app.send(.input(.press(PointerPress(button: 1, at: WindowPoint(x: 400, y: 300), time: 1100, modifiers: []))))
        XCTAssertNotNil(app.editor.animation, "a double-click zooms with an animation")
        XCTAssertEqual(try XCTUnwrap(app.state.nextChange(at: 200)), 200 + 1.0 / 60, accuracy: 1e-9, "60 frames a second")
    }

    func testThePhotoIsOutOnceShownOrFailedOrWhenNoneWasAskedFor() throws {
        XCTAssertTrue(try AppHarness().state.photoIsOut, "the picker, no photo asked for")
        XCTAssertTrue(try AppHarness(files: [EditorWindowHarness.samplePhoto]).state.photoIsOut, "decoded and shown")
        let scratch = try ScratchDirectory()
        let broken = scratch.file("broken.jpg")
        try Data([0xFF, 0xD8, 0xFF]).write(to: URL(fileURLWithPath: broken))
        let failed = try AppHarness(files: [broken])
        XCTAssertNotNil(failed.state.session.document?.loadError)
        XCTAssertTrue(failed.state.photoIsOut, "failed: nothing more to wait for")
        var loading = try AppHarness().state
        loading.session.document = Document(path: "/p/a.jpg", generation: 9)
        XCTAssertFalse(loading.photoIsOut, "asked for and still decoding")
    }

    func testAThumbnailStandingInIsNotThePhotoOut() throws {
        var state = try AppHarness().state
        _ = state.session.open("/p/a.heic", editor: state.session.editor)
        let generation = try XCTUnwrap(state.session.document?.generation)
        func arrive(_ width: Int, _ height: Int, standIn: Bool) throws {
            let preview = DecodedPreview(storedSize: PixelSize(width: 4000, height: 3000), orientation: .normal,
                                         format: .heic, lossless: .unsupported(reason: "test"),
                                         bitmap: try DisplayBitmap(try Bitmap(width: width, height: height)),
                                         isFullResolution: !standIn, damage: nil, colourNotice: nil, isStandIn: standIn)
            let arrival = ArrivalContext(photos: PhotoContext(display: .sRGB, freshEditor: state.session.editor),
                                         keptCrop: nil, samplePath: nil, now: 5, decodedFrame: { _ in nil })
            for edit in state.session.previewArrived(preview, generation: generation, in: arrival).edits {
                state.session.editor.apply(edit)
            }
        }
        try arrive(320, 240, standIn: true)
        XCTAssertNotNil(state.session.editor.imageSize, "the editor has the photo's size from the thumbnail")
        XCTAssertFalse(state.photoIsOut, "its tiles are still decoding")
        try arrive(400, 300, standIn: false)
        XCTAssertTrue(state.photoIsOut, "its own pixels")
    }

    func testClosingRemembersTheWindowsSize() throws {
        let app = try AppHarness(width: 900, height: 700)
        XCTAssertNil(app.state.settings.windowWidth, "not before")
        XCTAssertEqual(app.send(.closing), "closing")
        XCTAssertEqual(app.state.settings.windowWidth, 900)
        XCTAssertEqual(app.state.settings.windowHeight, 700)
    }

    func testResizingFitsTheEditorsViewToTheCanvasAndRemembersTheSize() throws {
        let app = try AppHarness(width: 900, height: 700)
        XCTAssertEqual(app.send(.resized(width: 1100, height: 800)), "resize")
        XCTAssertEqual(app.state.layout, WindowLayout(deviceWidth: 1100, deviceHeight: 800, scale: app.state.layout.scale))
        XCTAssertEqual(app.state.session.editor.viewport.viewSize, app.state.layout.canvasSize)
        XCTAssertEqual(app.state.settings.windowWidth, 1100)
        XCTAssertEqual(app.state.settings.windowHeight, 800)
    }
}
