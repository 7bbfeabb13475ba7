import CropperTestSupport
import EditorState
import Foundation
import XCTest
import PhotoIO

/// `cropper info` and `cropper crop` on a JPEG cut at 60 %.
final class DamagedCLITests: XCTestCase {
    private func cropper(_ arguments: [String]) throws -> ToolResult {
        try Tools.run(try cropperBinary(), arguments)
    }

    private func cutAt60(in scratch: ScratchDirectory) throws -> (path: String, intact: Int) {
        let bytes = DamagedFiles.truncated(try readBytes(Fixtures.path("Landscape", 1)), at: 0.6)
        let intact = try XCTUnwrap(try PhotoSource(bytes: bytes).findDamage()).intactRows
        return (try scratch.write(bytes, as: "cut.jpg"), intact)
    }

    func testInfoNamesTheUnreadableRows() throws {
        let scratch = try ScratchDirectory()
        let (path, intact) = try cutAt60(in: scratch)
        let text = try cropper(["info", path])
        XCTAssertEqual(text.status, 0)
        XCTAssertTrue(text.stdout.contains("damaged:        rows \(intact)–1199 unreadable (Premature end of JPEG file)"),
                      text.stdout)
        let json = try JSONSerialization.jsonObject(with: try cropper(["info", "--json", path]).stdoutData) as? [String: Any]
        XCTAssertEqual(json?["intactRows"] as? Int, intact)
        XCTAssertEqual(json?["damaged"] as? Bool, true)
        let whole = try JSONSerialization.jsonObject(
            with: try cropper(["info", "--json", Fixtures.path("Landscape", 1)]).stdoutData) as? [String: Any]
        XCTAssertTrue(whole?["intactRows"] is NSNull)
    }

    func testCropsOfTheIntactRowsSaveTheOriginalsPixelsAndIntoTheDamageAreRefused() throws {
        let scratch = try ScratchDirectory()
        let (path, intact) = try cutAt60(in: scratch)
        let rect = "0,0,1800,\(intact)"
        let fromCut = try cropper(["crop", path, "--rect", rect, "-o", scratch.file("a.png")])
        XCTAssertEqual(fromCut.status, 0, fromCut.stderr)
        XCTAssertTrue(fromCut.stderr.contains("the crop lies within its intact part"), fromCut.stderr)
        XCTAssertEqual(try cropper(["crop", Fixtures.path("Landscape", 1), "--rect", rect, "-o",
                                    scratch.file("b.png")]).status, 0)
        XCTAssertEqual(try readBytes(scratch.file("a.png")), try readBytes(scratch.file("b.png")))

        let into = try cropper(["crop", path, "--rect", "0,0,1800,\(intact + 1)", "-o", scratch.file("c.jpg")])
        XCTAssertEqual(into.status, 1)
        XCTAssertTrue(into.stderr.contains("move the box above row \(intact)"), into.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.file("c.jpg")))

        let anyway = try cropper(["crop", path, "--rect", "0,0,1800,1200", "--allow-damaged", "-o", scratch.file("d.jpg")])
        XCTAssertEqual(anyway.status, 0, anyway.stderr)
        XCTAssertTrue(anyway.stderr.contains("written as decoded"), anyway.stderr)
        XCTAssertEqual(try PhotoSource.open(path: scratch.file("d.jpg")).storedSize, PixelSize(width: 1800, height: 1200))
    }
}
