import CropperTestSupport
import EditorState
import Foundation
import XCTest
@testable import CropperUI
@testable import X11Platform

/// The picker through the app state, the recent photos read for real from a Pictures folder: clicks and keys that
/// open a photo, closing, scrolling the strip by wheel and by dragging, the empty folder's sample, the close
/// question before a picked photo, and the photos given together leading the strip. (`PickerPanelTests` keeps the
/// thumbnails, which the runner's thumbnailer makes, and the window's title.)
final class AppPickerTests: XCTestCase {
    private func app(_ home: LibraryHome, files: [String] = []) throws -> AppHarness {
        try AppHarness(files: files, home: home.home, runsListings: true, samplePath: EditorWindowHarness.samplePhoto)
    }

    private func click(_ app: AppHarness, frame: [Double]?, file: StaticString = #filePath, line: UInt = #line) throws {
        let frame = try XCTUnwrap(frame, file: file, line: line)
        app.click(WindowPoint(x: frame[0] + frame[2] / 2, y: frame[1] + frame[3] / 2))
    }

    func testStartingWithoutAFileShowsTheRecentPhotosNewestFirstWithNothingOpenBehind() throws {
        let (home, photos) = try LibraryHome.withFivePhotos()
        let app = try app(home)
        let picker = app.components
        XCTAssertEqual(picker.pickerItems, photos)
        XCTAssertFalse(picker.pickerLoading)
        XCTAssertEqual(picker.pickerSelected, 0, "the newest photo is selected")
        XCTAssertNil(app.openPath, "no photo is opened behind the picker")
        XCTAssertEqual(app.state.chrome.title, "Cropper", "the window is named even with no photo")
    }

    func testClickingTheSecondThumbnailOpensThatPhoto() throws {
        let (home, photos) = try LibraryHome.withFivePhotos()
        let app = try app(home)
        try click(app, frame: app.components.pickerFrames[1])
        XCTAssertEqual(app.openPath, photos[1])
        XCTAssertNotNil(app.editor.imageSize)
        XCTAssertFalse(app.overlays.contains(.picker), "the picker closes once a photo opens")
        XCTAssertEqual(app.editor.displayOrientation, Orientation(rawValue: 6))
    }

    func testArrowKeysMoveTheSelectionAndEnterOpensIt() throws {
        let (home, photos) = try LibraryHome.withFivePhotos()
        let app = try app(home)
        for key in ["Right", "Right", "Right", "Left"] { app.key(key) }
        XCTAssertEqual(app.components.pickerSelected, 2)
        app.key("Return")
        XCTAssertEqual(app.openPath, photos[2])
        XCTAssertFalse(app.overlays.contains(.picker))
    }

    func testEscapeAndAClickOutsideTheSheetClose() throws {
        let (home, _) = try LibraryHome.withFivePhotos()
        let app = try app(home, files: [EditorWindowHarness.samplePhoto])
        app.key("p")
        XCTAssertTrue(app.overlays.contains(.picker))
        XCTAssertFalse(app.components.pickerLoading)
        app.key("Escape")
        XCTAssertFalse(app.overlays.contains(.picker), "Esc closes it")

        app.key("p")
        let sheet = try XCTUnwrap(app.components.picker["sheet"] as? [NSNumber]).map(\.doubleValue)
        app.click(WindowPoint(x: 640, y: sheet[1] / 2))
        XCTAssertFalse(app.overlays.contains(.picker), "the outside click closes it")
        XCTAssertEqual(app.openPath, EditorWindowHarness.samplePhoto, "closing opens nothing")
        XCTAssertNil(app.editor.crop, "the click did not reach the canvas")
    }

    func testTheStripScrollsWithTheWheelAndByDraggingAndADragOpensNothing() throws {
        let home = try LibraryHome()
        for index in 0..<16 {
            try home.addPhoto("photo-\(index).jpg", from: index % 2 == 0 ? "Landscape_1" : "Landscape_2", hoursAgo: Double(index + 1))
        }
        let app = try app(home)
        XCTAssertGreaterThan((app.components.picker["maxScroll"] as? NSNumber)?.doubleValue ?? 0, 1000)
        let strip = try XCTUnwrap(app.components.picker["strip"] as? [NSNumber]).map(\.doubleValue)
        let middle = WindowPoint(x: strip[0] + strip[2] / 2, y: strip[1] + strip[3] / 2)

        for _ in 0..<3 { app.send(.input(.wheel(WheelStep(direction: .down, at: middle, modifiers: [])))) }
        let wheeled = app.components.pickerScroll
        XCTAssertEqual(wheeled, 270, accuracy: 0.5, "90 a click")
        app.send(.input(.wheel(WheelStep(direction: .up, at: middle, modifiers: .shift))))
        XCTAssertEqual(app.components.pickerScroll, wheeled - 90, accuracy: 0.5, "Shift+wheel scrolls back")
        app.drag(from: middle, to: WindowPoint(x: middle.x - 300, y: middle.y), steps: 10)
        XCTAssertEqual(app.components.pickerScroll, wheeled - 90 + 300, accuracy: 0.5)
        XCTAssertTrue(app.overlays.contains(.picker), "a drag is not a click: the picker stays")
        XCTAssertNil(app.openPath)

        app.key("End")
        XCTAssertEqual(app.components.pickerSelected, 15, "End reaches the oldest")
        XCTAssertEqual(app.components.pickerScroll, (app.components.picker["maxScroll"] as? NSNumber)?.doubleValue ?? -1,
                       accuracy: 0.5)
    }

    func testAnEmptyPicturesFolderStartsWithTheSampleAndThePickerSaysSo() throws {
        let home = try LibraryHome()
        let app = try app(home)
        XCTAssertEqual(app.openPath, EditorWindowHarness.samplePhoto)
        XCTAssertNotNil(app.editor.imageSize)
        XCTAssertFalse(app.overlays.contains(.picker))

        app.key("p")
        XCTAssertEqual(app.components.picker["message"] as? String, "No recent photos in ~/Pictures")
        try click(app, frame: app.components.pickerAction("openFile"))
        XCTAssertTrue(app.overlays.contains(.dialog), "the file dialog")
        XCTAssertFalse(app.overlays.contains(.picker))
    }

    func testUnsavedEditsAskBeforeAPickedPhotoOpens() throws {
        let (home, photos) = try LibraryHome.withFivePhotos()
        let scratch = try ScratchDirectory()
        let opened = try scratch.copy(EditorWindowHarness.samplePhoto, as: "sample.jpg")
        let app = try app(home, files: [opened])
        app.key("r")
        XCTAssertTrue(app.editor.isDirty)
        app.key("p")
        let picker = app.components
        XCTAssertEqual(picker.pickerItems.first, opened, "the photo just opened is the most recent one")
        try click(app, frame: picker.pickerFrames[try XCTUnwrap(picker.pickerItems.firstIndex(of: photos[0]))])
        XCTAssertEqual(app.top, .confirm, "the question")
        XCTAssertEqual(app.openPath, opened)
        app.key("d")
        XCTAssertEqual(app.openPath, photos[0])
        XCTAssertFalse(app.editor.isDirty)
    }

    func testThePhotosGivenTogetherComeFirstAndOpenWithinTheirList() throws {
        let home = try LibraryHome()
        let recent = try home.addPhoto("beach.jpg", from: "Landscape_1", hoursAgo: 1)
        let given = ["Landscape_2", "Portrait_6", "Landscape_8"].map { LibraryHome.fixtures.appendingPathComponent($0 + ".jpg").path }
        let app = try app(home, files: given)
        app.key("p")
        let picker = app.components
        XCTAssertEqual(Array(picker.pickerItems.prefix(3)), given)
        XCTAssertEqual(picker.picker["given"] as? Int, 3)
        XCTAssertTrue(picker.pickerItems.contains(recent))
        XCTAssertEqual(picker.pickerItems.filter { $0 == given[0] }.count, 1, "a given photo is listed once")
        XCTAssertEqual(picker.pickerSelected, 0, "the open photo is selected")

        try click(app, frame: picker.pickerFrames[1])
        XCTAssertEqual(app.openPath, given[1])
        XCTAssertEqual(app.state.session.documents?.index, 1, "still the list of three")
        XCTAssertTrue(app.state.chrome.title.contains("(2 / 3)"))
    }
}
