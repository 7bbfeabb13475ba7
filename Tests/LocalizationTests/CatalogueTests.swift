import CropperTestSupport
import Foundation
import XCTest

/// The translations are complete, current with the sources, and carried into the desktop entry and AppStream.
final class CatalogueTests: XCTestCase {
    private let root = EditorWindowHarness.packageRoot.path
    private var languages: [String] {
        ((try? String(contentsOfFile: root + "/po/LINGUAS", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    func testEveryCatalogueIsCompleteAndItsPlaceholdersMatch() throws {
        XCTAssertEqual(Set(languages), ["de", "zh_CN"])
        for language in languages {
            let result = try run("/usr/bin/msgfmt", ["--check", "--statistics", "-o", "/dev/null", "po/\(language).po"])
            XCTAssertEqual(result.status, 0, "msgfmt --check \(language): \(result.error)")
            XCTAssertTrue(result.error.contains("translated messages."), result.error)
            XCTAssertFalse(result.error.contains("untranslated") || result.error.contains("fuzzy"),
                           "\(language) is not complete: \(result.error)")
        }
    }

    func testThePotHoldsEveryMessageOfTheSources() throws {
        let result = try run("/usr/bin/python3", ["po/update-pot", "--check"])
        XCTAssertEqual(result.status, 0, result.error)
    }

    func testTheCataloguesTranslateEveryMessageOfThePot() throws {
        for language in languages {
            // msgcmp fails on a msgid of the pot that the catalogue lacks.
            let result = try run("/usr/bin/msgcmp", ["po/\(language).po", "po/cropper.pot"])
            XCTAssertEqual(result.status, 0, "\(language): \(result.error)")
        }
    }

    func testTheDesktopEntryAndTheMetainfoCarryTheTranslations() throws {
        let entry = try String(contentsOfFile: root + "/desktop/cropper.desktop", encoding: .utf8)
        let metainfo = try String(contentsOfFile: root + "/desktop/io.github.cropper.Cropper.metainfo.xml", encoding: .utf8)
        for language in languages {
            for key in ["Name", "GenericName", "Comment", "Keywords"] {
                XCTAssertTrue(entry.contains("\n\(key)[\(language)]="), "\(key)[\(language)] in cropper.desktop")
            }
            for element in ["name", "summary"] {
                XCTAssertTrue(metainfo.contains("<\(element) xml:lang=\"\(language)\">"), "<\(element) xml:lang=\(language)>")
            }
        }
        let desktop = try run("/usr/bin/desktop-file-validate", ["desktop/cropper.desktop"])
        XCTAssertEqual(desktop.status, 0, desktop.output + desktop.error)
        let appstream = try run("/usr/bin/appstreamcli", ["validate", "--no-net", "desktop/io.github.cropper.Cropper.metainfo.xml"])
        XCTAssertEqual(appstream.status, 0, appstream.output + appstream.error)
    }

    private func run(_ tool: String, _ arguments: [String]) throws -> LocaleRun.Result {
        try LocaleRun.run(tool, arguments, environment: ["LC_ALL": "C.UTF-8"], in: root)
    }
}
