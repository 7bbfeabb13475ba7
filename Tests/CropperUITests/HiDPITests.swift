import CropperTestSupport
@testable import CropperUI
import EditorState
import Foundation
import PhotoIO
import XCTest
@testable import X11Platform

/// The interface at scale 2 (CROPPER_SCALE or Xft.dpi): chrome, text and handles twice the size, photo pixels exact.
final class HiDPITests: XCTestCase {
    private let chrome = (r: 0x2a, g: 0x2b, b: 0x2f)
    private let separator = (r: 0x3a, g: 0x3b, b: 0x40)
    private let canvas = (r: 0x1e, g: 0x1f, b: 0x22)
    private let statusBar = (r: 0x25, g: 0x26, b: 0x2a)

    private func assertColor(_ shot: Screenshot, _ x: Int, _ y: Int, _ expected: (r: Int, g: Int, b: Int),
                             _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let c = shot.rgb(x, y)
        XCTAssertTrue(c.r == expected.r && c.g == expected.g && c.b == expected.b,
                      "\(what) at (\(x), \(y)) is \(c)", file: file, line: line)
    }

    private func isWhite(_ c: (r: Int, g: Int, b: Int)) -> Bool { c.r > 240 && c.g > 240 && c.b > 240 }

    func testScaleTwoDoublesTheChromeAndHandlesAndKeepsPhotoPixelsExact() throws {
        let display = try PrivateDisplay(width: 2560, height: 1600)
        let harness = try EditorWindowHarness(geometry: "1800x1100", environment: ["DISPLAY": display.name, "CROPPER_SCALE": "2"])
        let start = try harness.waitUntilSettled()
        XCTAssertEqual(start.number("scale"), 2)
        XCTAssertEqual(start.window?.width, 1800)
        XCTAssertEqual(start.canvasOrigin?.y, 96, "the toolbar is 2 × 48 device pixels")
        XCTAssertEqual(start.canvasSize?.height, 1100 - 96 - 72 - 60, "the straighten dial is 2 × 36, the status bar 2 × 30")
        XCTAssertEqual(try XCTUnwrap(start.imageFrame?.minY), 96 + 48, accuracy: 1e-9, "the padding round the photo doubles too")

        try harness.key("n")
        try harness.waitFor("the numeric entry") { $0.visible("numericEntry") }
        try harness.type("400\t300\t900\t600\n")
        let boxed = try harness.waitFor("the box") { $0.crop == PixelRect(x: 400, y: 300, width: 900, height: 600) }
        try harness.settled()
        let shot = try harness.screenshot()
        assertColor(shot, 1400, 10, chrome, "toolbar")
        assertColor(shot, 1400, 93, chrome, "toolbar")
        assertColor(shot, 1400, 94, separator, "toolbar's 2 px bottom line")
        assertColor(shot, 1400, 95, separator, "toolbar's 2 px bottom line")
        XCTAssertLessThan(shot.rgb(1750, 967).g, 10, "the last canvas row: the canvas under the mask")
        assertColor(shot, 1750, 968, separator, "the dial's 2 px top line")
        assertColor(shot, 1750, 969, separator, "the dial's 2 px top line")
        assertColor(shot, 1750, 1040, separator, "status bar's 2 px top line")
        assertColor(shot, 1750, 1041, separator, "status bar's 2 px top line")
        assertColor(shot, 1750, 1050, statusBar, "status bar")

        // Handles: 6 px thick (2 × 3) outside the frame; corners 2 × 22 px along the box plus the thickness.
        let frame = try XCTUnwrap(boxed.cropFrame)
        let left = Int(frame.minX.rounded()), top = Int(frame.minY.rounded()), midY = Int(frame.midY.rounded())
        for x in (left - 6)..<left { XCTAssertTrue(isWhite(shot.rgb(x, midY)), "left handle at x \(x)") }
        XCTAssertFalse(isWhite(shot.rgb(left - 7, midY)), "the handle is 6 px thick, its halo beyond")
        for x in stride(from: left - 6, to: left + 44, by: 7) {
            XCTAssertTrue(isWhite(shot.rgb(x, top - 5)), "top-left corner at x \(x)")
        }
        XCTAssertTrue(isWhite(shot.rgb(left + 43, top - 5)))
        XCTAssertFalse(isWhite(shot.rgb(left + 50, top - 5)), "the corner ends 44 px along the box")

        // The hit area grows too: 24 px outside the frame is on the left handle at scale 2 (14 px at scale 1).
        try harness.drag(from: (Double(left - 24), Double(midY)), to: (Double(left - 24 - 70), Double(midY)))
        let widened = try harness.waitFor("the handle drag") { $0.crop != boxed.crop && $0.activity == "idle" }
        XCTAssertLessThan(widened.crop?.x ?? 400, 400, "the box grew to the left")
        XCTAssertEqual(widened.crop?.maxX, 1300, "the right edge stayed")
    }

    func testOneToOneAtScaleTwoIsOneImagePixelPerDevicePixel() throws {
        let display = try PrivateDisplay(width: 2560, height: 1600)
        let harness = try EditorWindowHarness(geometry: "1800x1100", environment: ["DISPLAY": display.name, "CROPPER_SCALE": "2"])
        try harness.waitUntilSettled()
        try harness.key("1")
        let actual = try harness.waitFor("100 %") { $0.zoomScale == 1 && $0.activity == "idle" && !$0.animating }
        XCTAssertEqual(actual.imageFrame?.width, 1800, "1800 image pixels across 1800 device pixels")
        try harness.waitFor("full resolution") { $0.fields["fullResolution"] as? Bool == true }
        try harness.settled()
        let shot = try harness.screenshot()
        let frame = try XCTUnwrap(actual.imageFrame)
        let origin = (x: Int(frame.minX.rounded()), y: Int(frame.minY.rounded()))
        let bitmap = try PhotoSource.open(path: harness.photoPath).decodeFull()
        var compared = 0
        var different = 0
        for y in stride(from: 120, to: 960, by: 7) {
            for x in stride(from: 20, to: 1780, by: 7) {
                let ix = x - origin.x, iy = y - origin.y
                guard ix >= 0, iy >= 0, ix < bitmap.width, iy < bitmap.height else { continue }
                let expected = bitmap.row(iy)[ix] & 0xffffff
                if shot.pixels[y * shot.width + x] & 0xffffff != expected { different += 1 }
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 20_000)
        XCTAssertEqual(different, 0, "every window pixel is the photo's own pixel")
    }

    func testTheScaleComesFromXftDpiUnlessCropperScaleOverridesIt() throws {
        let display = try PrivateDisplay(width: 2560, height: 1600)
        try display.setResources("Xft.antialias:\t1\nXft.dpi:\t144\n")
        let fromResource = try EditorWindowHarness(geometry: "1400x900", environment: ["DISPLAY": display.name])
        XCTAssertEqual(fromResource.current?.number("scale"), 1.5, "144 dpi is 1.5 × 96")
        XCTAssertEqual(fromResource.current?.canvasOrigin?.y, 72)

        let overridden = try EditorWindowHarness(geometry: "1400x900", environment: ["DISPLAY": display.name, "CROPPER_SCALE": "1"])
        XCTAssertEqual(overridden.current?.number("scale"), 1)

        let nonsense = try EditorWindowHarness(geometry: "1400x900", environment: ["DISPLAY": display.name, "CROPPER_SCALE": "big"])
        XCTAssertEqual(nonsense.current?.number("scale"), 1.5, "an unusable override falls back to Xft.dpi")
        XCTAssertTrue(nonsense.standardError.contains("CROPPER_SCALE=big"), nonsense.standardError)
    }

    func testScalesSnapToQuarterStepsBetweenOneAndThree() {
        XCTAssertEqual(InterfaceScale.fromDPI(96), 1)
        XCTAssertEqual(InterfaceScale.fromDPI(120), 1.25)
        XCTAssertEqual(InterfaceScale.fromDPI(144), 1.5)
        XCTAssertEqual(InterfaceScale.fromDPI(192), 2)
        XCTAssertEqual(InterfaceScale.fromDPI(110), 1.25, "1.146 rounds to the nearest quarter")
        XCTAssertEqual(InterfaceScale.fromDPI(72), 1, "never below 1")
        XCTAssertEqual(InterfaceScale.fromDPI(480), 3, "never above 3")
        XCTAssertEqual(InterfaceScale.parseOverride(" 2 "), 2)
        XCTAssertEqual(InterfaceScale.parseOverride("1.3"), 1.25)
        XCTAssertNil(InterfaceScale.parseOverride("0"))
        XCTAssertNil(InterfaceScale.parseOverride("-2"))
        XCTAssertNil(InterfaceScale.parseOverride("two"))
        XCTAssertNil(InterfaceScale.parseOverride("nan"))
    }

    func testTheLayoutKeepsChromeInInterfacePixelsAndTheCanvasInDevicePixels() {
        let layout = WindowLayout(deviceWidth: 1800, deviceHeight: 1100, scale: 2)
        XCTAssertEqual(layout.width, 900)
        XCTAssertEqual(layout.toolbar.height, 48)
        XCTAssertEqual(layout.statusBar.y, 520)
        XCTAssertEqual(layout.dial, LayoutRect(x: 0, y: 484, width: 900, height: 36))
        XCTAssertEqual(layout.deviceCanvas, LayoutRect(x: 0, y: 96, width: 1800, height: 872))
    }
}
