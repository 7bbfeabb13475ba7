import CropperTestSupport
import EditorState
import Foundation
import PhotoIO
import XCTest
@testable import CropperUI
@testable import X11Platform

/// The grid of the list's photos, driven in-process: G, selection by keys and clicks, opening one, and a list of
/// 10,000 photos asking for a screenful of thumbnails. The window is 1100 × 760: six columns (see GridLayoutTests).
final class AppGridTests: XCTestCase {
    private func folder(of count: Int, in scratch: ScratchDirectory) throws -> [String] {
        try (1...count).map { try scratch.copy(EditorWindowHarness.samplePhoto, as: "photo \($0).jpg") }
    }

    /// Kept for the test's length: a scratch folder is removed when let go.
    private var scratch: ScratchDirectory?

    /// A folder of twelve, the second open and the folder listed.
    private func twelve() throws -> (AppHarness, [String]) {
        let scratch = try ScratchDirectory()
        self.scratch = scratch
        let paths = try folder(of: 12, in: scratch)
        let app = try AppHarness(files: [paths[1]])
        app.send(.background(.folderListed(folder: scratch.path, photos: paths)))
        return (app, paths)
    }

    private func grid(_ app: AppHarness) throws -> GridComponent {
        try XCTUnwrap(app.state.stack.component(GridComponent.self), "the grid is up")
    }

    private func selected(_ app: AppHarness, _ paths: [String]) throws -> [Int] {
        let selection = try grid(app).selection
        return paths.indices.filter { selection.contains(paths[$0]) }
    }

    /// The state log's `grid` fields, serialized.
    private func gridLog(_ app: AppHarness) -> [String: String] {
        guard case let .object(members)? = app.state.stack.snapshot(in: app.state.context)["grid"] else { return [:] }
        return Dictionary(members.map { ($0.0, $0.1.serialized) }, uniquingKeysWith: { first, _ in first })
    }

    private func click(_ app: AppHarness, _ x: Double, _ y: Double, _ modifiers: Modifiers = [], time: UInt32 = 1000) {
        app.send(.input(.press(PointerPress(button: 1, at: WindowPoint(x: x, y: y), time: time, modifiers: modifiers))))
        app.send(.input(.release(WindowPoint(x: x, y: y))))
    }

    private var lastWanted: (AppHarness) -> [String: Int]? = { app in
        for job in app.jobs.reversed() { if case let .wantThumbnails(wanted) = job { return wanted } }
        return nil
    }

    func testGShowsTheFolderWithTheOpenPhotoUnderTheCursorAndGoesBack() throws {
        let (app, paths) = try twelve()
        app.key("g")
        XCTAssertEqual(app.top, .grid)
        XCTAssertEqual(try selected(app, paths), [1])
        let log = gridLog(app)
        XCTAssertEqual(log["visible"], JSONValue.bool(true).serialized)
        XCTAssertEqual(log["count"], JSONValue.integer(12).serialized)
        XCTAssertEqual(log["selected"], JSONValue.integer(1).serialized)
        XCTAssertEqual(log["pending"], JSONValue.integer(0).serialized)
        XCTAssertEqual(log["focus"], JSONValue.integer(1).serialized)
        XCTAssertEqual(log["columns"], JSONValue.integer(6).serialized)
        XCTAssertEqual(log["visibleItems"], JSONValue.integers([0, 12]).serialized)
        XCTAssertEqual(lastWanted(app).map { Set($0.keys) }, Set(paths), "every photo is in view")
        XCTAssertEqual(Set(lastWanted(app)?.values ?? [:].values), [ThumbnailStore.Urgency.visible])
        app.key("g")
        XCTAssertNil(app.top)
        XCTAssertEqual(lastWanted(app), [:], "thumbnails no longer wanted")
        app.key("g")
        app.key("Escape")
        XCTAssertNil(app.top, "Esc goes back to the editor too")
        XCTAssertEqual(app.openPath, paths[1], "the photo stayed open")
    }

    func testArrowsMoveByCellsAndRowsShiftExtendsSpaceTogglesCtrlASelectsAll() throws {
        let (app, paths) = try twelve()
        app.key("g")
        app.key("Right")
        XCTAssertEqual(try selected(app, paths), [2])
        app.key("Down")
        XCTAssertEqual(try selected(app, paths), [8], "a row is six photos")
        app.key("Down")
        XCTAssertEqual(try selected(app, paths), [8], "the last row: it stays")
        app.key(Keysym.Left, .shift)
        app.key(Keysym.Left, .shift)
        XCTAssertEqual(try selected(app, paths), [6, 7, 8])
        app.key(Keysym.Up, .shift)
        XCTAssertEqual(try selected(app, paths), [0, 1, 2, 3, 4, 5, 6, 7, 8], "from the anchor (8) to 0")
        app.key(Keysym.space)
        XCTAssertEqual(try selected(app, paths), [1, 2, 3, 4, 5, 6, 7, 8], "Space took the cursor's photo out")
        app.key("ctrl+a")
        XCTAssertEqual(gridLog(app)["selected"], JSONValue.integer(12).serialized)
        app.key(Keysym.End)
        XCTAssertEqual(try selected(app, paths), [11])
        XCTAssertEqual(app.events.last, "gridKey:selectLast")
    }

    func testClicksSelectAsInAFileManager() throws {
        let (app, paths) = try twelve()
        app.key("g")
        click(app, 250, 300)
        XCTAssertEqual(try selected(app, paths), [7])
        click(app, 250 + 2 * 174, 300, .control, time: 3000)
        XCTAssertEqual(try selected(app, paths), [7, 9])
        click(app, 100, 100, .shift, time: 5000)
        XCTAssertEqual(try selected(app, paths), Array(0...9), "from the anchor (9) to 0")
        click(app, 195, 100, [], time: 7000)
        XCTAssertEqual(try selected(app, paths), Array(0...9), "between cells nothing changes")
        XCTAssertEqual(app.top, .grid)
    }

    func testEnterOrADoubleClickOpensThePhotoAndLeavesTheGrid() throws {
        let (app, paths) = try twelve()
        app.key("g")
        app.key("Right")
        app.key("Return")
        XCTAssertNil(app.top)
        XCTAssertEqual(app.openPath, paths[2])
        XCTAssertNotNil(app.editor.imageSize, "decoded: \(app.events.suffix(6)) \(String(describing: app.state.session.document?.loadError))")

        app.key("g")
        XCTAssertEqual(try selected(app, paths), [2], "the grid opens on the photo now open")
        click(app, 250, 300, time: 10_000)
        XCTAssertEqual(app.top, .grid, "one click selects")
        click(app, 252, 301, time: 10_300)
        XCTAssertNil(app.top, "the second within 400 ms opens")
        XCTAssertEqual(app.openPath, paths[7])
        XCTAssertEqual(app.state.session.documents?.index, 7)
    }

    func testAnUnsavedEditStaysWithItsPhotoWhenTheGridOpensAnother() throws {
        let (app, paths) = try twelve()
        app.key("r")
        app.key("g")
        XCTAssertEqual(gridLog(app)["pending"], JSONValue.integer(1).serialized)
        app.key("Right")
        app.key("Return")
        XCTAssertNil(app.top, "no question inside the folder: the edit stays with its photo")
        XCTAssertEqual(app.openPath, paths[2])
        XCTAssertEqual(app.state.batch.pending[paths[1]]?.edit.userTransform, .rotate90CW)
        app.key("g")
        XCTAssertEqual(gridLog(app)["pending"], JSONValue.integer(1).serialized, "the turned photo is still pending")
        app.key("Left")
        app.key("Return")
        XCTAssertEqual(app.openPath, paths[1])
        XCTAssertEqual(app.editor.userTransform, .rotate90CW, "its edit came back with it")
        XCTAssertTrue(app.editor.isDirty)
        app.key("ctrl+z")
        XCTAssertEqual(app.editor.userTransform, .normal, "and its own undo step")
        XCTAssertFalse(app.editor.isDirty)
    }

    func testTenThousandPhotosAskForAScreenfulAndScrollToTheEnd() throws {
        let paths = (0..<10_000).map { String(format: "/nonexistent/grid/%05d.jpg", $0) }
        let app = try AppHarness(files: paths)
        app.key("g")
        XCTAssertEqual(gridLog(app)["count"], JSONValue.integer(10_000).serialized)
        XCTAssertEqual(lastWanted(app)?.count, 48, "four rows in view and a page below, not 10,000")
        app.key(Keysym.End)
        let log = gridLog(app)
        XCTAssertEqual(log["focus"], JSONValue.integer(9_999).serialized)
        XCTAssertEqual(log["scrollOffset"], JSONValue.number(329_374).serialized)
        XCTAssertEqual(log["visibleItems"], JSONValue.integers([9_978, 10_000]).serialized)
        let wanted = try XCTUnwrap(lastWanted(app))
        XCTAssertEqual(wanted[paths[9_999]], ThumbnailStore.Urgency.visible)
        XCTAssertNil(wanted[paths[0]])
        app.send(.input(.wheel(WheelStep(direction: .up, at: WindowPoint(x: 500, y: 400), modifiers: [], amount: 2.5))))
        XCTAssertEqual(gridLog(app)["scrollOffset"], JSONValue.number(329_374 - 2.5 * StepSizes.gridWheel).serialized, "a touchpad's fraction of clicks")
        app.key(Keysym.Page_Up)
        XCTAssertEqual(gridLog(app)["focus"], JSONValue.integer(9_999 - 18).serialized, "three rows a page")
    }

    func testTheShortcutSheetOverTheGridListsTheGridsKeys() throws {
        let (app, _) = try twelve()
        app.key("F1")
        XCTAssertEqual(app.state.stack.component(ShortcutSheetComponent.self)?.overGrid, false)
        app.key("Escape")
        app.key("g")
        app.key("F1")
        XCTAssertEqual(app.top, .shortcuts)
        XCTAssertEqual(app.state.stack.component(ShortcutSheetComponent.self)?.overGrid, true)
        app.key("Escape")
        XCTAssertEqual(app.top, .grid, "any key closes the sheet, back to the grid")
    }

    func testTheGridFollowsTheFolderAsItIsListedAndChanges() throws {
        let scratch = try ScratchDirectory()
        self.scratch = scratch
        let paths = try folder(of: 12, in: scratch)
        let app = try AppHarness(files: [paths[1]])
        app.key("g")
        XCTAssertEqual(gridLog(app)["count"], JSONValue.integer(1).serialized, "before the listing: the open photo")
        app.send(.background(.folderListed(folder: scratch.path, photos: paths)))
        XCTAssertEqual(gridLog(app)["count"], JSONValue.integer(12).serialized)
        XCTAssertEqual(lastWanted(app)?.count, 12, "the listed photos' thumbnails asked for")
        app.key("ctrl+a")
        try FileManager.default.removeItem(atPath: paths[5])
        app.send(.background(.folderChanged(folder: scratch.path)))
        XCTAssertEqual(gridLog(app)["count"], JSONValue.integer(11).serialized)
        XCTAssertEqual(gridLog(app)["selected"], JSONValue.integer(11).serialized, "the deleted photo left the selection")
    }

    func testAResizedWindowKeepsTheScrollInRangeAndAsksForWhatIsNowInView() throws {
        let paths = (0..<1000).map { String(format: "/nonexistent/grid/%04d.jpg", $0) }
        let app = try AppHarness(files: paths)
        app.key("g")
        app.key(Keysym.End)
        app.send(.resized(width: 1100, height: 1200))
        let log = gridLog(app)
        // 167 rows: 32 + 167 × 198 − 8 = 33,090 px of content under a 1156 px viewport.
        XCTAssertEqual(log["maxScroll"], JSONValue.number(33_090 - 1156).serialized)
        XCTAssertEqual(log["scrollOffset"], log["maxScroll"])
        XCTAssertEqual(lastWanted(app)?[paths[999]], ThumbnailStore.Urgency.visible)
        XCTAssertEqual(lastWanted(app)?.count, 70, "rows 161–166 in view (966…999), rows 155–161 above, nothing below")
    }

    func testTheGridIsUnavailableWithNothingOpen() throws {
        let app = try AppHarness()
        app.key(Keysym.Escape)
        app.key("g")
        XCTAssertFalse(app.overlays.contains(.grid))
    }

    func testASelectedCellIsDrawnInTheAccent() throws {
        let (app, _) = try twelve()
        app.key("g")
        click(app, 250, 300)
        let frame = app.frame()
        // Cell 7 spans 201…367 × 258…448, its cursor ring x 201…204 and its thumbnail from x 208; between them
        // (x 206) is the selection's tint, and the same place in cell 8 the background.
        let tinted = frame.rgb(x: 206, y: 300), plain = frame.rgb(x: 206 + 174, y: 300)
        XCTAssertEqual(plain, 0x1e1f22)
        for (shift, expected) in [(16, 0x27), (8, 0x3c), (0, 0x64)] as [(UInt32, UInt32)] {
            XCTAssertEqual(Double((tinted >> shift) & 0xff), Double(expected), accuracy: 1.5, String(tinted, radix: 16))
        }
    }
}
