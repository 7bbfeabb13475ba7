import CropperTestSupport
import XCTest
@testable import PhotoIO

final class PathNamesTests: XCTestCase {
    func testUTF8NamesAreThemselves() {
        let name = "Été 2024/ñ.jpg"
        XCTAssertEqual(PathNames.string(fromFileSystem: Array(name.utf8)), name)
        XCTAssertEqual(PathNames.fileSystemBytes(name), Array(name.utf8))
        XCTAssertEqual(PathNames.shown(name), name)
        XCTAssertEqual(PathNames.cString("a"), [97, 0])
    }

    func testBytesThatAreNotUTF8SurviveTheRoundTripAndShowAsReplacementCharacters() {
        let latin1: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x2E, 0x6A, 0x70, 0x67]  // "café.jpg" in Latin-1
        let name = PathNames.string(fromFileSystem: latin1)
        XCTAssertEqual(PathNames.fileSystemBytes(name), latin1)
        XCTAssertEqual(PathNames.shown(name), "caf\u{FFFD}.jpg")
        XCTAssertTrue(name.hasSuffix(".jpg"))

        let truncated: [UInt8] = [0xE2, 0x82, 0x41, 0xFF, 0xC0, 0x80]
        XCTAssertEqual(PathNames.fileSystemBytes(PathNames.string(fromFileSystem: truncated)), truncated)
        XCTAssertEqual(PathNames.shown(PathNames.string(fromFileSystem: truncated)), "\u{FFFD}\u{FFFD}A\u{FFFD}\u{FFFD}\u{FFFD}")
    }

    func testANameThatReallyHoldsAnEscapeScalarIsStillExact() {
        let real = Array("a\u{10FE41}b".utf8)
        XCTAssertEqual(PathNames.fileSystemBytes(PathNames.string(fromFileSystem: real)), real)
    }

    func testNameAndFolder() {
        XCTAssertEqual(PathNames.name(of: "/a/b.jpg"), "b.jpg")
        XCTAssertEqual(PathNames.name(of: "/a/b/"), "b")
        XCTAssertEqual(PathNames.name(of: "b.jpg"), "b.jpg")
        XCTAssertEqual(PathNames.name(of: "/"), "/")
        XCTAssertEqual(PathNames.name(of: "/.hidden"), ".hidden")
        XCTAssertEqual(PathNames.folder(of: "/a/b.jpg"), "/a")
        XCTAssertEqual(PathNames.folder(of: "/b.jpg"), "/")
        XCTAssertEqual(PathNames.folder(of: "b.jpg"), ".")
        XCTAssertEqual(PathNames.folder(of: "a/b/c"), "a/b")
        XCTAssertEqual(PathNames.path("b.jpg", in: "/"), "/b.jpg")
        XCTAssertEqual(PathNames.path("b.jpg", in: "/a"), "/a/b.jpg")
    }
}
