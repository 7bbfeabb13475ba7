import Glibc
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

/// Separators and date forms read from the generated locales (scripts/install-deps makes de_DE and zh_CN).
final class LocaleFormatTests: XCTestCase {
    func testGermanWritesADecimalCommaAndDayMonthYear() throws {
        let german = LocaleFormat(locale: "de_DE.UTF-8")
        guard german.decimalSeparator == "," else { throw XCTSkip("the de_DE.UTF-8 locale is not generated (scripts/install-deps)") }
        XCTAssertEqual(german.tenths(15), "1,5")
        XCTAssertEqual(german.decimals("+3.2°"), "+3,2°")
        XCTAssertEqual(german.dateFormat, "%d.%m.%Y")
    }

    func testChineseKeepsThePointAndWritesYearMonthDay() throws {
        let chinese = LocaleFormat(locale: "zh_CN.UTF-8")
        guard let format = chinese.dateFormat else { throw XCTSkip("the zh_CN.UTF-8 locale is not generated (scripts/install-deps)") }
        XCTAssertEqual(chinese.tenths(15), "1.5")
        var time = tm()
        time.tm_year = 124; time.tm_mon = 2; time.tm_mday = 3
        XCTAssertEqual(LocaleFormat.format(time, format), "2024年03月03日")
    }

    func testTheCLocaleKeepsThePointAndHasNoDateFormOfItsOwn() {
        let c = LocaleFormat(locale: "C")
        XCTAssertEqual(c.tenths(-25), "-2.5")
        XCTAssertNil(c.dateFormat)
    }
}
