import CropperTestSupport
import EditorState
import Foundation
@testable import PhotoIO
import XCTest

/// Panoramas wider than one Cairo surface (32767 pixels): the window reaches full resolution, shows the decoded
/// pixels themselves at 100 % across the border between two tiles, and says so when the full decode fails.
final class PanoramaWindowTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "cropper-panorama-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A JPEG whose every column differs from its neighbours (a seam or a shifted tile cannot hide), alone in
    /// its folder (nothing else is decoded ahead).
    private func panorama(width: Int, height: Int) throws -> String {
        let bitmap = try Bitmap(width: width, height: height)
        for y in 0..<height {
            let row = bitmap.row(y)
            for x in 0..<width {
                let r = UInt32((x * 7 + y) & 255), g = UInt32((x * 13 / 5 + y * 3) & 255)
                let b = UInt32(((x >> 4) ^ (y >> 2)) & 255)
                row[x] = 0xFF00_0000 | r << 16 | g << 8 | b
            }
        }
        let path = folder + "/panorama-\(width)x\(height).jpg"
        let bytes = try JPEGEncoder.encode(bitmap, as: JPEGEncoding(quality: 90, subsampling: .s420, progressive: false))
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testAPanoramaWiderThanOneCairoSurfaceShowsItsOwnPixelsAcrossTheTileBorder() throws {
        // Two tiles of 16500 columns: at 100 % about the centre, the border runs down the middle of the canvas.
        try assertShowsItsOwnPixelsAcrossTheTileBorder(width: 33000, height: 900, border: 16500)
    }

    /// From 50 MP on, the full resolution is decoded from the preview's reading of the file (`FedFullDecode`).
    func testAPanoramaOver50MPDecodedOnceForPreviewAndFullResolutionShowsItsOwnPixels() throws {
        try assertShowsItsOwnPixelsAcrossTheTileBorder(width: 56000, height: 1000, border: 28000)
    }

    private func assertShowsItsOwnPixelsAcrossTheTileBorder(width: Int, height: Int, border: Int) throws {
        let path = try panorama(width: width, height: height)
        // The debug build decodes 30 MP in seconds, many more on a loaded machine.
        let harness = try EditorWindowHarness(photo: path, copyPhoto: false, waitForImage: false)
        let loaded = try harness.waitFor("the full-resolution decode", timeout: 180) { $0.fullResolution }
        XCTAssertEqual(loaded.fields["fullRows"] as? Int, height)
        XCTAssertNil(loaded.fields["fullResolutionError"] as? String)
        try harness.key("1")
        try harness.waitFor("100 %", timeout: 30) { $0.zoomScale == 1 && !$0.animating }
        let shown = try harness.settled(timeout: 30)
        let shot = try harness.screenshot()
        let decoded = try PhotoSource.open(path: path).decodeFull()

        let frame = try XCTUnwrap(shown.imageFrame), origin = try XCTUnwrap(shown.canvasOrigin)
        let canvas = try XCTUnwrap(shown.canvasSize)
        let left = Int(frame.minX.rounded()), top = Int(frame.minY.rounded())
        XCTAssertLessThan(abs(left + border - Int(origin.x + canvas.width / 2)), 2, "the tile border is mid-canvas")
        var checked = 0, wrong: [(Int, Int)] = []
        for screenY in Int(origin.y) + 4 ..< Int(origin.y + canvas.height) - 40 {
            let y = screenY - top
            guard y >= 0, y < height else { continue }
            for x in (border - 160)..<(border + 160) {
                let pixel = decoded.pixel(x: x, y: y)
                let seen = shot.rgb(x + left, screenY)
                let expected = (r: Int((pixel >> 16) & 0xFF), g: Int((pixel >> 8) & 0xFF), b: Int(pixel & 0xFF))
                if seen != expected { wrong.append((x, y)) }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 100_000)
        XCTAssertTrue(wrong.isEmpty, "\(wrong.count) pixels differ from the decode, first at \(wrong.prefix(5))")
    }

    func testAFullDecodeThatFailsSaysSoInTheWindow() throws {
        // 320 MB of pixels where the process may have about half that (its address space limited): the preview
        // decodes and shows, the full-resolution bitmap cannot be had.
        let path = try panorama(width: 40000, height: 2000)
        let limited = folder + "/cropper-limited"
        try """
        #!/bin/sh
        ulimit -v 450000
        exec "\(CropperExecutable.path)" "$@"
        """.write(toFile: limited, atomically: true, encoding: .utf8)
        chmod(limited, 0o755)
        let harness = try EditorWindowHarness(photos: [path], copyPhoto: false, waitForImage: false, executable: limited)
        let failed = try harness.waitFor("the failure", timeout: 180) { $0.fields["fullResolutionError"] is String }
        XCTAssertEqual(failed.event, "fullDecodeFailed")
        XCTAssertEqual(failed.fields["fullResolutionError"] as? String, "not enough memory for 40000x2000 pixels (320 MB)")
        XCTAssertEqual(failed.banner, "Only the preview can be shown: the full-resolution decode failed "
                       + "(not enough memory for 40000x2000 pixels (320 MB))")
        XCTAssertFalse(failed.fullResolution)
        XCTAssertEqual(failed.imageSize, PixelSize(width: 40000, height: 2000), "the preview is open")
        let settled = try harness.waitUntilSettled()
        XCTAssertTrue(settled.photoSharp, "the fitted view is sharp from the preview")
        XCTAssertTrue(harness.process.isRunning)
    }
}
