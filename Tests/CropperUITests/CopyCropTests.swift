import CropperTestSupport
import EditorState
import Foundation
import XCTest

/// Ctrl+C puts the crop on the CLIPBOARD as image/png and image/jpeg, read back by xclip as another program
/// would; a large one comes through the ICCCM's INCR transfer.
final class CopyCropTests: XCTestCase {
    func testTheCopiedCropIsThePNGAndJPEGOfTheCrop() throws {
        try Tools.require("xclip")
        let harness = try EditorWindowHarness()
        try harness.waitUntilSettled()
        try harness.key("n")
        try harness.waitFor("the numeric entry") { $0.visible("numericEntry") }
        try harness.type("450\t300\t700\t500\n")
        try harness.waitFor("the box") { $0.crop == PixelRect(x: 450, y: 300, width: 700, height: 500) }
        try harness.key("r")
        try harness.key("ctrl+c")
        let copied = try harness.waitFor("the copy") { $0.toast?.hasPrefix("Copied the crop") == true }
        XCTAssertEqual(copied.toast, "Copied the crop (500 × 700) to the clipboard")

        let targets = try harness.xclipOutput(["-t", "TARGETS"])
        XCTAssertEqual(Set(String(decoding: targets, as: UTF8.self).split(separator: "\n").map(String.init)),
                       ["TARGETS", "image/png", "image/jpeg"])

        let pasted = harness.workDirectory + "/pasted.png"
        try Data(try harness.xclipOutput(["-t", "image/png"])).write(to: URL(fileURLWithPath: pasted))
        let expected = harness.workDirectory + "/by-the-command-line.png"
        let cli = try Tools.run(try cropperBinary(), ["crop", harness.photoPath, "--rect", "450,300,700,500",
                                                      "--rotate", "90", "-o", expected])
        XCTAssertEqual(cli.status, 0, cli.stderr)
        XCTAssertEqual(try readBytes(pasted), try readBytes(expected), "the same PNG as the command line's crop")
        XCTAssertEqual(SavedPhoto.decodedSize(pasted)?.width, 500)

        let jpeg = try harness.xclipOutput(["-t", "image/jpeg"])
        XCTAssertEqual(Array(jpeg.prefix(3)), [0xFF, 0xD8, 0xFF])
        let pastedJPEG = harness.workDirectory + "/pasted.jpg"
        try Data(jpeg).write(to: URL(fileURLWithPath: pastedJPEG))
        XCTAssertEqual(SavedPhoto.decodedSize(pastedJPEG)?.height, 700)
    }

    /// 24 MP of a grainy photo is megabytes even as JPEG: far over one request, so it comes in INCR pieces.
    func testAFullSize24MPCopyComesThroughINCR() throws {
        try Tools.require("xclip")
        let scratch = try ScratchDirectory()
        let photo = scratch.file("big.jpg")
        try Tools.run("/usr/bin/convert", ["-size", "6000x4000", "gradient:#204060-#e0c080", "-attenuate", "0.2",
                                           "+noise", "Gaussian", "-quality", "90", photo])
        let harness = try EditorWindowHarness(photos: [photo], copyPhoto: false)
        try harness.waitUntilSettled()
        try harness.key("ctrl+c")
        try harness.waitFor("the copy") { $0.toast?.hasPrefix("Copied the crop (6000 × 4000)") == true }
        let jpeg = try harness.xclipOutput(["-t", "image/jpeg"], timeout: 60)
        XCTAssertGreaterThan(jpeg.count, 1 << 20, "more than any single request carries")
        let pasted = scratch.file("pasted.jpg")
        try Data(jpeg).write(to: URL(fileURLWithPath: pasted))
        XCTAssertEqual(SavedPhoto.decodedSize(pasted)?.width, 6000)
        XCTAssertEqual(SavedPhoto.decodedSize(pasted)?.height, 4000)
    }
}
