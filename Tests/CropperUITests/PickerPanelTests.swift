import BuildInfo
import CropperTestSupport
import Foundation
import XCTest

/// The picker in the real window, for what the runner and X show: the thumbnails the background thumbnailer makes
/// (drawn in the strip, stored in the freedesktop cache under the specification's names, x-large at scale 2) and
/// the window's name with no photo. Clicks, keys, scrolling, closing, the empty folder's sample, the close
/// question and the given photos are `AppPickerTests`, in-process.
final class PickerPanelTests: XCTestCase {
    private func launchWithoutFile(_ home: LibraryHome) throws -> EditorWindowHarness {
        try EditorWindowHarness(photos: [], waitForImage: false, home: home.home)
    }

    func testStartingWithoutAFileOpensThePickerWithTheRecentPhotosNewestFirst() throws {
        let (home, photos) = try LibraryHome.withFivePhotos()
        let harness = try launchWithoutFile(home)
        let loaded = try harness.waitFor("the recent photos") { $0.picker["visible"] as? Bool == true && !$0.pickerLoading }
        XCTAssertEqual(loaded.pickerItems, photos)
        XCTAssertNil(loaded.image, "no photo is opened behind the picker")
        XCTAssertEqual(try EditorWindowHarness.run("/usr/bin/xprop", ["-id", harness.windowID, "_NET_WM_NAME"]), "_NET_WM_NAME(UTF8_STRING) = \"Cropper\"",
                       "the window is named even with no photo")
        XCTAssertEqual(loaded.pickerSelected, 0, "the newest photo is selected")

        let ready = try harness.waitFor("every thumbnail", timeout: 20) { $0.pickerThumbnails == photos.count }
        let frames = ready.pickerFrames
        XCTAssertEqual(frames.count, photos.count)
        // As tall as the strip, as wide as the upright photo: 3:2 landscapes, 2:3 portraits.
        XCTAssertEqual(frames[0][3], 128)
        XCTAssertEqual(frames[0][2], 192, accuracy: 1)
        XCTAssertEqual(frames[1][2], 85, accuracy: 1)
        XCTAssertEqual(frames[3][2], 85, accuracy: 1)

        // The strip shows pictures now, not the flat grey of the placeholders.
        try harness.settled()
        let shot = try harness.screenshot()
        for frame in frames.prefix(4) {
            var placeholderLike = 0, total = 0
            for y in stride(from: Int(frame[1]) + 4, to: Int(frame[1] + frame[3]) - 4, by: 3) {
                for x in stride(from: Int(frame[0]) + 4, to: Int(frame[0] + frame[2]) - 4, by: 3) {
                    let c = shot.rgb(x, y)
                    if abs(c.r - 0x35) < 12 && abs(c.g - 0x37) < 12 && abs(c.b - 0x3d) < 12 { placeholderLike += 1 }
                    total += 1
                }
            }
            XCTAssertLessThan(Double(placeholderLike), Double(total) * 0.2, "thumbnail at \(frame) still looks like a placeholder")
        }
    }

    func testThumbnailsAreStoredInTheCacheUnderTheSpecificationsNames() throws {
        let (home, photos) = try LibraryHome.withFivePhotos()
        let harness = try launchWithoutFile(home)
        try harness.waitFor("every thumbnail", timeout: 20) { $0.pickerThumbnails == photos.count }
        for photo in photos {
            let uri = "file://" + photo
            let file = home.cache + "/thumbnails/large/" + (try md5(uri)) + ".png"
            XCTAssertTrue(FileManager.default.fileExists(atPath: file), "no thumbnail for \(photo) at \(file)")
            let keys = try pngKeys(file)
            XCTAssertEqual(keys["ThumbURI"] as? String, uri)
            let modified = try FileManager.default.attributesOfItem(atPath: photo)[.modificationDate] as? Date
            XCTAssertEqual((keys["ThumbMTime"] as? NSNumber)?.intValue, modified.map { Int($0.timeIntervalSince1970) })
            XCTAssertEqual(keys["Software"] as? String, "cropper \(BuildInfo.version)", "the executable's version is recorded")
        }
    }

    private func md5(_ text: String) throws -> String {
        String(try Tools.run("/usr/bin/md5sum", [], input: Data(text.utf8)).stdout.prefix(32))
    }

    /// The PNG's text keys as exiftool reads them (`Thumb::URI` is `ThumbURI`).
    private func pngKeys(_ file: String) throws -> [String: Any] {
        let json = try EditorWindowHarness.run("/usr/bin/exiftool", ["-j", file])
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        return parsed?.first ?? [:]
    }
}

/// At interface scale 2 the strip and its thumbnails double: bigger thumbnails are asked of the cache.
final class PickerHiDPITests: XCTestCase {
    func testAtScaleTwoTheStripIsTwiceAsTallAndUsesLargerThumbnails() throws {
        let home = try LibraryHome()
        let photo = try home.addPhoto("beach.jpg", from: "Landscape_1", hoursAgo: 1)
        try home.addPhoto("tower.jpg", from: "Portrait_6", hoursAgo: 2)
        let display = try PrivateDisplay(width: 2560, height: 1600)
        let harness = try EditorWindowHarness(photos: [], geometry: "1800x1100", waitForImage: false, home: home.home,
                                              environment: ["DISPLAY": display.name, "CROPPER_SCALE": "2"])
        let ready = try harness.waitFor("the thumbnails", timeout: 20) { $0.pickerThumbnails == 2 }
        XCTAssertEqual(ready.pickerFrames[0][3], 256, "128 interface pixels tall")
        XCTAssertEqual(ready.pickerFrames[0][2], 384, accuracy: 2)
        XCTAssertEqual(ready.pickerFrames[1][2], 170, accuracy: 2)
        let sheet = try XCTUnwrap(ready.picker["sheet"] as? [NSNumber]).map(\.doubleValue)
        XCTAssertEqual(sheet[1] + sheet[3], 1100, "the sheet sits on the bottom edge in device pixels")
        let large = try FileManager.default.contentsOfDirectory(atPath: home.cache + "/thumbnails/x-large")
        XCTAssertEqual(large.count, 2, "x-large (512 px) thumbnails are made for a strip 256 device pixels tall")

        try harness.click(frame: ready.pickerFrames[0])
        try harness.waitFor("the photo") { $0.image == photo && $0.picker["visible"] as? Bool == false }
    }
}
