import CropperTestSupport
import EditorState
import Foundation
import PhotoIO
import XCTest

/// One crop on a folder of photos in a real window: the box drawn on one photo, copied as a rule, applied to the
/// grid's selection, one photo adjusted, all saved from the grid; the saved files checked against the command
/// line's crops of the same rects. Then Cancel, a folder that turned read-only (failures, Retry) and quitting
/// with crops unsaved. The rules themselves are tested in-process (AppBatchTests, CropRuleTests).
final class GridBatchWindowTests: XCTestCase {
    private var scratch: ScratchDirectory!
    private var folder: String { scratch.path }

    /// Twelve photos in every EXIF orientation (the landscape set's eight and four of the portrait set), as
    /// p01…p12; `copies` repeats them (p13…) for a batch long enough to cancel.
    private func makeFolder(in directory: String? = nil, copies: Int = 1) throws -> [String] {
        let into = directory ?? folder
        let sources = (1...8).map { Fixtures.path("Landscape", $0) } + (1...4).map { Fixtures.path("Portrait", $0) }
        var paths: [String] = []
        for copy in 0..<copies {
            for (index, source) in sources.enumerated() {
                let path = into + String(format: "/p%02d.jpg", copy * sources.count + index + 1)
                try FileManager.default.copyItem(atPath: source, toPath: path)
                paths.append(path)
            }
        }
        return paths
    }

    override func setUpWithError() throws {
        scratch = try ScratchDirectory()
    }

    private func grid(_ entry: LogEntry) -> [String: Any] { entry.fields["grid"] as? [String: Any] ?? [:] }
    private func batch(_ entry: LogEntry) -> [String: Any] { entry.fields["batch"] as? [String: Any] ?? [:] }

    private func crops(_ entry: LogEntry) -> [Int: PixelRect] {
        let logged = grid(entry)["crops"] as? [String: Any] ?? [:]
        var crops: [Int: PixelRect] = [:]
        for (key, value) in logged {
            guard let index = Int(key), let numbers = value as? [Int], numbers.count == 4 else { continue }
            crops[index] = PixelRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        }
        return crops
    }

    /// The centre of the batch bar's Cancel / Retry button, in window pixels.
    private func batchButton(_ entry: LogEntry) throws -> (Double, Double) {
        let frame = try XCTUnwrap(grid(entry)["batchButton"] as? [Double], "\(grid(entry))")
        return (frame[0] + frame[2] / 2, frame[1] + frame[3] / 2)
    }

    private func saveShot(_ harness: EditorWindowHarness, _ name: String) throws {
        guard let shots = ProcessInfo.processInfo.environment["CROPPER_SCREENSHOTS"] else { return }
        _ = try EditorWindowHarness.run("/usr/bin/import", ["-window", harness.windowID, shots + "/" + name],
                                        display: harness.display)
    }

    /// Opens the folder's second photo, draws a box on it, copies it as the default rule and applies it to every
    /// photo of the grid. Returns the box drawn.
    private func applyDrawnBox(_ harness: EditorWindowHarness, count: Int) throws -> PixelRect {
        _ = try harness.waitFor("the folder listed") {
            (($0.fields["documents"] as? [String: Any])?["paths"] as? [String])?.count == count
        }
        try harness.waitUntilSettled()
        try harness.drag(from: (330, 200), to: (900, 560))
        let drawn = try XCTUnwrap(try harness.waitFor("the box drawn") { $0.crop != nil && $0.activity == "idle" }.crop)
        try harness.key("ctrl+shift+c")
        _ = try harness.waitFor("the rule panel") { $0.visible("cropRule") }
        try harness.key("Return")
        _ = try harness.waitFor("the rule copied") { ($0.fields["copiedRule"] as? String) == "sameShapeSamePlace" }
        try harness.key("g")
        _ = try harness.waitFor("the grid") { self.grid($0)["visible"] as? Bool == true }
        try harness.key("ctrl+a")
        _ = try harness.waitFor("all selected") { self.grid($0)["selected"] as? Int == count }
        try harness.key("ctrl+shift+v")
        _ = try harness.waitFor("the rule on every photo", timeout: 30) {
            self.grid($0)["placing"] as? Int == 0 && self.grid($0)["pending"] as? Int == count
        }
        return drawn
    }

    func testTheWholeFlowSavesWhatTheCommandLineCropsOfTheSameRects() throws {
        let paths = try makeFolder()
        let harness = try EditorWindowHarness(photos: [paths[1]], copyPhoto: false)
        let drawn = try applyDrawnBox(harness, count: 12)
        let rule = CropRule(box: drawn, photoSize: PixelSize(width: 1800, height: 1200))
        var expected: [PixelRect] = try (0..<12).map { index in
            let shown = index < 8 ? PixelSize(width: 1800, height: 1200) : PixelSize(width: 1200, height: 1800)
            return try rule.placedBox(in: shown).get()
        }
        let applied = try harness.waitFor("every box drawn", timeout: 30) { self.grid($0)["pictured"] as? Int == 12 }
        XCTAssertEqual(crops(applied), Dictionary(uniqueKeysWithValues: expected.enumerated().map { ($0, $1) }))
        try saveShot(harness, "screenshot-grid-batch.png")

        // Adjust one: p10 (row 1, column 2) opens with its box; a nudge moves it a pixel right.
        try harness.doubleClick(454, 330)
        _ = try harness.waitFor("p10 open with its box") {
            ($0.fields["image"] as? String) == paths[9] && $0.crop == expected[9]
        }
        try harness.key("Right")
        expected[9].x += 1
        _ = try harness.waitFor("p10 adjusted") { $0.crop == expected[9] }
        try harness.key("g")
        try harness.key("ctrl+a")
        _ = try harness.waitFor("all selected") { self.grid($0)["selected"] as? Int == 12 }
        try harness.key("ctrl+s")
        let done = try harness.waitFor("the batch written", timeout: 60) {
            self.batch($0)["running"] as? Bool == false && self.batch($0)["total"] as? Int == 12
        }
        XCTAssertEqual(batch(done)["done"] as? Int, 12)
        XCTAssertEqual(batch(done)["failed"] as? Int, 0)
        XCTAssertEqual(grid(done)["pending"] as? Int, 0)

        let quality = (done.fields["settings"] as? [String: Any])?["jpegQuality"] as? Int ?? JPEGQuality.standard
        for (index, path) in paths.enumerated() {
            let saved = path.replacingOccurrences(of: ".jpg", with: "-cropped.jpg")
            let byCLI = scratch.file(String(format: "cli-%02d.jpg", index + 1))
            let rect = expected[index]
            let cli = try Tools.run(try cropperBinary(), ["crop", path, "--rect", "\(rect.x),\(rect.y),\(rect.width),\(rect.height)",
                                                          "--quality", String(quality), "-o", byCLI])
            XCTAssertEqual(cli.status, 0, cli.stderr)
            let window = try PhotoSource.open(path: saved).decodeFull(), command = try PhotoSource.open(path: byCLI).decodeFull()
            XCTAssertEqual([window.width, window.height], [rect.width, rect.height], saved)
            XCTAssertEqual([command.width, command.height], [rect.width, rect.height], byCLI)
            XCTAssertTrue(window.byteCount == command.byteCount
                          && memcmp(window.pixels, command.pixels, window.byteCount) == 0, "\(saved): the same pixels as the command line's")
        }
    }

    /// A rule straightened by 6°: each thumbnail shows its box turned on the upright photo, the part of it the
    /// straightened crop takes, and the boxes are those the rule places on the turned photos.
    func testAStraightenedRuleDrawsEachBoxTurnedOnItsThumbnail() throws {
        let paths = try makeFolder()
        let harness = try EditorWindowHarness(photos: [paths[1]], copyPhoto: false)
        _ = try harness.waitFor("the folder listed") {
            (($0.fields["documents"] as? [String: Any])?["paths"] as? [String])?.count == 12
        }
        try harness.waitUntilSettled()
        for _ in 0..<6 { try harness.key("greater") }
        _ = try harness.waitFor("straightened 6°") { ($0.fields["straighten"] as? Double) == 6 }
        let drawn = try applyDrawnBox(harness, count: 12)
        let rule = CropRule(box: drawn, photoSize: PixelSize(width: 1800, height: 1200), straighten: StraightenAngle(tenths: 60))
        let expected: [PixelRect] = try (0..<12).map { index in
            let shown = index < 8 ? PixelSize(width: 1800, height: 1200) : PixelSize(width: 1200, height: 1800)
            return try rule.placedBox(in: shown).get()
        }
        let applied = try harness.waitFor("every box drawn", timeout: 30) { self.grid($0)["pictured"] as? Int == 12 }
        XCTAssertEqual(crops(applied), Dictionary(uniqueKeysWithValues: expected.enumerated().map { ($0, $1) }))
        try saveShot(harness, "screenshot-grid-straightened.png")
    }

    func testCancelStopsTheBatchAndWhatWasNotSavedKeepsItsCrop() throws {
        let paths = try makeFolder(copies: 3)
        let harness = try EditorWindowHarness(photos: [paths[1]], copyPhoto: false)
        _ = try applyDrawnBox(harness, count: 36)
        // Ctrl+S and a click on the bar's Cancel in one go.
        let (x, y) = try batchButton(try harness.settled())
        _ = try harness.xdotool(["windowfocus", "--sync", harness.windowID])
        _ = try harness.xdotool(["key", "ctrl+s", "mousemove", "--window", harness.windowID, String(Int(x)), String(Int(y)),
                                 "click", "1"])
        let stopped = try harness.waitFor("the batch stopped", timeout: 60) {
            self.batch($0)["running"] as? Bool == false && self.batch($0)["total"] as? Int == 36
        }
        let saved = batch(stopped)["done"] as? Int ?? -1
        XCTAssertEqual(batch(stopped)["cancelled"] as? Bool, true)
        XCTAssertLessThan(saved, 36, "the cancel came before the end")
        XCTAssertEqual(grid(stopped)["pending"] as? Int, 36 - saved, "the rest keep their crops")
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder)
        XCTAssertEqual(entries.filter { $0.hasSuffix("-cropped.jpg") }.count, saved, "\(entries)")
        XCTAssertTrue(entries.allSatisfy { $0.hasSuffix(".jpg") }, "nothing half-written, no temporary files left: \(entries)")
    }

    func testAReadOnlyFolderListsTheFailuresAndRetryWritesThemOnceItIsWritable() throws {
        let disk = try TmpfsMount(in: scratch, name: "photos", size: "16m")
        let paths = try makeFolder(in: disk.path)
        let harness = try EditorWindowHarness(photos: [paths[1]], copyPhoto: false)
        _ = try applyDrawnBox(harness, count: 12)
        try disk.remountReadOnly()
        try harness.key("ctrl+s")
        let failed = try harness.waitFor("the batch failed", timeout: 60) {
            self.batch($0)["running"] as? Bool == false && self.batch($0)["failed"] as? Int == 12
        }
        let failures = batch(failed)["failures"] as? [[String: Any]] ?? []
        XCTAssertEqual(Set(failures.compactMap { $0["path"] as? String }), Set(paths))
        XCTAssertTrue(failures.allSatisfy { ($0["reason"] as? String)?.lowercased().contains("read-only") == true }, "\(failures)")
        XCTAssertEqual(grid(failed)["batchBar"] as? Bool, true)
        XCTAssertEqual(grid(failed)["pending"] as? Int, 12, "nothing lost")
        XCTAssertEqual(disk.entries, paths.map { ($0 as NSString).lastPathComponent }.sorted(), "nothing half-written")
        _ = try harness.settled()
        try saveShot(harness, "screenshot-grid-failures.png")
        _ = try Tools.run("/bin/mount", ["-o", "remount,rw", disk.path])
        let (x, y) = try batchButton(failed)
        try harness.click(x, y)
        let retried = try harness.waitFor("the retry written", timeout: 60) {
            self.batch($0)["running"] as? Bool == false && self.batch($0)["done"] as? Int == 12
        }
        XCTAssertEqual(grid(retried)["batchBar"] as? Bool, false)
        XCTAssertEqual(disk.entries.filter { $0.hasSuffix("-cropped.jpg") }.count, 12)
    }

    func testQuittingWithCropsUnsavedAsksAndDontSaveWritesNothing() throws {
        let paths = try makeFolder()
        let harness = try EditorWindowHarness(photos: [paths[1]], copyPhoto: false)
        _ = try applyDrawnBox(harness, count: 12)
        try harness.key("ctrl+q")
        let asked = try harness.waitFor("the question") { $0.visible("confirm") }
        XCTAssertEqual((asked.fields["confirm"] as? [String: Any])?["title"] as? String, "Save the crops of 12 photos?")
        try harness.key("Escape")
        _ = try harness.waitFor("still open") { !$0.visible("confirm") && self.grid($0)["pending"] as? Int == 12 }
        try harness.key("ctrl+q")
        _ = try harness.waitFor("asked again") { $0.visible("confirm") }
        try harness.key("d")
        XCTAssertTrue(harness.waitForExit(timeout: 10), "Don't Save quits")
        XCTAssertTrue(try FileManager.default.contentsOfDirectory(atPath: folder).allSatisfy { !$0.contains("-cropped") })
    }
}
