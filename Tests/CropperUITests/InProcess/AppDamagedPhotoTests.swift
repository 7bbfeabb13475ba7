import CropperTestSupport
import EditorState
import Foundation
import PhotoIO
import XCTest
@testable import CropperUI

/// A JPEG cut at 60 % through the app state: a box in the intact rows saves exactly the undamaged photo's crop,
/// and a box into the damage asks first, says which row to stay above, writes nothing on Cancel and the decoded
/// pixels on "Save anyway". (`DamagedPhotoWindowTests` keeps the hatching as drawn.)
final class AppDamagedPhotoTests: XCTestCase {
    func testABoxInTheIntactRowsSavesTheOriginalsCropAndABoxIntoTheDamageAsksFirst() throws {
        let scratch = try ScratchDirectory()
        let bytes = DamagedFiles.truncated(try readBytes(EditorWindowHarness.samplePhoto), at: 0.6)
        let app = try AppHarness(files: [try scratch.write(bytes, as: "cut.jpg")])
        let intact = try XCTUnwrap(try PhotoSource(bytes: bytes).findDamage()).intactRows
        XCTAssertTrue(app.banner?.hasPrefix("This photo ends early: only the top ") == true, app.banner ?? "no banner")

        let rect = PixelRect(x: 100, y: 40, width: 600, height: intact - 40)
        app.typeBox(rect)
        XCTAssertEqual(app.editor.crop, rect)
        app.key("ctrl+s")
        let path = try XCTUnwrap(app.state.saving.lastSaved)
        XCTAssertTrue(app.notice?.hasSuffix("this crop is from its intact part") == true, app.notice ?? "")
        let original = try PhotoSource.open(path: EditorWindowHarness.samplePhoto)
        XCTAssertEqual(try readBytes(path), try CropExporter.render(original, CropExport(rect: rect), as: .jpeg).bytes,
                       "exactly the crop of the undamaged photo")

        app.typeBox(PixelRect(x: 100, y: 40, width: 600, height: intact))
        app.key("ctrl+s")
        XCTAssertEqual(app.top, .damagedSave)
        let message = try XCTUnwrap(app.state.stack.component(QuestionComponent.self)?.question.message)
        XCTAssertTrue(message.contains("Move the box above row \(intact)"), message)
        app.key("Escape")
        XCTAssertNil(app.top)
        XCTAssertEqual(app.state.saving.lastSaved, path, "nothing more was written")

        app.key("ctrl+s")
        XCTAssertEqual(app.top, .damagedSave, "asked again")
        app.key("a")
        let anyway = try XCTUnwrap(app.state.saving.lastSaved)
        XCTAssertNotEqual(anyway, path)
        XCTAssertTrue(app.notice?.contains("written as decoded") == true, app.notice ?? "")
        XCTAssertEqual(try PhotoSource.open(path: anyway).storedSize, PixelSize(width: 600, height: intact))
    }
}
