import CropperTestSupport
import Foundation
import XCTest

/// The `?` sheet in the real window in English, German and Chinese: every row of the binding table drawn, the
/// animation keys among them, with no title cut and no missing glyph. `CROPPER_SCREENSHOTS=docs` refreshes the
/// documentation's pictures of it.
final class ShortcutSheetWindowTests: XCTestCase {
    override func setUpWithError() throws {
        try requireCompiledCatalogues()
    }

    private func openSheet(geometry: String, environment: [String: String], screenshot: String) throws -> [String: Any] {
        let harness = try EditorWindowHarness(geometry: geometry, environment: environment)
        try harness.waitUntilSettled()
        try harness.key("question")
        try harness.waitFor("the sheet") { $0.overlays.first == "shortcuts" }
        let frame = try harness.settled()
        let text = try XCTUnwrap(frame.fields["text"] as? [String: Any])
        XCTAssertEqual(text["cut"] as? [String], [], "no title cut in \(screenshot)")
        XCTAssertEqual(text["unknownGlyphs"] as? Int, 0, "no missing glyph in \(screenshot)")
        let sheet = try XCTUnwrap(frame.fields["shortcuts"] as? [String: Any])
        XCTAssertEqual(sheet["rowsOutside"] as? Int, 0, "every row inside the panel in \(screenshot)")
        try harness.saveDocsScreenshot(screenshot)
        return sheet
    }

    func testTheSheetInEnglishGermanAndChineseDrawsEveryRowUncut() throws {
        let english = try openSheet(geometry: "1280x800", environment: ["LANGUAGE": "en", "LC_ALL": "C.UTF-8"],
                                    screenshot: "screenshot-shortcuts.png")
        let titles = english["rows"] as? [String] ?? []
        XCTAssertTrue(titles.contains("Animation: play / pause, step"), "the animation rows are on the sheet: \(titles)")
        _ = try openSheet(geometry: "1280x800", environment: ["LC_ALL": "de_DE.UTF-8"],
                          screenshot: "screenshot-de-shortcuts.png")
        _ = try openSheet(geometry: "1280x800", environment: ["LANGUAGE": "zh_CN", "LC_ALL": "C"],
                          screenshot: "screenshot-zh_CN-shortcuts.png")
    }

    /// The smallest window in German, the longest titles: the sheet still holds every row.
    func testTheGermanSheetFitsTheSmallestWindow() throws {
        _ = try openSheet(geometry: "720x440", environment: ["LC_ALL": "de_DE.UTF-8"],
                          screenshot: "screenshot-de-shortcuts-720x440.png")
    }
}
