import CropperTestSupport
import EditorState
import XCTest
@testable import CropperUI
@testable import X11Platform

/// Upright in the window, through the app state: the keys and the dial strip's buttons ask for an estimate off the
/// event loop, its answer is one undo step, a photo with no confident lines gets a notice and no change, and an
/// answer that comes back after the photo was turned is dropped.
final class AppUprightTests: XCTestCase {
    private func leaning() throws -> (AppHarness, ScratchDirectory) {
        let scratch = try ScratchDirectory()
        let app = try AppHarness(files: [try makeLeaningStreet(in: scratch)])
        XCTAssertEqual(app.editor.imageSize, PixelSize(width: 1500, height: 1000))
        return (app, scratch)
    }

    func testUprightVerticalMakesTheFacadeUprightInOneUndoStep() throws {
        let (app, _) = try leaning()
        app.holdsUpright = true
        app.key("u")
        XCTAssertEqual(app.state.upright.status, UprightStatus(mode: .vertical, running: true))
        XCTAssertEqual(app.editor.perspective, .zero, "nothing changes until the answer is in")
        app.finishUpright()
        XCTAssertEqual(app.events.last, "upright")
        let status = try XCTUnwrap(app.state.upright.status)
        XCTAssertEqual(status.mode, .vertical)
        XCTAssertFalse(status.running)
        XCTAssertNotNil(app.state.upright.milliseconds)
        // The street was shot looking up by 8°.
        XCTAssertEqual(app.editor.perspective.vertical, 8, accuracy: 0.3)
        XCTAssertEqual(app.editor.perspective.horizontal, 0, accuracy: 0.3)
        XCTAssertEqual(app.editor.straighten.degrees, 0, accuracy: 0.3)
        let crop = try XCTUnwrap(app.editor.crop)
        XCTAssertTrue(app.editor.warpedPhoto!.contains(crop), "the box lies on the corrected photo")
        XCTAssertTrue(app.editor.isDirty)

        app.key("ctrl+z")
        XCTAssertEqual(app.editor.perspective, .zero)
        XCTAssertNil(app.editor.crop)
        XCTAssertFalse(app.editor.isDirty, "one undo step takes the whole answer back")
    }

    func testLevelAndFullComeFromTheirKeys() throws {
        let (app, _) = try leaning()
        app.key("shift+U")
        XCTAssertEqual(app.state.upright.status?.mode, .full)
        XCTAssertFalse(app.state.upright.status?.running ?? true)
        app.key("l")
        XCTAssertEqual(app.state.upright.status?.mode, .level)
        // Level turns only: the perspective Full set is gone, as Lightroom's Level does.
        XCTAssertEqual(app.editor.perspective, .zero)
    }

    func testTheDialStripsButtonsAskForUpright() throws {
        let (app, _) = try leaning()
        app.holdsUpright = true
        for mode in UprightMode.allCases {
            let button = try XCTUnwrap(StraightenDialComponent.uprightButton(mode, in: app.state.layout))
            app.send(.input(.press(PointerPress(button: 1, at: WindowPoint(x: button.midX, y: button.midY), time: 0,
                                                modifiers: []))))
            app.send(.input(.release(WindowPoint(x: button.midX, y: button.midY))))
            XCTAssertEqual(app.state.upright.status, UprightStatus(mode: mode, running: true))
        }
        // Only the last asked for counts: the earlier answers are stale.
        app.finishUpright()
        XCTAssertEqual(Array(app.events.suffix(3)), ["staleUpright", "staleUpright", "upright"])
        XCTAssertEqual(app.state.upright.status?.mode, .full)
    }

    func testNoConfidentLinesSaysSoAndChangesNothing() throws {
        let cloud = try MadeOnce.convert("cloud.jpg", ["-size", "1200x800", "-seed", "9", "plasma:fractal", "-blur", "0x3"])
        let app = try AppHarness(files: [cloud])
        app.key("u")
        XCTAssertEqual(app.events.last, "uprightUnsure")
        XCTAssertEqual(app.notice, "Upright found no confident straight lines; the photo is unchanged")
        XCTAssertEqual(app.editor.perspective, .zero)
        XCTAssertEqual(app.editor.straighten, .zero)
        XCTAssertFalse(app.editor.isDirty)
        XCTAssertFalse(app.editor.canUndo)
    }

    func testAnAnswerForThePhotoAsItWasTurnedIsDropped() throws {
        let (app, _) = try leaning()
        app.holdsUpright = true
        app.key("u")
        app.key("r")
        app.finishUpright()
        XCTAssertEqual(app.events.last, "staleUpright")
        XCTAssertEqual(app.editor.perspective, .zero)
    }

    func testTheButtonsMakeWayInANarrowWindow() {
        let wide = WindowLayout(deviceWidth: 1280, deviceHeight: 800), narrow = WindowLayout(deviceWidth: 900, deviceHeight: 700)
        let buttons = UprightMode.allCases.compactMap { StraightenDialComponent.uprightButton($0, in: wide) }
        XCTAssertEqual(buttons.count, 3)
        let straighten = StraightenDialComponent.label(.straighten, in: wide)
        XCTAssertLessThanOrEqual(buttons.last!.maxX, straighten.x, "the buttons end before the Straighten label")
        XCTAssertLessThanOrEqual(StraightenDialComponent.label(.horizontal, in: wide).maxX, wide.width)
        XCTAssertGreaterThanOrEqual(StraightenDialComponent.ruler(in: wide).width, 400)
        XCTAssertNil(StraightenDialComponent.uprightButton(.level, in: narrow))
        XCTAssertLessThanOrEqual(StraightenDialComponent.label(.horizontal, in: narrow).maxX, narrow.width)
    }
}
