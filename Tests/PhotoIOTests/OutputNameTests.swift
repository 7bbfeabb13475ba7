import CropperTestSupport
import Foundation
import XCTest
@testable import PhotoIO

/// The one rule for where a crop goes when no name is given, as the command line and the window both use it.
final class OutputNameTests: XCTestCase {
    func testTheSourceExtensionIsKeptWhenItNamesTheFormat() {
        XCTAssertEqual(OutputName.cropped("/a/b/photo.JPG", format: .jpeg), "/a/b/photo-cropped.JPG")
        XCTAssertEqual(OutputName.cropped("photo.jpeg", format: .jpeg), "photo-cropped.jpeg")
        XCTAssertEqual(OutputName.cropped("/x.png", format: .png), "/x-cropped.png")
        XCTAssertEqual(OutputName.cropped("a.b.jpeg", format: .jpeg), "a.b-cropped.jpeg")
        XCTAssertEqual(OutputName.cropped("/a/photo.JPG", format: nil), "/a/photo-cropped.JPG")
    }

    func testANameWithoutExtensionGetsTheFormatsOwn() {
        XCTAssertEqual(OutputName.cropped("dir.v2/photo", format: .jpeg), "dir.v2/photo-cropped.jpg")
        XCTAssertEqual(OutputName.cropped("dir.v2/photo", format: .png), "dir.v2/photo-cropped.png")
        XCTAssertEqual(OutputName.cropped("x", format: nil), "x-cropped.jpg")
        XCTAssertEqual(OutputName.cropped(".hidden", format: .jpeg), ".hidden-cropped.jpg")
        XCTAssertEqual(OutputName.cropped("/p/.hidden", format: .png), "/p/.hidden-cropped.png")
        XCTAssertEqual(OutputName.cropped("/p/scan.2024", format: .jpeg), "/p/scan.2024-cropped.jpg")
    }

    func testAnExtensionNamingAnotherFormatGivesWayToTheContent() {
        XCTAssertEqual(OutputName.cropped("/p/x.png", format: .jpeg), "/p/x-cropped.jpg")
        XCTAssertEqual(OutputName.cropped("/p/x.jpg", format: .png), "/p/x-cropped.png")
    }

    func testLaterNamesAreNumberedFromTwo() {
        XCTAssertEqual(OutputName.cropped("/a/photo.jpg", format: .jpeg, number: 2), "/a/photo-cropped-2.jpg")
        XCTAssertEqual(OutputName.cropped("a.b.jpeg", format: .jpeg, number: 12), "a.b-cropped-12.jpeg")
        XCTAssertEqual(OutputName.cropped("/p/.hidden", format: nil, number: 3), "/p/.hidden-cropped-3.jpg")
    }

    func testTheFirstFreeNameStepsOverFilesAndDanglingLinks() throws {
        let scratch = try ScratchDirectory()
        let source = scratch.file("photo.jpg")
        XCTAssertEqual(OutputName.firstFree(source, format: .jpeg), scratch.file("photo-cropped.jpg"))
        _ = try scratch.write([1], as: "photo-cropped.jpg")
        _ = try scratch.write([1], as: "photo-cropped-2.jpg")
        XCTAssertEqual(symlink(scratch.file("nowhere"), scratch.file("photo-cropped-3.jpg")), 0)
        XCTAssertEqual(OutputName.firstFree(source, format: .jpeg), scratch.file("photo-cropped-4.jpg"))
    }

    func testATypedNameWithoutExtensionGetsTheCropsOne() {
        XCTAssertEqual(OutputName.withDefaultExtension("/d/crop", source: "/s/x.jpeg", format: .jpeg), "/d/crop.jpeg")
        XCTAssertEqual(OutputName.withDefaultExtension("/d/crop", source: "/s/x", format: .png), "/d/crop.png")
        XCTAssertEqual(OutputName.withDefaultExtension("/d/crop", source: "/s/x", format: nil), "/d/crop.jpg")
        XCTAssertEqual(OutputName.withDefaultExtension("/d/crop.png", source: "/s/x.jpg", format: .jpeg), "/d/crop.png")
        XCTAssertEqual(OutputName.withDefaultExtension("/d/", source: "/s/x.jpg", format: .jpeg), "/d/")
    }

    func testTheFormatIsRecognisedByContent() throws {
        let scratch = try ScratchDirectory()
        let jpeg = try scratch.copy(Fixtures.path("Landscape", 1), as: "photo")
        let png = try scratch.write([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0], as: "picture.jpg")
        let text = try scratch.write(Array("hello".utf8), as: "notes.png")
        XCTAssertEqual(PhotoFormat(contentsOf: jpeg), .jpeg)
        XCTAssertEqual(PhotoFormat(contentsOf: png), .png)
        XCTAssertNil(PhotoFormat(contentsOf: text))
        XCTAssertNil(PhotoFormat(contentsOf: scratch.file("missing")))
        XCTAssertNil(PhotoFormat(contentsOf: scratch.path))
    }

    func testTheCommandLineNamesAnUnextendedJPEGWithJpg() throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.copy(Fixtures.path("Landscape", 1), as: "x")
        let result = try Tools.run(try cropperBinary(), ["crop", input, "--rect", "0,0,40,30"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, scratch.file("x-cropped.jpg") + " 40x30\n")
        XCTAssertEqual(scratch.entries, ["x", "x-cropped.jpg"])
    }
}
