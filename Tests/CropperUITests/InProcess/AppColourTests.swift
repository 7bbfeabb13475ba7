import CropperTestSupport
import EditorState
import Foundation
import PhotoIO
import XCTest
@testable import CropperUI

/// CMYK photos through the app state: saved from the window re-encoded (still CMYK, the same colour space) and
/// losslessly (the same pixels), and a photo without a profile says its colours are approximate.
/// (`ColourWindowTests` keeps what the screen shows: the colours through a photo's profile and the display's.)
final class AppColourTests: XCTestCase {
    func testACMYKPhotoSavesReencodedStillCMYKAndLosslessly() throws {
        let scratch = try ScratchDirectory()
        let photo = try ColourFixtures.cmyk(profile: ColourFixtures.cmykProfile, as: "print.jpg", scratch: scratch)
        let app = try AppHarness(files: [photo])
        XCTAssertNotNil(app.editor.imageSize)
        XCTAssertNil(app.notice, "a profile: nothing to warn about")

        app.key("ctrl+s")
        XCTAssertEqual(app.events.last, "saved")
        let reencoded = try PhotoSource.open(path: try XCTUnwrap(app.state.saving.lastSaved))
        XCTAssertTrue(try XCTUnwrap(reencoded.jpeg).frame.isCMYK)
        XCTAssertEqual(reencoded.colourSpace, try PhotoSource.open(path: photo).colourSpace)

        app.key("j")
        XCTAssertTrue(app.editor.isLossless)
        app.key("ctrl+s")
        XCTAssertEqual(app.notice?.hasPrefix("Saved losslessly to "), true, app.notice ?? "no notice")
        let lossless = try PhotoSource.open(path: try XCTUnwrap(app.state.saving.lastSaved))
        XCTAssertEqual(PixelGrid(try lossless.decodeFull()), PixelGrid(try PhotoSource.open(path: photo).decodeFull()))
    }

    func testACMYKPhotoWithoutAProfileSaysItsColoursAreApproximate() throws {
        let scratch = try ScratchDirectory()
        let app = try AppHarness(files: [try ColourFixtures.cmyk(as: "plain.jpg", scratch: scratch)])
        XCTAssertEqual(app.notice, "This CMYK photo has no colour profile: its colours are shown approximately")
    }
}
