import CropperTestSupport
import EditorState
import XCTest
@testable import PhotoIO

final class EmbeddedThumbnailBytesTests: XCTestCase {
    /// exiftool stores the thumbnail's bytes as given: they come back exactly.
    func testIFD1ThumbnailBytesComeBackExactly() throws {
        try Tools.require("exiftool")
        try Tools.require("convert")
        let scratch = try ScratchDirectory()
        let photo = try scratch.copy(Fixtures.path("Landscape", 6), as: "photo.jpg")
        let thumb = scratch.file("thumb.jpg")
        XCTAssertEqual(try Tools.run("/usr/bin/convert", [photo, "-thumbnail", "160x120!", "-strip", thumb]).status, 0)
        XCTAssertEqual(try Tools.run("exiftool", ["-q", "-overwrite_original", "-ThumbnailImage<=" + thumb, photo]).status, 0)

        let source = try PhotoSource.open(path: photo)
        XCTAssertEqual(source.embeddedThumbnailBytes, try readBytes(thumb))
        XCTAssertEqual(source.orientation, Orientation(exifValue: 6))
    }

    func testPhotoWithoutOneHasNone() throws {
        XCTAssertNil(try PhotoSource.open(path: Fixtures.path("Landscape", 1)).embeddedThumbnailBytes)
    }
}
