import CropperTestSupport
import EditorState
import XCTest
@testable import CropperUI
@testable import X11Platform

/// F11 and Esc as the app state decides them; the window manager's side is `FullScreenWindowTests`.
final class AppFullScreenTests: XCTestCase {
    private let fullScreen = "_NET_WM_STATE_FULLSCREEN"

    func testF11TogglesTheStateAndEscLeavesItBeforeClearingTheBox() throws {
        let scratch = try ScratchDirectory()
        let app = try AppHarness(files: [try scratch.copy(EditorWindowHarness.samplePhoto, as: "a.jpg")])
        app.typeBox(PixelRect(x: 10, y: 10, width: 300, height: 200))
        app.key(Keysym.F11)
        XCTAssertEqual(app.state.chrome.windowStates, [fullScreen])
        app.key(Keysym.F11)
        XCTAssertEqual(app.state.chrome.windowStates, [])

        app.key(Keysym.F11)
        app.key("Escape")
        XCTAssertEqual(app.state.chrome.windowStates, [], "Esc leaves full screen")
        XCTAssertNotNil(app.editor.crop, "and only that")
        app.key("Escape")
        XCTAssertNil(app.editor.crop, "out of full screen, Esc clears the box")
    }

    func testTheShortcutSheetListsFullScreenUnderView() throws {
        let rows = ShortcutSheet.rows(for: .view)
        XCTAssertTrue(rows.contains { $0.title == "Full screen (Esc leaves it)" && $0.keys == ["F11"] }, "\(rows.map(\.title))")
        XCTAssertFalse(rows.contains { $0.keys == ["Esc"] }, "Esc is named in the row's title")
    }
}
