import CropperTestSupport
import Foundation
import XCTest

/// The grid in a real window: thumbnails made by the thumbnailer into the shared cache and drawn, the pointer's
/// clicks through X, and a screenshot. The rules themselves are tested in-process (AppGridTests).
final class GridWindowTests: XCTestCase {
    private var folder: String!

    /// Twelve photos in every EXIF orientation: the landscape set's eight and four of the portrait set.
    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "cropper-grid-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let sources = (1...8).map { Fixtures.path("Landscape", $0) } + (1...4).map { Fixtures.path("Portrait", $0) }
        for (index, source) in sources.enumerated() {
            try FileManager.default.copyItem(atPath: source, toPath: folder + String(format: "/p%02d.jpg", index + 1))
        }
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func grid(_ entry: LogEntry) -> [String: Any] { entry.fields["grid"] as? [String: Any] ?? [:] }

    private func saveShot(_ harness: EditorWindowHarness, _ name: String) throws {
        guard let shots = ProcessInfo.processInfo.environment["CROPPER_SCREENSHOTS"] else { return }
        _ = try EditorWindowHarness.run("/usr/bin/import", ["-window", harness.windowID, shots + "/" + name],
                                        display: harness.display)
    }

    func testTheGridShowsTheFolderSelectsByClickAndOpensByDoubleClick() throws {
        let harness = try EditorWindowHarness(photos: [folder + "/p02.jpg"], copyPhoto: false)
        _ = try harness.waitFor("the folder listed") {
            (($0.fields["documents"] as? [String: Any])?["paths"] as? [String])?.count == 12
        }
        try harness.key("g")
        let shown = try harness.waitFor("every thumbnail drawn", timeout: 30) {
            self.grid($0)["visible"] as? Bool == true && self.grid($0)["pictured"] as? Int == 12
        }
        XCTAssertEqual(grid(shown)["count"] as? Int, 12)
        XCTAssertEqual(grid(shown)["columns"] as? Int, 7, "1280 px across: seven 166 px cells")
        XCTAssertEqual(grid(shown)["focus"] as? Int, 1, "the open photo under the cursor")

        // Photo 9 (row 1, column 1) spans 204…370 × 258…448 at 1280 × 800.
        try harness.click(280, 330)
        var entry = try harness.waitFor("photo 9 selected") { self.grid($0)["focus"] as? Int == 8 }
        XCTAssertEqual(grid(entry)["selected"] as? Int, 1)
        try harness.key("ctrl+a")
        entry = try harness.waitFor("all selected") { self.grid($0)["selected"] as? Int == 12 }
        let settled = try harness.settled()
        XCTAssertEqual(grid(settled)["pending"] as? Int, 0)
        let shot = try harness.screenshot()
        // Between the cursor ring and the thumbnail: the selection's tint, on X's own pixels.
        let tint = shot.rgb(206, 300)
        XCTAssertGreaterThan(tint.b, tint.r + 40, "\(tint)")
        try saveShot(harness, "screenshot-grid.png")

        try harness.doubleClick(280 + 174, 330)
        let opened = try harness.waitFor("photo 10 open") {
            ($0.fields["image"] as? String) == self.folder + "/p10.jpg" && $0.imageSize != nil
        }
        XCTAssertEqual(grid(opened)["visible"] as? Bool, false)
    }
}
