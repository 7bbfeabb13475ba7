import CropperTestSupport
import Foundation
import XCTest

/// The command line speaks the user's language; what programs read (`--json`) does not change with it.
final class CommandLineLanguageTests: XCTestCase {
    override func setUpWithError() throws {
        try requireCompiledCatalogues()
    }

    func testAnErrorLineIsInChineseEvenInTheCLocale() throws {
        let result = try cropper(["crop", "/nonexistent/photo.jpg", "--rect", "0,0,10,10"], ["LANGUAGE": "zh_CN", "LC_ALL": "C"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.error, "cropper: /nonexistent/photo.jpg: 未找到\n")
    }

    func testTheInfoReportIsInGermanAndItsColumnsLineUp() throws {
        let result = try cropper(["info", EditorWindowHarness.samplePhoto], ["LC_ALL": "de_DE.UTF-8"])
        guard result.output.contains("Datei:") else { throw XCTSkip("the de_DE.UTF-8 locale is not generated (scripts/install-deps)") }
        let lines = result.output.split(separator: "\n")
        XCTAssertTrue(lines.contains { $0.hasPrefix("gespeicherte Größe: 1800x1200") }, result.output)
        // Every value starts in the same column, after the longest key.
        let valueColumns = Set(lines.map { line -> Int in
            let colon = line.firstIndex(of: ":") ?? line.startIndex
            let value = line[line.index(after: colon)...].firstIndex { $0 != " " } ?? line.endIndex
            return line.distance(from: line.startIndex, to: value)
        })
        XCTAssertEqual(valueColumns.count, 1, result.output)
    }

    func testJSONIsTheSameInEveryLanguage() throws {
        let english = try cropper(["info", "--json", EditorWindowHarness.samplePhoto], ["LC_ALL": "C.UTF-8"])
        let chinese = try cropper(["info", "--json", EditorWindowHarness.samplePhoto], ["LANGUAGE": "zh_CN", "LC_ALL": "C"])
        let german = try cropper(["info", "--json", EditorWindowHarness.samplePhoto], ["LC_ALL": "de_DE.UTF-8"])
        XCTAssertEqual(english.status, 0)
        XCTAssertEqual(chinese.output, english.output)
        XCTAssertEqual(german.output, english.output, "numbers keep their point in JSON")
    }

    func testTheHelpIsTranslated() throws {
        let result = try cropper(["crop", "--help"], ["LANGUAGE": "zh_CN", "LC_ALL": "C"])
        XCTAssertTrue(result.output.contains("以全分辨率裁剪照片，并保留其元数据。"), result.output)
    }

    private func cropper(_ arguments: [String], _ environment: [String: String]) throws -> LocaleRun.Result {
        try LocaleRun.run(CropperExecutable.path, arguments, environment: environment)
    }
}
