import CropperTestSupport
@testable import CropperUI
import CX11
import Foundation
import Localization
import XCTest
@testable import X11Platform

/// The dialog's rules without a window: listing, filtering, sorting, selection, type-ahead, save names.
final class FileDialogModelTests: XCTestCase {
    private func entry(_ name: String, folder: Bool = false, size: Int? = nil, modified: Int? = nil) -> FileEntry {
        FileEntry(name: name, isDirectory: folder, isSymbolicLink: false, byteCount: folder ? nil : size ?? 100,
                  modified: modified ?? 1_000)
    }

    private func dialog(with entries: [FileEntry], selecting: String? = nil) -> FileDialog {
        var dialog = FileDialog(mode: .open, directory: "/photos", selecting: selecting, generation: 1)
        XCTAssertTrue(dialog.receive(DirectoryListing(path: "/photos", generation: 1, result: .success(entries))))
        return dialog
    }

    func testFoldersComeFirstImagesOnlyUntilAllFilesAndHiddenOnlyWithTheToggle() {
        var dialog = dialog(with: [entry("b.JPG"), entry("notes.txt"), entry("Zoo", folder: true), entry(".x.png"),
                                   entry("a.png"), entry(".cache", folder: true), entry("c.jpeg")])
        XCTAssertEqual(dialog.entries.map(\.name), ["Zoo", "a.png", "b.JPG", "c.jpeg"])
        dialog.toggleAllFiles()
        XCTAssertEqual(dialog.entries.map(\.name), ["Zoo", "a.png", "b.JPG", "c.jpeg", "notes.txt"])
        dialog.toggleHidden()
        XCTAssertEqual(dialog.entries.map(\.name), [".cache", "Zoo", ".x.png", "a.png", "b.JPG", "c.jpeg", "notes.txt"])
    }

    func testSortingKeepsTheSelectedEntrySelected() {
        var dialog = dialog(with: [entry("small.jpg", size: 10, modified: 3), entry("big.jpg", size: 900, modified: 1),
                                   entry("mid.jpg", size: 500, modified: 2)], selecting: "mid.jpg")
        XCTAssertEqual(dialog.selectedEntry?.name, "mid.jpg")
        dialog.sort(by: .size)
        XCTAssertEqual(dialog.entries.map(\.name), ["big.jpg", "mid.jpg", "small.jpg"])
        XCTAssertEqual(dialog.selection, 1)
        dialog.sort(by: .size)
        XCTAssertEqual(dialog.entries.map(\.name), ["small.jpg", "mid.jpg", "big.jpg"])
        dialog.sort(by: .date)
        XCTAssertEqual(dialog.entries.map(\.name), ["small.jpg", "mid.jpg", "big.jpg"], "newest first")
        XCTAssertEqual(dialog.selectedEntry?.name, "mid.jpg")
    }

    func testALateListingForAFolderLeftIsIgnored() {
        var dialog = FileDialog(mode: .open, directory: "/a", generation: 1)
        let generation = dialog.go(to: "/b")
        XCTAssertFalse(dialog.receive(DirectoryListing(path: "/a", generation: 1, result: .success([entry("old.jpg")]))))
        XCTAssertTrue(dialog.isListing)
        XCTAssertTrue(dialog.receive(DirectoryListing(path: "/b", generation: generation,
                                                      result: .failure(ListingFailure(errno: EACCES)))))
        XCTAssertEqual(dialog.listingError, "You do not have permission to open this folder")
    }

    func testSelectionMovesAreClampedAndScrollIntoView() {
        var dialog = dialog(with: (0..<50).map { entry(String(format: "%02d.jpg", $0)) })
        let viewport = 10 * FileDialog.rowHeight
        dialog.moveSelection(by: 1, viewportHeight: viewport)
        XCTAssertEqual(dialog.selection, 0, "a first step selects the first row")
        dialog.moveSelection(by: 14, viewportHeight: viewport)
        XCTAssertEqual(dialog.selection, 14)
        XCTAssertEqual(dialog.scrollOffset, 5 * FileDialog.rowHeight, "row 14 is the last whole row in view")
        dialog.moveSelection(by: 100, viewportHeight: viewport)
        XCTAssertEqual(dialog.selection, 49)
        XCTAssertEqual(dialog.scrollOffset, FileDialog.maxScroll(entryCount: 50, viewportHeight: viewport))
        dialog.selectFirst(viewportHeight: viewport)
        XCTAssertEqual(dialog.scrollOffset, 0)
        XCTAssertEqual(dialog.row(atViewportY: 3 * FileDialog.rowHeight + 1), 3)
        XCTAssertNil(dialog.row(atViewportY: 60 * FileDialog.rowHeight))
    }

    func testTypeAheadFindsThePrefixAndStartsAfreshAfterAPause() {
        var dialog = dialog(with: [entry("Apple.jpg"), entry("apricot.jpg"), entry("banana.jpg")])
        XCTAssertTrue(dialog.typeAhead("a", at: 10, viewportHeight: 300))
        XCTAssertEqual(dialog.selectedEntry?.name, "Apple.jpg")
        XCTAssertTrue(dialog.typeAhead("p", at: 10.3, viewportHeight: 300))
        XCTAssertTrue(dialog.typeAhead("r", at: 10.6, viewportHeight: 300))
        XCTAssertEqual(dialog.selectedEntry?.name, "apricot.jpg")
        XCTAssertTrue(dialog.typeAhead("b", at: 12, viewportHeight: 300))
        XCTAssertEqual(dialog.selectedEntry?.name, "banana.jpg")
        XCTAssertFalse(dialog.typeAhead("x", at: 12.2, viewportHeight: 300))
        XCTAssertEqual(dialog.selectedEntry?.name, "banana.jpg", "no match leaves the selection")
    }

    func testParentAndTypedPaths() {
        let dialog = FileDialog(mode: .open, directory: "/home/ana/Pictures", generation: 1)
        XCTAssertEqual(dialog.parent?.path, "/home/ana")
        XCTAssertEqual(dialog.parent?.child, "Pictures")
        XCTAssertEqual(FileDialog(mode: .open, directory: "/home", generation: 1).parent?.path, "/")
        XCTAssertNil(FileDialog(mode: .open, directory: "/", generation: 1).parent)
        XCTAssertEqual(dialog.resolve("2024/../x.jpg"), "/home/ana/Pictures/x.jpg")
        XCTAssertEqual(dialog.resolve("/tmp//a/./b.jpg"), "/tmp/a/b.jpg")
    }

    func testTheListingUsesStatusOnlyAndDescribesLinksPipesAndFolders() throws {
        let folder = NSTemporaryDirectory() + "cropper-listing-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(count: 1234).write(to: URL(fileURLWithPath: folder + "/photo.jpg"))
        XCTAssertEqual(mkfifo(folder + "/pipe.jpg", 0o600), 0)
        try FileManager.default.createSymbolicLink(atPath: folder + "/to-sub", withDestinationPath: folder + "/sub")
        try FileManager.default.createSymbolicLink(atPath: folder + "/gone.jpg", withDestinationPath: folder + "/missing")
        let listing = DirectoryListing.read(folder, generation: 7)
        let entries = try listing.result.get().sorted { $0.name < $1.name }
        XCTAssertEqual(entries.map(\.name), ["gone.jpg", "photo.jpg", "pipe.jpg", "sub", "to-sub"])
        let byName = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0) })
        XCTAssertEqual(byName["photo.jpg"]?.byteCount, 1234)
        XCTAssertEqual(byName["to-sub"]?.isDirectory, true)
        XCTAssertEqual(byName["to-sub"]?.isSymbolicLink, true)
        XCTAssertEqual(byName["gone.jpg"]?.isSymbolicLink, true)
        XCTAssertNil(byName["gone.jpg"]?.byteCount)
        XCTAssertEqual(byName["pipe.jpg"]?.isDirectory, false)
        XCTAssertEqual(DirectoryListing.read(folder + "/nothing", generation: 1).result.failure?.message,
                       "This folder does not exist (any more)")
    }

    func testSaveNamesGetTheExtensionAndExistingFilesAreReported() throws {
        let folder = NSTemporaryDirectory() + "cropper-save-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/sub.jpg", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = folder + "/photo.jpeg"
        try Data([1]).write(to: URL(fileURLWithPath: source))
        try Data([2]).write(to: URL(fileURLWithPath: folder + "/taken.jpg"))
        XCTAssertEqual(SavePaths.withDefaultExtension(folder + "/crop", source: source), folder + "/crop.jpeg")
        XCTAssertEqual(SavePaths.withDefaultExtension(folder + "/crop.png", source: source), folder + "/crop.png")
        XCTAssertEqual(try SavePaths.checkSaveTarget(folder + "/new.png", source: source).get(),
                       SaveAsChoice(path: folder + "/new.png", exists: false))
        XCTAssertEqual(try SavePaths.checkSaveTarget(folder + "/taken.jpg", source: source).get(),
                       SaveAsChoice(path: folder + "/taken.jpg", exists: true))
        XCTAssertNotNil(SavePaths.checkSaveTarget(source, source: source).failure, "never the photo itself")
        XCTAssertNotNil(SavePaths.checkSaveTarget(folder + "/sub.jpg", source: source).failure, "not a folder")
        XCTAssertNotNil(SavePaths.checkSaveTarget(folder + "/x.bmp", source: source).failure)
        XCTAssertNotNil(SavePaths.checkSaveTarget(folder + "/none/x.jpg", source: source).failure)
    }

    func testSizesAndDatesAreWrittenShort() {
        XCTAssertEqual(FileFacts.size(1), "1 byte")
        XCTAssertEqual(FileFacts.size(999), "999 bytes")
        XCTAssertEqual(FileFacts.size(347_327), "347 kB")
        XCTAssertEqual(FileFacts.size(2_450_000), "2.5 MB")
        XCTAssertEqual(FileFacts.size(12_300), "12.3 kB")
        XCTAssertEqual(FileFacts.size(999_999), "1.0 MB")
        let now = FileFacts.now()
        XCTAssertTrue(FileFacts.date(now - 60, now: now).hasPrefix("Today ") || FileFacts.date(now - 60, now: now).hasPrefix("Yesterday "))
        XCTAssertTrue(FileFacts.date(now - 86_400 * 400, now: now).contains(" 20"), "older dates carry their year")
        // In the user's locale: German writes a decimal comma and day.month.year.
        let german = LocaleFormat(locale: "de_DE.UTF-8")
        if german.decimalSeparator == "," {
            XCTAssertEqual(FileFacts.size(2_450_000, in: german), "2,5 MB")
            XCTAssertEqual(FileFacts.size(999, in: german), "999 bytes", "the words are the catalogue's, not the locale's")
            let old = FileFacts.date(now - 86_400 * 400, now: now, in: german)
            XCTAssertNotNil(old.range(of: #"^\d\d\.\d\d\.20\d\d \d\d:\d\d$"#, options: .regularExpression), old)
        }
    }

    func testPanelKeysHaveTheirOwnScopeAndFallBackToTheFileCommands() {
        func command(_ symbol: Int32, _ modifiers: Modifiers = [], scope: BindingScope) -> Command? {
            Bindings.command(level0: UInt(symbol), typed: UInt(symbol), modifiers: modifiers, scope: scope, facts: .photoOpen)
        }
        XCTAssertEqual(command(XK_Left, scope: .editor), .nudge(dx: -1, dy: 0))
        XCTAssertEqual(command(XK_Left, scope: .picker), .selectPrevious)
        XCTAssertEqual(command(XK_Up, scope: .dialog), .selectPrevious)
        XCTAssertEqual(command(XK_Up, .alt, scope: .dialog), .parentFolder)
        XCTAssertEqual(command(XK_h, .control, scope: .dialog), .toggleHiddenFiles)
        XCTAssertEqual(command(XK_p, scope: .editor), .photos)
        XCTAssertEqual(command(XK_o, .control, scope: .picker), .open, "Ctrl+O works over the picker")
        XCTAssertNil(command(XK_r, scope: .picker), "editing keys do not reach the photo behind")
        XCTAssertEqual(Bindings.shortcutLabel(for: .cancel), "Esc")
        XCTAssertTrue(ShortcutSheet.rows(for: .picker).contains { $0.title == "Close the picker" && $0.keys == ["Esc", "P"] })
        XCTAssertTrue(ShortcutSheet.rows(for: .dialog).contains { $0.title == "Parent folder" && $0.keys == ["Backspace", "Alt+↑"] })
    }
}

private extension Result {
    var failure: Failure? {
        if case let .failure(error) = self { return error }
        return nil
    }
}
