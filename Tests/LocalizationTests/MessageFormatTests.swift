import Localization
import XCTest

final class MessageFormatTests: XCTestCase {
    func testPlaceholdersTakeTheArgumentsInOrder() {
        XCTAssertEqual(MessageFormat.fill("Image %d × %d", with: ["640", "480"]), "Image 640 × 480")
        XCTAssertEqual(MessageFormat.fill("Saved to %s", with: ["/tmp/a.jpg"]), "Saved to /tmp/a.jpg")
    }

    func testNumberedPlaceholdersLetATranslationReorder() {
        XCTAssertEqual(MessageFormat.fill("%2$s ← %1$s", with: ["a", "b"]), "b ← a")
        XCTAssertEqual(MessageFormat.fill("%1$d×%2$d 会放大 %3$d×%4$d", with: ["1", "2", "3", "4"]), "1×2 会放大 3×4")
    }

    func testPercentSignsStay() {
        XCTAssertEqual(MessageFormat.fill("only the top %d %% could be read", with: ["62"]), "only the top 62 % could be read")
        XCTAssertEqual(MessageFormat.fill("100 %", with: []), "100 %")
        XCTAssertEqual(MessageFormat.fill("50 % off %s", with: ["x"]), "50 % off x")
    }

    func testAMissingArgumentLeavesNothingBehind() {
        XCTAssertEqual(MessageFormat.fill("%s and %s", with: ["one"]), "one and ")
    }

    func testWithoutATranslationTheSourceTextIsShown() {
        XCTAssertEqual(tr("A message nobody translated"), "A message nobody translated")
        XCTAssertEqual(trn("%d photo", "%d photos", 1, 1), "1 photo")
        XCTAssertEqual(trn("%d photo", "%d photos", 3, 3), "3 photos")
    }
}
