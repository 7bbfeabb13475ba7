import CropperTestSupport
@testable import CropperUI
@testable import EditorState
import Foundation
import PhotoLibrary
import PhotoIO
import XCTest

/// settings.json without a window: reading, writing, damage, unknown keys, the quality steps.
final class SettingsTests: XCTestCase {
    private func decode(_ text: String) throws -> (settings: Settings, ignored: [String]) {
        try Settings.decode(Data(text.utf8))
    }

    func testWhatIsWrittenReadsBackTheSame() throws {
        var settings = Settings()
        settings.windowWidth = 1100
        settings.windowHeight = 720
        settings.lastFolder = "/home/ann/Pictures/\"2024\" trip"
        settings.aspect = .custom(width: 3, height: 2).swapped
        settings.recentersAfterDrag = false
        settings.jpegQuality = 85
        let text = String(decoding: settings.encoded(), as: UTF8.self)
        XCTAssertTrue(text.contains("\n  \"aspect\": \"2:3\",\n"), text)
        let read = try Settings.decode(Data(settings.encoded()))
        XCTAssertEqual(read.settings, settings)
        XCTAssertEqual(read.ignored, [])
    }

    func testSaveModeAnswerAndExportSizeReadBack() throws {
        for size in [nil, ExportSize.longEdge(2048), .exact(width: 1080, height: 1350)] {
            var settings = Settings()
            settings.saveMode = .overOriginal
            settings.replaceConfirmed = true
            settings.exportSize = size
            let read = try Settings.decode(Data(settings.encoded()))
            XCTAssertEqual(read.settings, settings)
            XCTAssertEqual(read.ignored, [])
        }
        let typed = try decode("""
            {"exportSize": "1600x900", "saveMode": "sideways", "replaceConfirmed": 1}
            """)
        XCTAssertEqual(typed.settings.exportSize, .exact(width: 1600, height: 900), "a size typed into the file")
        XCTAssertEqual(typed.settings.saveMode, .beside)
        XCTAssertFalse(typed.settings.replaceConfirmed)
        XCTAssertEqual(Set(typed.ignored), ["saveMode", "replaceConfirmed"])
        XCTAssertEqual(try decode("{\"exportSize\": \"0x5\"}").ignored, ["exportSize"])
    }

    func testEveryAspectHasAName() {
        for aspect in AspectRatio.cycle + [.originalSwapped, .custom(width: 5, height: 4)] {
            XCTAssertEqual(Settings.aspect(named: Settings.name(of: aspect)), aspect)
        }
        XCTAssertNil(Settings.aspect(named: "4:0"))
        XCTAssertNil(Settings.aspect(named: "wide"))
    }

    func testUnknownKeysAreIgnoredAndBadValuesKeepTheirDefaults() throws {
        let read = try decode("""
            {"jpegQuality": 80, "theme": "dark", "aspect": 7, "recentreAfterDrag": "yes",
             "windowWidth": 900, "windowHeight": -5, "lastFolder": "relative/path", "future": {"nested": [1, 2]}}
            """)
        XCTAssertEqual(read.settings.jpegQuality, 80)
        XCTAssertEqual(read.settings.aspect, .free)
        XCTAssertTrue(read.settings.recentersAfterDrag)
        XCTAssertNil(read.settings.windowSize, "a size needs both numbers")
        XCTAssertNil(read.settings.lastFolder)
        XCTAssertEqual(Set(read.ignored), ["aspect", "recentreAfterDrag", "windowHeight", "lastFolder"])
        XCTAssertEqual(try decode("{\"jpegQuality\": 101}").ignored, ["jpegQuality"])
    }

    func testAFileThatIsNotAJSONObjectIsRefused() {
        for text in ["{ \"jpegQuality\": 80", "", "[1, 2]", "\"settings\"", "\u{FF}\u{FE}garbage"] {
            XCTAssertThrowsError(try decode(text), text)
        }
    }

    func testTheFileLivesUnderXDGConfigHome() {
        func path(_ variables: [String: String]) -> String {
            SettingsStore.defaultPath(environment: XDGEnvironment(variables: variables))
        }
        XCTAssertEqual(path(["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/ann"]), "/cfg/cropper/settings.json")
        XCTAssertEqual(path(["XDG_CONFIG_HOME": "relative", "HOME": "/home/ann"]), "/home/ann/.config/cropper/settings.json",
                       "a relative XDG path is ignored, as the spec says")
        XCTAssertEqual(path(["HOME": "/home/ann"]), "/home/ann/.config/cropper/settings.json")
    }

    func testTheStoreWritesAtomicallyOnlyWhatChanged() throws {
        let home = try TestHome()
        let path = home.settingsFile
        let store = SettingsStore(path: path)
        store.writeNow()
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "nothing changed, nothing written")
        store.update(now: 10) { $0.jpegQuality = 70 }
        XCTAssertEqual(store.writeDueAt, 10 + SettingsStore.writeDelay)
        store.writeIfDue(now: 10.1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "not before the delay")
        store.writeNow()
        XCTAssertEqual(SettingsStore(path: path).settings.jpegQuality, 70)
        let folder = (path as NSString).deletingLastPathComponent
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != "settings.json" }
        XCTAssertEqual(leftovers, [], "no temporary file left beside it")
        let mode = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o700)
    }
}
