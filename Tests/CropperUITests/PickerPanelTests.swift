import BuildInfo
import CropperTestSupport
import Foundation
import XCTest

/// The picker in the real window: recent photos from a Pictures folder of real JPEGs, their thumbnails in
/// the (temporary) freedesktop cache, clicks, keys, scrolling and closing.
final class PickerPanelTests: XCTestCase {
    /// Five photos, newest first: a landscape, an upright portrait (EXIF 6), one in a subfolder, two more.
    private func makeLibrary() throws -> (home: LibraryHome, newestFirst: [String]) {
        let home = try LibraryHome()
        let photos = [
            try home.addPhoto("beach.jpg", from: "Landscape_1", hoursAgo: 1),
            try home.addPhoto("tower.jpg", from: "Portrait_6", hoursAgo: 2),
            try home.addPhoto("2024/summer/lake.jpg", from: "Landscape_3", hoursAgo: 3),
            try home.addPhoto("street.jpg", from: "Portrait_8", hoursAgo: 4),
            try home.addPhoto("field.jpg", from: "Landscape_0", hoursAgo: 5),
        ]
        try home.write("not a photo", to: "Pictures/notes.txt")
        return (home, photos)
    }

    private func launchWithoutFile(_ home: LibraryHome) throws -> EditorWindowHarness {
        try EditorWindowHarness(photos: [], waitForImage: false, home: home.home)
    }

    func testStartingWithoutAFileOpensThePickerWithTheRecentPhotosNewestFirst() throws {
        let (home, photos) = try makeLibrary()
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
        let (home, photos) = try makeLibrary()
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

    func testClickingTheSecondThumbnailOpensThatPhoto() throws {
        let (home, photos) = try makeLibrary()
        let harness = try launchWithoutFile(home)
        let ready = try harness.waitFor("the thumbnails", timeout: 20) { $0.pickerThumbnails == photos.count }
        try harness.click(frame: ready.pickerFrames[1])
        let opened = try harness.waitFor("the second photo") { $0.image == photos[1] && $0.imageSize != nil }
        XCTAssertFalse(opened.picker["visible"] as? Bool ?? true, "the picker closes once a photo opens")
        XCTAssertEqual(opened.orientation, 6)
    }

    func testArrowKeysMoveTheSelectionAndEnterOpensIt() throws {
        let (home, photos) = try makeLibrary()
        let harness = try launchWithoutFile(home)
        try harness.waitFor("the recent photos") { !$0.pickerLoading && !$0.pickerItems.isEmpty }
        try harness.key("Right", "Right", "Right", "Left")
        try harness.waitFor("the selection to move") { $0.pickerSelected == 2 }
        try harness.key("Return")
        try harness.waitFor("the selected photo") { $0.image == photos[2] && $0.picker["visible"] as? Bool == false }
    }

    func testEscapeAndAClickOutsideTheSheetClose() throws {
        let (home, _) = try makeLibrary()
        let harness = try EditorWindowHarness(home: home.home)
        try harness.waitUntilSettled()
        try harness.key("p")
        try harness.waitFor("the picker") { $0.picker["visible"] as? Bool == true && !$0.pickerLoading }
        try harness.key("Escape")
        try harness.waitFor("Esc to close it") { $0.picker["visible"] as? Bool == false }

        try harness.key("p")
        let open = try harness.waitFor("the picker again") { $0.picker["visible"] as? Bool == true }
        let sheet = try XCTUnwrap(open.picker["sheet"] as? [NSNumber]).map(\.doubleValue)
        try harness.click(640, sheet[1] / 2)
        let closed = try harness.waitFor("the outside click to close it") { $0.picker["visible"] as? Bool == false }
        XCTAssertEqual(closed.image, harness.photoPath, "closing opens nothing")
        XCTAssertNil(closed.crop, "the click did not reach the canvas")
    }

    func testTheStripScrollsWithTheWheelAndByDraggingAndADragOpensNothing() throws {
        let home = try LibraryHome()
        for index in 0..<16 {
            try home.addPhoto("photo-\(index).jpg", from: index % 2 == 0 ? "Landscape_1" : "Landscape_2", hoursAgo: Double(index + 1))
        }
        let harness = try launchWithoutFile(home)
        let ready = try harness.waitFor("the thumbnails", timeout: 30) { $0.pickerThumbnails == 16 }
        XCTAssertGreaterThan((ready.picker["maxScroll"] as? NSNumber)?.doubleValue ?? 0, 1000)
        let strip = try XCTUnwrap(ready.picker["strip"] as? [NSNumber]).map(\.doubleValue)
        let middle = (x: strip[0] + strip[2] / 2, y: strip[1] + strip[3] / 2)

        try harness.move(middle.x, middle.y)
        try EditorWindowHarness.xdotool(["click", "--repeat", "3", "--delay", "40", "5"])
        let wheeled = try harness.waitFor("the wheel to scroll") { $0.pickerScroll >= 270 }
        try EditorWindowHarness.xdotool(["keydown", "shift", "click", "4", "keyup", "shift"])
        let back = try harness.waitFor("Shift+wheel to scroll back") { $0.pickerScroll < wheeled.pickerScroll }
        XCTAssertEqual(back.pickerScroll, wheeled.pickerScroll - 90, accuracy: 0.5)
        try harness.drag(from: (middle.x, middle.y), to: (middle.x - 300, middle.y), steps: 10)
        let dragged = try harness.waitFor("the drag to scroll") { $0.pickerScroll >= back.pickerScroll + 290 }
        XCTAssertEqual(dragged.picker["visible"] as? Bool, true, "a drag is not a click: the picker stays")
        XCTAssertNil(dragged.image)

        try harness.key("End")
        let end = try harness.waitFor("End to reach the oldest") { $0.pickerSelected == 15 }
        XCTAssertEqual(end.pickerScroll, (end.picker["maxScroll"] as? NSNumber)?.doubleValue ?? -1, accuracy: 0.5)
    }

    func testAnEmptyPicturesFolderStartsWithTheSampleAndThePickerSaysSo() throws {
        let home = try LibraryHome()
        let harness = try launchWithoutFile(home)
        let started = try harness.waitFor("the sample photo") { $0.imageSize != nil && !$0.loading }
        XCTAssertEqual(started.image, EditorWindowHarness.samplePhoto)
        XCTAssertEqual(started.picker["visible"] as? Bool, false)

        try harness.key("p")
        let empty = try harness.waitFor("the empty picker") { $0.picker["visible"] as? Bool == true && !$0.pickerLoading }
        XCTAssertEqual(empty.picker["message"] as? String, "No recent photos in ~/Pictures")
        try harness.click(frame: try XCTUnwrap(empty.pickerAction("openFile")))
        let dialog = try harness.waitFor("the file dialog") { $0.dialog["visible"] as? Bool == true }
        XCTAssertEqual(dialog.picker["visible"] as? Bool, false)
    }

    func testUnsavedEditsAskBeforeAPickedPhotoOpens() throws {
        let (home, photos) = try makeLibrary()
        let harness = try EditorWindowHarness(home: home.home)
        try harness.waitUntilSettled()
        try harness.key("r")
        try harness.waitFor("an edit") { $0.dirty }
        try harness.key("p")
        let ready = try harness.waitFor("the picker") { !$0.pickerLoading && $0.pickerThumbnails == $0.pickerItems.count }
        XCTAssertEqual(ready.pickerItems.first, harness.photoPath, "the photo just opened is the most recent one")
        try harness.click(frame: ready.pickerFrames[try XCTUnwrap(ready.pickerItems.firstIndex(of: photos[0]))])
        try harness.waitFor("the question") { $0.visible("confirm") }
        try harness.key("d")
        try harness.waitFor("the picked photo") { $0.image == photos[0] && !$0.dirty }
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

/// The photos given on the command line lead the strip, and opening one keeps the list.
final class PickerGivenPhotosTests: XCTestCase {
    func testThePhotosGivenTogetherComeFirstAndOpenWithinTheirList() throws {
        let home = try LibraryHome()
        let recent = try home.addPhoto("beach.jpg", from: "Landscape_1", hoursAgo: 1)
        let fixtures = LibraryHome.fixtures
        let harness = try EditorWindowHarness(photos: ["Landscape_2", "Portrait_6", "Landscape_8"].map {
            fixtures.appendingPathComponent($0 + ".jpg").path
        }, home: home.home)
        try harness.waitUntilSettled()
        try harness.key("p")
        let ready = try harness.waitFor("the picker") { !$0.pickerLoading && $0.pickerThumbnails == $0.pickerItems.count }
        XCTAssertEqual(Array(ready.pickerItems.prefix(3)), harness.photoPaths)
        XCTAssertEqual(ready.picker["given"] as? Int, 3)
        XCTAssertTrue(ready.pickerItems.contains(recent))
        XCTAssertEqual(ready.pickerItems.filter { $0 == harness.photoPaths[0] }.count, 1, "a given photo is listed once")
        XCTAssertEqual(ready.pickerSelected, 0, "the open photo is selected")

        try harness.click(frame: ready.pickerFrames[1])
        let opened = try harness.waitFor("the second given photo") { $0.image == harness.photoPaths[1] && $0.imageSize != nil }
        XCTAssertEqual((opened.fields["documents"] as? [String: Any])?["index"] as? Int, 1, "still the list of three")
        XCTAssertTrue(opened.title.contains("(2 / 3)"))
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
