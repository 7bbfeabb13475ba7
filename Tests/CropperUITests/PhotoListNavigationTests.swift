import CropperTestSupport
import EditorState
import Foundation
import PhotoIO
import XCTest

/// `cropper a.jpg b.jpg c.png`: the first opens, Page Up / Page Down step through them, unsaved edits ask first.
final class PhotoListNavigationTests: XCTestCase {
    private static let fixtures = EditorWindowHarness.packageRoot.appendingPathComponent("Tests/Fixtures/exif-orientation").path

    /// A real PNG made through PhotoIO from a fixture, in its own folder.
    private func makePNG() throws -> (folder: String, path: String) {
        let folder = NSTemporaryDirectory() + "cropper-png-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let source = try PhotoSource.open(path: Self.fixtures + "/Landscape_1.jpg")
        let path = folder + "/c.png"
        _ = try CropExporter.export(source, CropExport(rect: PixelRect(x: 0, y: 0, width: 600, height: 400)), to: path,
                                    overwrite: false)
        return (folder, path)
    }

    private func documents(_ entry: LogEntry) -> (paths: [String], index: Int?) {
        let object = entry.fields["documents"] as? [String: Any]
        return (object?["paths"] as? [String] ?? [], object?["index"] as? Int)
    }

    func testPageDownAndPageUpStepThroughThreePhotos() throws {
        let png = try makePNG()
        defer { try? FileManager.default.removeItem(atPath: png.folder) }
        let harness = try EditorWindowHarness(photos: [EditorWindowHarness.samplePhoto, Self.fixtures + "/Landscape_1.jpg", png.path])
        let paths = harness.photoPaths
        let first = try harness.waitUntilSettled()
        XCTAssertEqual(first.fields["image"] as? String, paths[0])
        XCTAssertEqual(documents(first).paths, paths)
        XCTAssertEqual(first.title, "sample.jpg (1 / 3) — Cropper")

        try harness.key("Next")
        let second = try harness.waitFor("the second photo") { $0.fields["image"] as? String == paths[1] && $0.imageSize != nil }
        XCTAssertEqual(second.title, "Landscape_1.jpg (2 / 3) — Cropper")
        XCTAssertEqual(second.imageSize, PixelSize(width: 1800, height: 1200))

        try harness.key("Next")
        let third = try harness.waitFor("the PNG") { $0.fields["image"] as? String == paths[2] && $0.imageSize != nil }
        XCTAssertEqual(third.imageSize, PixelSize(width: 600, height: 400))
        XCTAssertEqual(documents(third).index, 2)

        try harness.key("Next")
        XCTAssertEqual(try harness.sync().fields["image"] as? String, paths[2], "the last photo stays: no wrapping round")

        // An edit: Page Up asks first; Cancel stays, Don't Save goes on.
        try harness.key("r")
        try harness.waitFor("the rotation") { $0.dirty }
        try harness.key("Prior")
        try harness.waitFor("the question") { $0.visible("confirm") }
        try harness.key("Escape")
        let stayed = try harness.waitFor("cancel") { !$0.visible("confirm") }
        XCTAssertEqual(stayed.fields["image"] as? String, paths[2])
        XCTAssertTrue(stayed.dirty)
        XCTAssertEqual(stayed.title, "• c.png (3 / 3) — Cropper")

        try harness.key("Prior")
        try harness.waitFor("the question again") { $0.visible("confirm") }
        try harness.key("d")
        let back = try harness.waitFor("the second photo again") {
            $0.fields["image"] as? String == paths[1] && $0.imageSize != nil && !$0.dirty
        }
        XCTAssertEqual(back.title, "Landscape_1.jpg (2 / 3) — Cropper")

        try harness.key("KP_Prior")
        try harness.waitFor("the first photo") { $0.fields["image"] as? String == paths[0] && $0.imageSize != nil }
    }

    func testASinglePhotoHasNoPosition() throws {
        let harness = try EditorWindowHarness()
        let entry = try harness.waitUntilSettled()
        XCTAssertEqual(entry.title, "sample.jpg — Cropper")
        try harness.key("Next")
        XCTAssertEqual(try harness.sync().fields["image"] as? String, harness.photoPath)
    }
}
