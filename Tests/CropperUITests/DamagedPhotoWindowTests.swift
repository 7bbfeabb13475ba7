import CropperTestSupport
import EditorState
import Foundation
import PhotoIO
import XCTest

/// A JPEG cut at 60 % in the real window: the banner says so, the unreadable part is hatched, a box in the
/// intact rows saves the original's pixels, a box into the damage asks before writing the decoded pixels.
final class DamagedPhotoWindowTests: XCTestCase {
    private func openCutPhoto() throws -> (EditorWindowHarness, ScratchDirectory, intact: Int) {
        let scratch = try ScratchDirectory()
        let bytes = DamagedFiles.truncated(try readBytes(EditorWindowHarness.samplePhoto), at: 0.6)
        let path = try scratch.write(bytes, as: "cut.jpg")
        let damage = try XCTUnwrap(try PhotoSource(bytes: bytes).findDamage())
        let harness = try EditorWindowHarness(photo: path)
        let shown = try harness.waitFor("the banner") { $0.banner != nil }
        XCTAssertEqual(shown.banner, DamagedRegion(damage, orientation: .normal).summary)
        XCTAssertEqual(shown.fields["intactRows"] as? Int, damage.intactRows)
        return (harness, scratch, damage.intactRows)
    }

    private func typeBox(_ rect: PixelRect, in harness: EditorWindowHarness) throws {
        try harness.key("n")
        try harness.waitFor("the numeric entry") { $0.visible("numericEntry") }
        try harness.type("\(rect.x)\t\(rect.y)\t\(rect.width)\t\(rect.height)\n")
        try harness.waitFor("the typed box") { $0.crop == rect }
    }

    func testTheBannerSaysHowMuchCouldBeReadAndTheRestIsHatched() throws {
        let (harness, _, intact) = try openCutPhoto()
        XCTAssertTrue(harness.current?.banner?.hasPrefix("This photo ends early: only the top ") == true)
        try harness.waitUntilSettled()
        let entry = try harness.settled()
        let shot = try harness.screenshot()
        let image = try XCTUnwrap(entry.imageFrame)
        let scale = image.height / 1200
        let damagedTop = Int((image.minY + Double(intact) * scale).rounded(.up)) + 4
        let hatched = shot.mean(x: Int(image.minX) + 40, y: damagedTop, width: Int(image.width) - 80,
                                height: Int(image.maxY) - damagedTop - 40)
        // Decoded grey under dark orange stripes: warm, and darker than the grey alone.
        XCTAssertGreaterThan(hatched.r, hatched.b + 20, "\(hatched)")
        XCTAssertLessThan(hatched.g, 120, "\(hatched)")
    }

    func testABoxInTheIntactRowsSavesTheOriginalsCropAndABoxIntoTheDamageAsksFirst() throws {
        let (harness, _, intact) = try openCutPhoto()
        let rect = PixelRect(x: 100, y: 40, width: 600, height: intact - 40)
        try typeBox(rect, in: harness)
        try harness.key("ctrl+s")
        let saved = try harness.waitFor("the save", timeout: 15) { $0.lastSaved != nil }
        let path = try XCTUnwrap(saved.lastSaved)
        XCTAssertTrue(saved.toast?.hasSuffix("this crop is from its intact part") == true, saved.toast ?? "")
        let original = try PhotoSource.open(path: EditorWindowHarness.samplePhoto)
        XCTAssertEqual(try readBytes(path), try CropExporter.render(original, CropExport(rect: rect), as: .jpeg).bytes,
                       "exactly the crop of the undamaged photo")

        try typeBox(PixelRect(x: 100, y: 40, width: 600, height: intact), in: harness)
        try harness.key("ctrl+s")
        let asked = try harness.waitFor("the question") { $0.visible("damagedSave") }
        let message = (asked.fields["damagedSave"] as? [String: Any])?["message"] as? String ?? ""
        XCTAssertTrue(message.contains("Move the box above row \(intact)"), message)
        try harness.key("Escape")
        try harness.waitFor("the question to go") { !$0.visible("damagedSave") }
        XCTAssertEqual(saved.lastSaved, harness.current?.lastSaved, "nothing more was written")

        try harness.key("ctrl+s")
        try harness.waitFor("the question again") { $0.visible("damagedSave") }
        try harness.key("a")
        let anyway = try harness.waitFor("the save anyway", timeout: 15) { $0.lastSaved != path && $0.lastSaved != nil }
        XCTAssertTrue(anyway.toast?.contains("written as decoded") == true, anyway.toast ?? "")
        XCTAssertEqual(try PhotoSource.open(path: try XCTUnwrap(anyway.lastSaved)).storedSize,
                       PixelSize(width: 600, height: intact))
    }
}
