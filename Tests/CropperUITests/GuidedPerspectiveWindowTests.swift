import CropperTestSupport
import EditorState
import Foundation
import XCTest

/// Guided perspective in the real window: two guides drawn with the real pointer along a façade's converging edges
/// re-project the photo so they are upright, and the box stays on the warped photo. Undo, redo and deleting a
/// guide with a right click are `AppGuidedPerspectiveTests`, in-process.
final class GuidedPerspectiveWindowTests: XCTestCase {
    func testTwoGuidesMakeTheFacadeUpright() throws {
        let scratch = try ScratchDirectory()
        let harness = try EditorWindowHarness(photo: try makeLeaningStreet(in: scratch))
        let opened = try harness.waitUntilSettled()
        let image = try XCTUnwrap(opened.imageFrame), zoom = opened.zoomScale
        // The façade's edges in the photo as shot: the street's x = 250 and x = 1250 seen through the inverse warp.
        let warp = WarpedPhoto(size: PixelSize(width: 1500, height: 1000), angle: .zero,
                               perspective: PerspectiveAngles(verticalTenths: 80, horizontalTenths: 0))
        func onScreen(_ x: Double, _ y: Double) -> (Double, Double) {
            let p = warp.backward.apply(Point(x: x, y: y))
            return (image.x + p.x * zoom, image.y + p.y * zoom)
        }
        try harness.key("shift+g")
        try harness.waitFor("guided mode") { $0.fields["guidedMode"] as? Bool == true }
        try harness.drag(from: onScreen(250, 850), to: onScreen(250, 200), steps: 8)
        // The barrier comes after the release: the state once the guide is let go, never one caught mid-drag.
        var entry = try harness.sync()
        XCTAssertEqual((entry.fields["guides"] as? [Any])?.count, 1)
        XCTAssertEqual(entry.numbers("perspective"), [0, 0], "one guide says nothing yet")
        try harness.drag(from: onScreen(1250, 850), to: onScreen(1250, 200), steps: 8)
        entry = try harness.sync()
        XCTAssertEqual((entry.fields["guides"] as? [Any])?.count, 2, "two guides, the picture re-projected")
        let angles = try XCTUnwrap(entry.numbers("perspective"))
        XCTAssertEqual(angles[0], 8, accuracy: 0.3)
        XCTAssertEqual(angles[1], 0)
        XCTAssertEqual(entry.number("straighten") ?? .nan, 0, accuracy: 0.3)
        let crop = try XCTUnwrap(entry.crop)
        XCTAssertTrue(WarpedPhoto(size: PixelSize(width: 1500, height: 1000),
                                  angle: StraightenAngle(degrees: entry.number("straighten") ?? 0),
                                  perspective: PerspectiveAngles(vertical: angles[0], horizontal: angles[1])).contains(crop))
        let shot = try harness.screenshot()
        shot.keepIfAsked(as: "perspective-guides.ppm")
    }
}
