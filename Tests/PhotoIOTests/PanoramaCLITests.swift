import CropperTestSupport
import EditorState
import Foundation
import XCTest
@testable import PhotoIO

/// A panorama wider than 32767 pixels crops at full resolution from the command line, its metadata kept.
final class PanoramaCLITests: XCTestCase {
    func testACropAcrossAPanoramaIsItsOwnPixelsWithTheMetadataKept() throws {
        try Tools.require("exiftool")
        let scratch = try ScratchDirectory()
        let bitmap = try Bitmap(width: 40000, height: 600)
        for y in 0..<600 {
            let row = bitmap.row(y)
            for x in 0..<40000 { row[x] = 0xFF00_0000 | UInt32((x * 7 + y) & 255) << 16 | UInt32((x / 3) & 255) << 8 | 0x40 }
        }
        let input = try scratch.write(try JPEGEncoder.encode(bitmap, as: JPEGEncoding(quality: 92, subsampling: .s420, progressive: false)),
                                      as: "stitched.jpg")
        try Tools.run("exiftool", ["-q", "-overwrite_original", "-Make=Stitcher", "-XMP-dc:Title=Harbour", input])

        let out = scratch.file("stitched-cropped.jpg")
        let result = try Tools.run(try cropperBinary(), ["crop", input, "--rect", "15000,100,20000,400", "-o", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "\(out) 20000x400\n")
        let tool = try Tools.exiftool(out, numeric: true)
        XCTAssertEqual(tool["ImageWidth"] as? Int, 20000)
        XCTAssertEqual(tool["ImageHeight"] as? Int, 400)
        XCTAssertEqual(tool["Make"] as? String, "Stitcher")
        XCTAssertEqual(tool["Title"] as? String, "Harbour")

        // The saved pixels are the original's rect, re-encoded once (quality 92 of this pattern: a few levels).
        let original = try PhotoSource.open(path: input).decodeFull()
        let saved = try PhotoSource.open(path: out).decodeFull()
        var total = 0.0, count = 0
        for y in stride(from: 0, to: 400, by: 7) {
            for x in stride(from: 0, to: 20000, by: 13) {
                let a = original.pixel(x: 15000 + x, y: 100 + y), b = saved.pixel(x: x, y: y)
                for shift: UInt32 in [0, 8, 16] {
                    total += Double(abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)))
                    count += 1
                }
            }
        }
        XCTAssertLessThan(total / Double(count), 3, "mean difference in levels")
    }
}
