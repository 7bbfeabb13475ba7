import CropperTestSupport
import EditorState
import Foundation
import XCTest
@testable import CropperUI
@testable import X11Platform

/// Guided perspective through the app state: Shift+G, two guides drawn along a façade's converging edges
/// re-project the photo so they are upright (within 0.3° of the truth the photo was made with), one undo step each,
/// redo, a right click deletes a guide, and the box stays on the warped photo. (`GuidedPerspectiveWindowTests`
/// keeps the guides drawn through the real window.)
final class AppGuidedPerspectiveTests: XCTestCase {
    func testTwoGuidesMakeTheFacadeUprightOneUndoStepEach() throws {
        let scratch = try ScratchDirectory()
        let app = try AppHarness(files: [try makeLeaningStreet(in: scratch)])
        // The façade's edges in the photo as shot: the street's x = 250 and x = 1250 seen through the inverse warp.
        let truth = WarpedPhoto(size: PixelSize(width: 1500, height: 1000), angle: .zero,
                                perspective: PerspectiveAngles(verticalTenths: 80, horizontalTenths: 0))
        func shot(_ x: Double, _ y: Double) -> WindowPoint { app.windowPoint(ofPhoto: truth.backward.apply(Point(x: x, y: y))) }

        app.key("shift+G")
        XCTAssertTrue(app.state.stack.contains(.guides), "guided mode")
        app.drag(from: shot(250, 850), to: shot(250, 200))
        XCTAssertEqual(app.editor.guides.count, 1)
        XCTAssertEqual(app.editor.perspective, .zero, "one guide says nothing yet")
        app.drag(from: shot(1250, 850), to: shot(1250, 200))
        XCTAssertEqual(app.editor.guides.count, 2)
        XCTAssertEqual(app.editor.perspective.vertical, 8, accuracy: 0.3)
        XCTAssertEqual(app.editor.perspective.horizontal, 0)
        XCTAssertEqual(app.editor.straighten.degrees, 0, accuracy: 0.3)
        XCTAssertTrue(try XCTUnwrap(app.editor.warpedPhoto).contains(try XCTUnwrap(app.editor.crop)), "the box on the warped photo")

        app.key("ctrl+z")
        XCTAssertEqual(app.editor.guides.count, 1, "one undo step takes the second guide back")
        XCTAssertEqual(app.editor.perspective, .zero)
        app.key("ctrl+shift+Z")
        XCTAssertEqual(app.editor.guides.count, 2)
        // The second guide's middle where the window shows it now, through the warp: a right click deletes it.
        let guide = app.editor.guides[1]
        let middle = try XCTUnwrap(app.editor.warpedPhoto).warpedPoint(fromPhoto: Point(x: (guide.start.x + guide.end.x) / 2,
                                                                                        y: (guide.start.y + guide.end.y) / 2))
        app.click(app.windowPoint(ofPhoto: middle), button: 3)
        XCTAssertEqual(app.editor.guides.count, 1, "a guide deleted")
        app.key("shift+G")
        XCTAssertFalse(app.state.stack.contains(.guides), "guided mode off")
    }
}
