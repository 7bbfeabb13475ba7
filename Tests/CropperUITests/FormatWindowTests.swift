import CropperTestSupport
import EditorState
import Foundation
import PhotoIO
import XCTest

/// A HEIC and a transparent WebP in the real window: upright, cropped and saved in their own format.
final class FormatWindowTests: XCTestCase {
    func testAnAVIFOpensUprightAndSavesAsAVIFWithItsMetadata() throws {
        let scratch = try ScratchDirectory()
        let photos = try FormatPhotos.make(in: scratch)
        let harness = try EditorWindowHarness(photo: photos.avif)
        let opened = try harness.waitUntilSettled()
        // avifenc wrote the sideways pixels with an irot; EXIF's Orientation 6 is not applied again.
        XCTAssertEqual(opened.imageSize, try PhotoSource.open(path: photos.upright).displayedSize)
        XCTAssertEqual(opened.orientation, 1)
        try harness.key("n")
        try harness.waitFor("the numeric entry") { $0.visible("numericEntry") }
        try harness.type("4\t6\t40\t50\n")
        try harness.waitFor("the typed box") { $0.crop == PixelRect(x: 4, y: 6, width: 40, height: 50) }
        try harness.key("ctrl+s")
        let saved = try harness.waitFor("the save", timeout: 30) { $0.lastSaved != nil }
        let expected = harness.workDirectory + "/fmt-cropped.avif"
        XCTAssertEqual(saved.lastSaved, expected)
        let output = try PhotoSource.open(path: expected)
        XCTAssertEqual(output.format, .avif)
        XCTAssertEqual(output.displayedSize, PixelSize(width: 40, height: 50))
        XCTAssertEqual(output.exif?.make, FormatPhotos.make)
        XCTAssertEqual(output.exif?.orientation, 1)
    }

    func testATransparentWebPShowsTheCheckerboardThroughIt() throws {
        let scratch = try ScratchDirectory()
        let png = scratch.file("clear.png"), webp = scratch.file("clear.webp")
        try Tools.require("cwebp")
        try Tools.run("/usr/bin/convert", ["-size", "400x300", "xc:none", "-fill", "#ff0000", "-draw",
                                           "rectangle 150,100 250,200", png])
        try Tools.run("cwebp", ["-quiet", "-lossless", png, "-o", webp])
        let harness = try EditorWindowHarness(photo: webp)
        let settled = try harness.waitUntilSettled()
        XCTAssertEqual(settled.imageSize, PixelSize(width: 400, height: 300))
        let shot = try harness.screenshot()
        // The opaque red square sits 150 px in from the photo's left and 100 px down (shown at 100 %).
        let firstRed: Int? = shot.pixels.firstIndex(of: 0xFF0000)
        let red = firstRed.map { (x: $0 % shot.width, y: $0 / shot.width) }
        let square = try XCTUnwrap(red, "the opaque part is drawn")
        let left = square.x - 150, top = square.y - 100
        // Two neighbouring squares of the board in the transparent margin (clear of the corner handles) differ.
        let one = shot.rgb(left + 52, top + 52), other = shot.rgb(left + 60, top + 52)
        XCTAssertGreaterThan(abs(one.g - other.g), 20, "a checkerboard behind the transparent part")
        XCTAssertGreaterThan(min(one.g, other.g), 0x80, "light greys, not the black a lost alpha channel gives")
    }
}
