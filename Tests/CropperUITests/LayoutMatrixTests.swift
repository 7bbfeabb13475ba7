@testable import CropperUI
import EditorState
import XCTest

/// Every size and scale a window can have, in-process: the toolbar and status bar, the numbers, the picker,
/// the file dialog and the overflow menu keep their controls apart and inside the window.
final class LayoutMatrixTests: XCTestCase {
    static let scales = [1.0, 1.25, 1.5, 2, 3]
    static let widths = [720, 1024, 1280, 1920, 2560, 3840]

    /// Window sizes from the smallest one a screen of that scale gives (720 × 440 interface pixels, or a
    /// 1280 × 800 screen at scale 2: 640 × 400) to 4K.
    static var windows: [(width: Int, height: Int, scale: Double)] {
        var windows: [(width: Int, height: Int, scale: Double)] = []
        for scale in scales {
            for width in widths where Double(width) >= 640 * scale {
                let height: Int = max(Int((400 * scale).rounded(.up)), width * 10 / 16)
                windows.append((width, height, scale))
            }
        }
        return windows + [(720, 440, 1)]
    }

    private func assertApart(_ controls: [(id: String, rect: LayoutRect)], inside bounds: LayoutRect, _ what: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        for (index, control) in controls.enumerated() {
            let r = control.rect
            XCTAssertTrue(r.x >= bounds.x - 0.01 && r.y >= bounds.y - 0.01 && r.maxX <= bounds.maxX + 0.01
                          && r.maxY <= bounds.maxY + 0.01, "\(what): \(control.id) \(r) leaves \(bounds)", file: file, line: line)
            for other in controls[(index + 1)...] where r.intersects(other.rect) {
                XCTFail("\(what): \(control.id) \(r) overlaps \(other.id) \(other.rect)", file: file, line: line)
            }
        }
    }

    func testTheToolbarAndStatusBarFitEveryWindow() {
        for window in Self.windows {
            let bench = ComponentBench(width: window.width, height: window.height, scale: window.scale)
            bench.session.editor.apply(.setCrop(PixelRect(x: 1200, y: 800, width: 600, height: 400)))
            let what = "\(window.width)×\(window.height) at \(window.scale)"
            let controls = ChromeComponent().controls(bench.context)
            assertApart(controls, inside: bench.layout.bounds, what)
            XCTAssertTrue(controls.contains { $0.id == "save" }, "\(what): Save is always on the toolbar")
            XCTAssertTrue(controls.contains { $0.id == "open" }, "\(what): Open is always on the toolbar")
            let toolbar = Toolbar(bench.context)
            XCTAssertEqual(toolbar.buttons.count + toolbar.overflow.count - 1, 16 + Toolbar.menuOnly.count,
                           "\(what): every command is on the toolbar or in its menu")
            XCTAssertEqual(toolbar.overflow.suffix(Toolbar.menuOnly.count).map(\.command), Toolbar.menuOnly,
                           "\(what): the menu ends with the commands only it has")
            let entry = NumericEntryComponent(rect: PixelRect(x: 0, y: 0, width: 1800, height: 1200))
            let bar = StatusBar(area: bench.layout.statusBar, content: StatusContent(bench.context), numeric: entry.entry,
                                text: bench.text)
            assertApart(bar.controls, inside: bench.layout.statusBar, "\(what), numbers")
        }
    }

    func testTheToolbarKeepsLabelsWhenThereIsRoomAndHidesTheLeastNeededFirst() {
        let wide = Toolbar(ComponentBench(width: 1280, height: 800).context)
        XCTAssertEqual(wide.overflow.map(\.command), Toolbar.menuOnly, "nothing hidden: the menu has its own commands only")
        XCTAssertEqual(wide.buttons.first { $0.command == .save }?.label, "Save")
        let ranked = Toolbar.keepRank.sorted { $0.value < $1.value }.map(\.key)
        for window in Self.windows {
            let toolbar = Toolbar(ComponentBench(width: window.width, height: window.height, scale: window.scale).context)
            let hidden = Set(toolbar.overflow.map(\.command)).subtracting(Toolbar.menuOnly)
            XCTAssertEqual(hidden, Set(ranked.prefix(hidden.count)), "\(window): the least needed go first")
            if !hidden.isEmpty {
                XCTAssertTrue(toolbar.buttons.allSatisfy { $0.label == nil }, "\(window): labels gave way before commands")
            }
        }
        let narrow = Toolbar(ComponentBench(width: 1280, height: 800, scale: 2.5).context)
        XCTAssertEqual(Set(narrow.overflow.map(\.command)).subtracting(Toolbar.menuOnly), [.upright(.level), .flipVertical,
                                                                                       .flipHorizontal, .zoomToActualSize,
                                                                                       .reset, .zoomToFit], "512 px")
        XCTAssertTrue(narrow.buttons.contains { $0.command == .moreCommands })
        XCTAssertFalse(narrow.overflow.contains { $0.command == .undo }, "Undo stays while less needed commands can go")
    }

    func testTheOverflowMenuListsTheHiddenCommandsInsideTheWindow() {
        for window in Self.windows {
            let bench = ComponentBench(width: window.width, height: window.height, scale: window.scale)
            let menu = OverflowMenuComponent()
            let toolbar = Toolbar(bench.context)
            let (panel, rows) = menu.frames(bench.context)
            XCTAssertEqual(rows.count, toolbar.overflow.count)
            guard !rows.isEmpty else { continue }
            assertApart(zip(toolbar.overflow, rows).map { ("\($0.command)", $1) }, inside: panel, "menu at \(window)")
            assertApart([("menu", panel)], inside: bench.layout.bounds, "menu at \(window)")
        }
    }

    func testThePickerAndTheDialogKeepTheirPartsApart() {
        for window in Self.windows {
            let bench = ComponentBench(width: window.width, height: window.height, scale: window.scale)
            let what = "\(window.width)×\(window.height) at \(window.scale)"
            let picker = PickerLayout(bounds: bench.layout.bounds, aspects: [1.5, 0.75, nil], scrollOffset: 0)
            assertApart([("strip", picker.strip)] + picker.actions.map { ("\($0.action)", $0.frame) },
                        inside: picker.sheet, "picker \(what)")
            for saving in [false, true] {
                let dialog = FileDialogLayout(bounds: bench.layout.bounds, isSaving: saving)
                var parts: [(id: String, rect: LayoutRect)] = [
                    ("parent", dialog.parentButton), ("path", dialog.pathField), ("places", dialog.places),
                    ("list", dialog.list), ("allFiles", dialog.toggleAllFiles), ("hidden", dialog.toggleHidden),
                    ("cancel", dialog.cancelButton), ("confirm", dialog.confirmButton),
                ]
                if let preview = dialog.preview { parts.append(("preview", preview)) }
                if let name = dialog.nameField { parts.append(("name", name)) }
                assertApart(parts, inside: dialog.panel, "dialog \(what)")
                assertApart([("panel", dialog.panel)], inside: bench.layout.bounds, "dialog \(what)")
            }
        }
    }
}

private extension LayoutRect {
    func intersects(_ other: LayoutRect) -> Bool {
        x < other.maxX - 0.01 && other.x < maxX - 0.01 && y < other.maxY - 0.01 && other.y < maxY - 0.01
    }
}
