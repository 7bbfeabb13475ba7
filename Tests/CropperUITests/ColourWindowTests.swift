import CropperTestSupport
import Foundation
import PhotoIO
import XCTest

/// What the window shows of photos in other colour spaces, at 100 %: lcms2's jpgicc's numbers, for an sRGB
/// display and for the profile a colour manager sets on the root window.
final class ColourWindowTests: XCTestCase {
    private func assertScreenMatches(_ harness: EditorWindowHarness, _ reference: Bitmap, at state: LogEntry,
                                     _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let screen = try harness.screenshot()
        let frame = try XCTUnwrap(state.imageFrame, file: file, line: line)
        XCTAssertEqual(state.zoomScale, 1, "100 %", file: file, line: line)
        var worst = 0
        for y in stride(from: 2, to: reference.height - 2, by: 7) {
            for x in stride(from: 2, to: reference.width - 2, by: 7) {
                let shown = screen.rgb(Int(frame.minX) + x, Int(frame.minY) + y)
                let want = reference.pixel(x: x, y: y)
                worst = max(worst, abs(shown.r - Int((want >> 16) & 0xFF)), abs(shown.g - Int((want >> 8) & 0xFF)),
                            abs(shown.b - Int(want & 0xFF)))
            }
        }
        XCTAssertLessThanOrEqual(worst, 3, message, file: file, line: line)
    }

    func testPhotosAreShownThroughTheirProfileAndFollowTheDisplays() throws {
        try Tools.require("jpgicc")
        let scratch = try ScratchDirectory()
        for (profile, name) in [(ColourFixtures.adobeRGB, "adobe.jpg"), (ColourFixtures.swapped, "swapped.jpg")] {
            // 600 px wide: shown at 100 % in the 1280×800 window.
            let photo = try ColourFixtures.photo(in: profile, as: name, scratch: scratch)
            let harness = try EditorWindowHarness(photos: [photo], copyPhoto: false)
            defer { try? harness.setRootProperty("_ICC_PROFILE", bytes: nil) }
            try harness.waitFor("the photo at full resolution") { $0.fullResolution && $0.photoSharp }
            let shown = try harness.settled()
            XCTAssertEqual(shown.fields["displayProfile"] as? String, "sRGB")
            try assertScreenMatches(harness, try ColourFixtures.jpgicc(photo, scratch: scratch), at: shown, "\(name) on sRGB")

            let proPhoto = Array(try Data(contentsOf: URL(fileURLWithPath: ColourFixtures.proPhoto)))
            try harness.setRootProperty("_ICC_PROFILE", bytes: proPhoto)
            try harness.waitFor("the photo decoded again for ProPhoto") {
                ($0.fields["displayProfile"] as? String) == "ProPhoto RGB" && $0.fullResolution && $0.photoSharp
            }
            let onProPhoto = try harness.settled()
            try assertScreenMatches(harness, try ColourFixtures.jpgicc(photo, to: ColourFixtures.proPhoto, scratch: scratch),
                                    at: onProPhoto, "\(name) on a ProPhoto display")
        }
    }

    /// A CMYK photo with a profile is shown through it. (Its saves and the notice for one without a profile are
    /// `AppColourTests`, in-process.)
    func testACMYKPhotoIsShownThroughItsProfile() throws {
        try Tools.require("jpgicc")
        let scratch = try ScratchDirectory()
        let photo = try ColourFixtures.cmyk(profile: ColourFixtures.cmykProfile, as: "print.jpg", scratch: scratch)
        let harness = try EditorWindowHarness(photos: [photo])
        try harness.waitFor("the photo at full resolution") { $0.fullResolution && $0.photoSharp }
        let shown = try harness.settled()
        XCTAssertNil(shown.toast, "a profile: nothing to warn about")
        try assertScreenMatches(harness, try ColourFixtures.jpgicc(photo, scratch: scratch), at: shown, "CMYK through its profile")
    }

    /// A photo bigger than the window: the fitted view is a copy of the preview, converted as the copy is made.
    func testTheFittedViewOfABigPhotoIsConverted() throws {
        try Tools.require("jpgicc")
        let scratch = try ScratchDirectory()
        let photo = try ColourFixtures.photo(in: ColourFixtures.swapped, width: 3000, as: "big.jpg", scratch: scratch)
        let harness = try EditorWindowHarness(photos: [photo], geometry: "720x440", copyPhoto: false)
        try harness.waitFor("the fitted copy") { $0.photoSharp && $0.fullResolution }
        let fitted = try harness.settled()
        let frame = try XCTUnwrap(fitted.imageFrame)
        XCTAssertLessThan(fitted.zoomScale, 0.5)
        let screen = try harness.screenshot()
        let shown = screen.mean(x: Int(frame.minX) + 2, y: Int(frame.minY) + 2, width: Int(frame.width) - 4,
                                height: Int(frame.height) - 4)
        func mean(_ bitmap: Bitmap) -> (r: Double, g: Double, b: Double) {
            var sum = (0.0, 0.0, 0.0)
            for y in 0..<bitmap.height {
                for x in 0..<bitmap.width {
                    let p = bitmap.pixel(x: x, y: y)
                    sum = (sum.0 + Double((p >> 16) & 0xFF), sum.1 + Double((p >> 8) & 0xFF), sum.2 + Double(p & 0xFF))
                }
            }
            let n = Double(bitmap.width * bitmap.height)
            return (sum.0 / n, sum.1 / n, sum.2 / n)
        }
        let reference = mean(try ColourFixtures.jpgicc(photo, scratch: scratch))
        let raw = mean(try PhotoSource.open(path: photo).decodeFull())
        XCTAssertGreaterThan(abs(raw.r - reference.r), 6, "the profile changes the picture")
        for (got, want) in [(shown.r, reference.r), (shown.g, reference.g), (shown.b, reference.b)] {
            XCTAssertEqual(got, want, accuracy: 2.5)
        }
    }
}
