import CropperTestSupport
@testable import CropperUI
import Foundation
import XCTest

/// Every translated message, in every font the window uses, has a glyph for each character: Chinese needs the
/// CJK font scripts/install-deps installs, through fontconfig's fallback from DejaVu Sans.
final class TranslationGlyphTests: XCTestCase {
    func testEveryTranslatedMessageHasItsGlyphs() throws {
        let text = TextRenderer()
        for language in ["de", "zh_CN"] {
            let path = EditorWindowHarness.packageRoot.appendingPathComponent("po/\(language).po").path
            let messages = try translations(in: String(contentsOfFile: path, encoding: .utf8))
            XCTAssertGreaterThan(messages.count, 300)
            for message in messages {
                for font in [Theme.bodyFont, Theme.boldFont, Theme.smallFont, Theme.titleFont] {
                    XCTAssertEqual(text.unknownGlyphs(in: message, font: font), 0, "\(language): \(message)")
                }
            }
        }
    }

    /// The msgstr lines of a catalogue, unquoted (the header's left out).
    private func translations(in catalogue: String) throws -> [String] {
        let pattern = try NSRegularExpression(pattern: #"^msgstr(?:\[\d\])? "(.+)"$"#, options: .anchorsMatchLines)
        let range = NSRange(catalogue.startIndex..., in: catalogue)
        return pattern.matches(in: catalogue, range: range).compactMap { match in
            Range(match.range(at: 1), in: catalogue).map {
                String(catalogue[$0]).replacingOccurrences(of: #"\""#, with: "\"").replacingOccurrences(of: #"\\"#, with: "\\")
            }
        }
    }
}
