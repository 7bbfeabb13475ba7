import CropperTestSupport
import EditorState
import Foundation
import PhotoIO
import XCTest

/// A JPEG cut at 60 % in the real window: the banner says so and the unreadable part is hatched on screen. What a
/// box in the intact rows or into the damage saves is `AppDamagedPhotoTests` (and `AppSaveTests`), in-process.
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
}
