import CropperTestSupport
import Foundation
import XCTest

/// The window in Chinese and in German: every part the user can open is drawn with no missing glyph (a box where
/// no font has the character) and no interface label cut to fit — the `text` tally of each frame line says so.
final class TranslatedWindowTests: XCTestCase {
    override func setUpWithError() throws {
        try requireCompiledCatalogues()
    }

    /// The documented command: `LANGUAGE=zh_CN cropper`, in a bare C locale (as in CI).
    func testChineseEverywhereWithoutMissingGlyphsOrCutLabels() throws {
        let opened = try openEverything(environment: ["LANGUAGE": "zh_CN", "LC_ALL": "C"])
        XCTAssertEqual(opened.shownTexts["confirm"], "保存对 sample.jpg 的更改吗？")
        XCTAssertEqual(opened.shownTexts["places"], "主文件夹")
    }

    /// German is the long one: the locale's own dates and decimal comma besides.
    func testGermanEverywhereWithoutCutLabels() throws {
        let opened = try openEverything(environment: ["LC_ALL": "de_DE.UTF-8"])
        XCTAssertEqual(opened.shownTexts["confirm"], "Änderungen an sample.jpg speichern?")
        XCTAssertEqual(opened.shownTexts["places"], "Persönlicher Ordner")
    }

    /// The smallest window: German's long titles still fit the shortcut sheet (in the condensed face).
    func testGermanShortcutSheetFitsTheSmallestWindow() throws {
        let harness = try EditorWindowHarness(geometry: "720x440", environment: ["LC_ALL": "de_DE.UTF-8"])
        try harness.waitUntilSettled()
        try harness.key("question")
        try harness.waitFor("the sheet") { $0.overlays.first == "shortcuts" }
        let frame = try harness.settled()
        let text = try XCTUnwrap(frame.fields["text"] as? [String: Any])
        XCTAssertEqual(text["cut"] as? [String], [])
        XCTAssertEqual(text["unknownGlyphs"] as? Int, 0)
    }

    /// A Chinese locale's dates ("2024年03月03日 09:05") fit the file dialog's date column.
    func testChineseLocaleDatesFitTheFileDialog() throws {
        let harness = try EditorWindowHarness(environment: ["LC_ALL": "zh_CN.UTF-8"])
        try harness.waitUntilSettled()
        try Self.addOldPhoto(beside: harness)
        try harness.key("ctrl+o")
        try harness.waitFor("the dialog listing both") { entry in
            ((entry.fields["dialog"] as? [String: Any])?["entries"] as? [String])?.count == 2
        }
        let text = try XCTUnwrap(try harness.settled().fields["text"] as? [String: Any])
        XCTAssertEqual(text["cut"] as? [String], [])
        XCTAssertEqual(text["unknownGlyphs"] as? Int, 0)
    }

    /// A second photo in the folder, two years old: the dialog writes its date in full.
    private static func addOldPhoto(beside harness: EditorWindowHarness) throws {
        let photo = try XCTUnwrap(harness.photoPaths.first)
        let old = URL(fileURLWithPath: photo).deletingLastPathComponent().appendingPathComponent("old.jpg").path
        try FileManager.default.copyItem(atPath: photo, toPath: old)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_709_456_700)], ofItemAtPath: old)
    }

    /// Opens the toolbar's tooltip, the picker, the file dialog (open and save), the shortcut sheet, the ⋯ menu and
    /// the save question, and checks every frame drawn on the way.
    private func openEverything(environment: [String: String]) throws -> Opened {
        let harness = try EditorWindowHarness(environment: environment)
        var opened = Opened(harness: harness)
        try harness.waitUntilSettled()
        try Self.addOldPhoto(beside: harness)
        try harness.key("r")
        let start = try harness.settled()
        let controls = start.fields["controls"] as? [[String: Any]] ?? []
        func centre(of id: String) throws -> (Double, Double) {
            let rect = try XCTUnwrap(controls.first { $0["id"] as? String == id }?["rect"] as? [Double], "no \(id) button")
            return (rect[0] + rect[2] / 2, rect[1] + rect[3] / 2)
        }
        let (rotateX, rotateY) = try centre(of: "rotateLeft")
        try harness.move(rotateX, rotateY)
        let hovered = try harness.waitFor("the hover") { $0.fields["hoveredButton"] as? String == "rotateLeft" }
        try harness.waitUntilWindowTime(hovered.time + ChromeTooltipDelay.seconds + 0.1)
        try harness.settled()
        try harness.move(640, 400)
        for (keys, overlay) in [("p", "picker"), ("ctrl+o", "dialog"), ("ctrl+shift+s", "dialog"), ("question", "shortcuts")] {
            try harness.key(keys)
            let shown = try harness.waitFor(overlay) { $0.overlays.first == overlay }
            if overlay == "dialog", let places = (shown.fields["dialog"] as? [String: Any])?["places"] as? [[String: Any]] {
                opened.shownTexts["places"] = places.first?["title"] as? String
            }
            try harness.settled()
            try harness.key("Escape")
            try harness.waitFor("\(overlay) closed") { $0.overlays.isEmpty }
        }
        let (moreX, moreY) = try centre(of: "moreCommands")
        try harness.click(moreX, moreY)
        try harness.waitFor("the menu") { $0.overlays.first == "menu" }
        try harness.settled()
        try harness.key("Escape")
        try harness.key("ctrl+q")
        let question = try harness.waitFor("the save question") { $0.overlays.first == "confirm" }
        opened.shownTexts["confirm"] = (question.fields["confirm"] as? [String: Any])?["title"] as? String
        try harness.settled()

        let frames = harness.entries().filter(\.isFrame)
        XCTAssertGreaterThan(frames.count, 8)
        for frame in frames {
            let text = try XCTUnwrap(frame.fields["text"] as? [String: Any], "frames carry the text tally")
            XCTAssertEqual(text["unknownGlyphs"] as? Int, 0, "a glyph no font has, in frame \(frame.seq)")
            XCTAssertEqual(text["cut"] as? [String], [], "labels cut to fit, in frame \(frame.seq)")
        }
        return opened
    }

    private enum ChromeTooltipDelay { static let seconds = 0.45 }

    private struct Opened {
        let harness: EditorWindowHarness
        var shownTexts: [String: String] = [:]
    }
}
