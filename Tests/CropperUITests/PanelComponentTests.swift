import CropperTestSupport
import CX11
@testable import CropperUI
import EditorState
import PhotoLibrary
import XCTest
@testable import X11Platform

/// The numbers, the picker and the file dialog as components, in-process: keys and clicks in, effects and
/// state-log fields out.
final class PanelComponentTests: XCTestCase {
    private func type(_ text: String, into entry: inout NumericEntryComponent, _ bench: ComponentBench) -> Response {
        var last = Response.passed
        for character in text { last = entry.key(ComponentBench.typed(character), in: bench.context) }
        return last
    }

    func testTypedNumbersSetTheBoxAndAValueOutsideThePhotoIsNamed() {
        let bench = ComponentBench()
        var entry = NumericEntryComponent(rect: PixelRect(x: 0, y: 0, width: 1800, height: 1200))
        let refused = type("10\t20\t1800\t500\n", into: &entry, bench)
        XCTAssertEqual(refused, .took("numericKey"))
        XCTAssertEqual(entry.entry.error, "W must be from 1 to 1790")
        XCTAssertEqual(entry.entry.focus, 2, "the field at fault has the keys, its text selected")
        let applied = type("900\n", into: &entry, bench)
        XCTAssertEqual(applied.effects, [.close(.numericEntry), .edit(.setCrop(PixelRect(x: 10, y: 20, width: 900, height: 500)))])
        XCTAssertEqual(entry.key(ComponentBench.key(XK_Escape), in: bench.context).effects, [.close(.numericEntry)])
    }

    func testTheNumbersTakeTheStatusBarsPointer() {
        let bench = ComponentBench()
        var entry = NumericEntryComponent(rect: PixelRect(x: 0, y: 0, width: 1800, height: 1200))
        XCTAssertTrue(entry.hover(WindowPoint(x: 900, y: 625), in: bench.context), "the status bar is the entry's")
        XCTAssertFalse(entry.hover(WindowPoint(x: 500, y: 300), in: bench.context), "the canvas is not")
        let snapshot = entry.snapshot(in: bench.context)
        XCTAssertEqual(snapshot.first?.0, "numericEntry")
    }

    func testThePickerAsksForRecentPhotosAndAnEmptyLibraryAtStartOpensTheSample() {
        let bench = ComponentBench(photo: false)
        bench.session.documents = nil
        let (opened, effects) = PickerComponent.open(in: bench.context, isStartup: true)
        XCTAssertEqual(effects.first, .listRecentPhotos)
        var picker = opened
        XCTAssertEqual(picker.nextChange(in: bench.context), 100.25, "at start the sheet waits a quarter second for the library")
        let empty = picker.receive(.recentPhotosLoaded([]), in: bench.context)
        XCTAssertEqual(empty.effects, [.close(.picker), .openSample])
    }

    func testThePickerClosesOnEscOrAClickOutsideItsSheet() throws {
        let bench = ComponentBench()
        var (picker, _) = PickerComponent.open(in: bench.context, isStartup: false)
        let layout = picker.layout(bench.context)
        XCTAssertEqual(layout.sheet.maxY, 640, "a bottom sheet")
        XCTAssertEqual(layout.sheet.width, 1024)
        XCTAssertEqual(picker.press(ComponentBench.press(500, layout.sheet.y - 20), in: bench.context).effects, [.close(.picker)])
        XCTAssertEqual(picker.key(ComponentBench.key(XK_Escape), in: bench.context).effects, [.close(.picker)])
        XCTAssertEqual(picker.key(ComponentBench.key(XK_o, .control), in: bench.context).effects, [.perform(.open)],
                       "Ctrl+O works in the picker too")
    }

    private func dialog(_ bench: ComponentBench, in folder: String) throws -> FileDialogComponent {
        bench.found.lastOpenFolder = folder
        let (dialog, effects) = try XCTUnwrap(FileDialogComponent.open(saving: false, in: bench.context))
        XCTAssertEqual(effects, [.listDirectory(path: folder, generation: 1), .listPlaces])
        return dialog
    }

    func testCtrlLSelectsTheLocationAndSlashStartsANewPath() throws {
        let bench = ComponentBench()
        let folder = NSTemporaryDirectory() + "cropper-dialog-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var dialog = try dialog(bench, in: folder)
        XCTAssertEqual(dialog.key(ComponentBench.key(XK_l, .control), in: bench.context).name, "dialogKey:focusPathBar")
        XCTAssertEqual(dialog.dialog.pathField.text, folder + "/")
        XCTAssertTrue(dialog.dialog.pathField.replacesOnType)
        for character in "/nothing.jpg" { _ = dialog.key(ComponentBench.typed(character), in: bench.context) }
        XCTAssertEqual(dialog.dialog.pathField.text, "/nothing.jpg", "the typed path replaced the location")
        XCTAssertEqual(dialog.key(ComponentBench.key(XK_Return), in: bench.context).effects, [])
        let fields = Dictionary(dialog.snapshot(in: bench.context), uniquingKeysWith: { a, _ in a })
        guard case let .object(members) = fields["dialog"] else { return XCTFail("no dialog fields") }
        XCTAssertEqual(members.first { $0.0 == "error" }?.1.serialized, "\"No such file: /nothing.jpg\"")

        var list = try self.dialog(bench, in: folder)
        XCTAssertEqual(list.key(ComponentBench.typed("/"), in: bench.context).name, "dialogPathStarted")
        XCTAssertEqual(list.dialog.pathField.text, "/")
        XCTAssertFalse(list.dialog.pathField.replacesOnType, "what follows the slash is added to it")
    }

    func testAnExistingPhotoTypedInThePathBarOpensAndIsRemembered() throws {
        let bench = ComponentBench()
        let folder = NSTemporaryDirectory() + "cropper-dialog-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let photo = folder + "/sea.jpg", text = folder + "/notes.jpg"
        try FileManager.default.copyItem(atPath: LibraryHome.fixtures.appendingPathComponent("Landscape_1.jpg").path, toPath: photo)
        try Data("not a photo".utf8).write(to: URL(fileURLWithPath: text))
        var dialog = try dialog(bench, in: folder)
        dialog.focusPathBar(text: text, selected: false)
        XCTAssertEqual(dialog.key(ComponentBench.key(XK_Return), in: bench.context).effects, [])
        XCTAssertEqual(dialog.dialog.message, "notes.jpg is not a photo Cropper can open (JPEG, PNG, HEIC, AVIF, WebP, TIFF, JPEG XL or GIF)")
        dialog.focusPathBar(text: photo, selected: false)
        XCTAssertEqual(dialog.key(ComponentBench.key(XK_Return), in: bench.context).effects,
                       [.rememberOpenFolder(folder), .openPhoto(photo)])
    }
}
