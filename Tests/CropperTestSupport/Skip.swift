import Foundation

#if canImport(XCTest)
import XCTest

/// The error that skips a test that cannot run here (no display, a tool not installed).
func skipping(_ reason: String) -> Error { XCTSkip(reason) }

/// The translated tests need the catalogues `make` compiles into .build/locale; a bare `swift test` has none.
public func requireCompiledCatalogues(file: StaticString = #filePath, line: UInt = #line) throws {
    let catalogue = EditorWindowHarness.packageRoot.appendingPathComponent(".build/locale/zh_CN/LC_MESSAGES/cropper.mo").path
    guard FileManager.default.fileExists(atPath: catalogue) else {
        XCTFail("no compiled catalogues in .build/locale: run `make locale` (make test does)", file: file, line: line)
        throw CocoaError(.fileNoSuchFile)
    }
}
#else
// `swift build -c release` compiles this target too, where XCTest is not available; nothing runs it there.
func skipping(_ reason: String) -> Error { HarnessError.skipped(reason) }
#endif
