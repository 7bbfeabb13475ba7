import CropperTestSupport
import EditorState
import Foundation
import PhotoIO
import XCTest
@testable import CropperUI

/// One function names a crop's file (`OutputName.decide`): the window's Save and `cropper crop` give the same
/// name for the same photo, and the same answer when the name is taken (the window steps on to the next free
/// one, the command line refuses to overwrite it).
final class OutputNameParityTests: XCTestCase {
    private struct Case {
        let source: String
        /// Made from the sample: JPEG, or PNG content behind a `.jpg` name.
        let asPNG: Bool
        let expected: String
    }

    private let cases = [
        Case(source: "photo.jpg", asPNG: false, expected: "photo-cropped.jpg"),
        Case(source: "IMG_0001.JPG", asPNG: false, expected: "IMG_0001-cropped.JPG"),
        Case(source: "shot.jpg", asPNG: true, expected: "shot-cropped.png"),
        Case(source: "no extension", asPNG: false, expected: "no extension-cropped.jpg"),
    ]

    private func place(_ test: Case, in scratch: ScratchDirectory) throws -> String {
        guard test.asPNG else { return try scratch.copy(EditorWindowHarness.samplePhoto, as: test.source) }
        let png = try DamagedFiles.png(of: try PhotoSource.open(path: EditorWindowHarness.samplePhoto))
        return try scratch.write(png, as: test.source)
    }

    /// What the window writes on Ctrl+S for this photo.
    private func windowSave(_ path: String) throws -> String? {
        let app = try AppHarness(files: [path])
        app.typeBox(PixelRect(x: 0, y: 0, width: 120, height: 80))
        app.key("ctrl+s")
        return app.state.saving.lastSaved
    }

    /// What `cropper crop` writes, or the error it gives.
    private func commandLine(_ path: String) throws -> ToolResult {
        try Tools.run(try cropperBinary(), ["crop", path, "--rect", "0,0,120,80"])
    }

    func testTheWindowAndTheCommandLineNameTheSameFile() throws {
        for test in cases {
            let forWindow = try ScratchDirectory(), forCommandLine = try ScratchDirectory()
            let windowPhoto = try place(test, in: forWindow), commandLinePhoto = try place(test, in: forCommandLine)
            let saved = try XCTUnwrap(try windowSave(windowPhoto), test.source)
            let written = try commandLine(commandLinePhoto)
            XCTAssertEqual(written.status, 0, written.stderr)
            XCTAssertEqual(PathNames.name(of: saved), test.expected)
            // "PATH WxH": the path may hold spaces, the size does not.
            let path = written.stdout.trimmingCharacters(in: .newlines).split(separator: "\n").first
                .map { String($0[..<($0.lastIndex(of: " ") ?? $0.endIndex)]) }
            XCTAssertEqual(path, forCommandLine.file(test.expected))
            let format = try PhotoSource.open(path: windowPhoto).format
            XCTAssertEqual(OutputName.decide(for: windowPhoto, format: format, pickFree: false), forWindow.file(test.expected))
        }
    }

    func testATakenNameIsSteppedOverByTheWindowAndRefusedByTheCommandLine() throws {
        for test in [cases[0], cases[2]] {
            let forWindow = try ScratchDirectory(), forCommandLine = try ScratchDirectory()
            let windowPhoto = try place(test, in: forWindow), commandLinePhoto = try place(test, in: forCommandLine)
            for scratch in [forWindow, forCommandLine] { _ = try scratch.write([1, 2, 3], as: test.expected) }
            let format = try PhotoSource.open(path: windowPhoto).format

            let free = OutputName.decide(for: windowPhoto, format: format, pickFree: true)
            XCTAssertEqual(free, OutputName.cropped(windowPhoto, format: format, number: 2), test.source)
            XCTAssertEqual(try windowSave(windowPhoto), free)
            XCTAssertEqual(try readBytes(forWindow.file(test.expected)), [1, 2, 3], "never overwritten")

            let refused = try commandLine(commandLinePhoto)
            XCTAssertEqual(refused.status, 1, test.source)
            XCTAssertTrue(refused.stderr.contains(forCommandLine.file(test.expected)), refused.stderr)
            XCTAssertEqual(try readBytes(forCommandLine.file(test.expected)), [1, 2, 3], "never overwritten")
        }
    }
}
