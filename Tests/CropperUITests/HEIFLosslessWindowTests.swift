import CropperTestSupport
import EditorState
import Foundation
import PhotoIO
import XCTest

/// Lossless mode on a phone-style HEIC in the real window: J gives the chroma grid with every edge snapping, and the
/// save is the command line's `--lossless` crop, byte for byte, with the coded tiles kept.
final class HEIFLosslessWindowTests: XCTestCase {
    func testJDrawAndSaveOnAPhoneHEICIsTheCommandLinesLosslessCrop() throws {
        let scratch = try ScratchDirectory()
        // Stored landscape 600 × 400 in 128 px tiles and shown portrait through irot, as a phone held upright writes it.
        var picture = try PhoneHEIC.picture(scratch: scratch)
        picture.transform = .rotate90CW
        let photo = try scratch.write(try HEIFGridAssembler.assemble(picture), as: "IMG_0001.heic")

        let harness = try EditorWindowHarness(photo: photo)
        try harness.waitUntilSettled()
        try harness.key("j")
        let on = try harness.waitFor("lossless mode") { $0.fields["lossless"] as? Bool == true }
        let grid = try XCTUnwrap(on.fields["blockGrid"] as? [String: Any])
        XCTAssertEqual(grid["cell"] as? [Int], [2, 2])
        XCTAssertEqual(grid["usable"] as? [Int], [0, 0, 400, 600])
        XCTAssertTrue((on.toast ?? "").contains("every edge of the box snaps to whole chroma samples"), on.toast ?? "")

        let frame = try XCTUnwrap(on.imageFrame), zoom = on.zoomScale
        try harness.drag(from: (frame.x + 41.3 * zoom, frame.y + 77.6 * zoom),
                         to: (frame.x + 333.3 * zoom, frame.y + 501.9 * zoom))
        let drawn = try harness.waitFor("the drawn box") { $0.crop != nil && $0.activity == "idle" }
        let crop = try XCTUnwrap(drawn.crop)
        for edge in [crop.x, crop.y, crop.maxX, crop.maxY] { XCTAssertEqual(edge % 2, 0, "every edge on the grid: \(crop)") }
        XCTAssertEqual(drawn.fields["losslessRect"] as? [Int], [crop.x, crop.y, crop.width, crop.height])

        try harness.key("ctrl+s")
        let saved = try harness.waitFor("the save", timeout: 15) { $0.lastSaved != nil }
        let path = try XCTUnwrap(saved.lastSaved)
        XCTAssertEqual(saved.toast, "Saved losslessly to \(path)")

        let expected = harness.workDirectory + "/by-the-command-line.heic"
        let cli = try Tools.run(try cropperBinary(), ["crop", harness.photoPath, "--lossless", "-o", expected,
                                                      "--rect", "\(crop.x),\(crop.y),\(crop.width),\(crop.height)"])
        XCTAssertEqual(cli.status, 0, cli.stderr)
        XCTAssertEqual(try readBytes(path), try readBytes(expected), "the same file, byte for byte")
        let reopened = try PhotoSource.open(path: path)
        XCTAssertEqual(reopened.displayedSize, crop.size)
    }

}
