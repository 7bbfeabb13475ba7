import CropperTestSupport
import Foundation
import XCTest
@testable import PhotoIO

/// Where each crop of a batch goes: beside the photo, into a folder, or by a pattern; and clashes found before
/// anything is written.
final class OutputNamingTests: XCTestCase {
    func testBesideThePhotoIsTheOneRuleOfSingleCrops() {
        let naming = OutputNaming()
        XCTAssertEqual(naming.path(for: "/p/IMG_1.JPG", format: .jpeg, number: 1), "/p/IMG_1-cropped.JPG")
        XCTAssertEqual(naming.path(for: "x.png", format: .jpeg, number: 2), "x-cropped.jpg")
    }

    func testAFolderKeepsTheNames() {
        let naming = OutputNaming(directory: "/out")
        XCTAssertEqual(naming.path(for: "/p/IMG_1.JPG", format: .jpeg, number: 1), "/out/IMG_1-cropped.JPG")
        XCTAssertEqual(naming.path(for: "shot.heic", format: .heic, number: 1), "/out/shot-cropped.heic")
    }

    func testPatternsFillStemExtensionAndNumber() {
        let naming = OutputNaming(pattern: "{stem}-square.{ext}")
        XCTAssertEqual(naming.path(for: "/p/IMG_1.JPG", format: .jpeg, number: 7), "/p/IMG_1-square.JPG")
        XCTAssertEqual(OutputNaming(pattern: "crop-{n}").path(for: "/p/a.png", format: .png, number: 12), "/p/crop-12.png")
        XCTAssertEqual(OutputNaming(directory: "/out", pattern: "{n}-{stem}.webp").path(for: "a.jpg", format: .jpeg, number: 3),
                       "/out/3-a.webp")
        XCTAssertEqual(OutputNaming(pattern: "/abs/{stem}.jpg").path(for: "/p/a.jpg", format: .jpeg, number: 1), "/abs/a.jpg")
        XCTAssertEqual(OutputNaming(pattern: "{stem}.{ext}").path(for: "/p/x.png", format: .jpeg, number: 1), "/p/x.jpg",
                       "the extension follows the content")
    }

    func testBadPatternsAreNamed() {
        XCTAssertEqual(OutputNaming.problem(with: "{stem}-{size}"), "--name: unknown placeholder {size}; use {stem}, {ext} or {n}")
        XCTAssertEqual(OutputNaming.problem(with: "{stem"), "--name: a { without its }")
        XCTAssertEqual(OutputNaming.problem(with: "out/"), "--name must end in a file name")
        XCTAssertNil(OutputNaming.problem(with: "{stem}-{n}.{ext}"))
    }

    func testClashesAreFoundThroughLinksAndDotDot() throws {
        let scratch = try ScratchDirectory()
        try FileManager.default.createDirectory(atPath: scratch.file("a"), withIntermediateDirectories: false)
        XCTAssertEqual(symlink(scratch.file("a"), scratch.file("link")), 0)
        let outputs = [scratch.file("a/x.jpg"), scratch.file("b.jpg"), scratch.file("link/x.jpg")]
        let clash = try XCTUnwrap(OutputNaming.firstClash(outputs: outputs, inputs: []))
        XCTAssertEqual(clash.first, 0)
        XCTAssertEqual(clash.second, 2)
        XCTAssertFalse(clash.isInput)
        let onInput = try XCTUnwrap(OutputNaming.firstClash(outputs: [scratch.file("a/../b.jpg")], inputs: [scratch.file("b.jpg")]))
        XCTAssertTrue(onInput.isInput)
        XCTAssertNil(OutputNaming.firstClash(outputs: [scratch.file("a/x.jpg"), scratch.file("a/y.jpg")], inputs: []))
    }
}
