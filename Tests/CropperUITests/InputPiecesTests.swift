import CX11
import CropperTestSupport
@testable import CropperUI
import EditorState
import PhotoIO
import XCTest
@testable import X11Platform

/// The window's input pieces that need no display: binding table, double-click timing, text fields.
final class InputPiecesTests: XCTestCase {
    private func key(_ symbol: Int32, typed: Int32? = nil, text: String = "", _ modifiers: Modifiers = []) -> KeyInput {
        KeyInput(level0: UInt(symbol), typed: UInt(typed ?? symbol), text: text, modifiers: modifiers)
    }

    func testTheBindingTableMapsKeysWhateverKeyCarriesTheSymbol() {
        XCTAssertEqual(Bindings.command(level0: UInt(XK_r), typed: UInt(XK_r), modifiers: [], facts: .photoOpen), .rotateRight)
        XCTAssertEqual(Bindings.command(level0: UInt(XK_r), typed: UInt(XK_R), modifiers: .shift, facts: .photoOpen), .rotateLeft)
        // `+` is Shift+= on a US keyboard and `?` is Shift+/.
        XCTAssertEqual(Bindings.command(level0: UInt(XK_equal), typed: UInt(XK_plus), modifiers: .shift, facts: .photoOpen), .zoomIn)
        XCTAssertEqual(Bindings.command(level0: UInt(XK_slash), typed: UInt(XK_question), modifiers: .shift, facts: .photoOpen), .showShortcuts)
        XCTAssertEqual(Bindings.command(level0: UInt(XK_z), typed: UInt(XK_Z), modifiers: [.control, .shift], facts: .photoOpen), .redo)
        XCTAssertEqual(Bindings.command(level0: UInt(XK_Left), typed: UInt(XK_Left), modifiers: [.alt, .shift], facts: .photoOpen),
                       .resizeCrop(dw: -10, dh: 0))
        XCTAssertNil(Bindings.command(level0: UInt(XK_b), typed: UInt(XK_b), modifiers: [], facts: .photoOpen))
        XCTAssertFalse(Command.playPause.availability(.photoOpen).isAvailable, "K plays an animation; a still photo is none")
        var animation = CommandFacts.photoOpen
        animation.isAnimation = true
        XCTAssertEqual(Bindings.command(level0: UInt(XK_k), typed: UInt(XK_k), modifiers: [], facts: animation), .playPause)
        XCTAssertEqual(Bindings.command(level0: UInt(XK_Left), typed: UInt(XK_Left), modifiers: .control, facts: animation),
                       .stepFrame(-1))
        XCTAssertEqual(Bindings.shortcutLabel(for: .saveAs), "Ctrl+Shift+S")
    }

    func testEveryCommandOnTheSheetComesFromTheTable() {
        // Every listed binding's key is a cap of the one row of its section titled as its command is in its scope
        // (pairs share a title there: "Previous / next photo").
        for binding in Bindings.keys where binding.isListed {
            let rows = ShortcutSheet.rows(for: binding.section).filter { $0.title == binding.title }
            XCTAssertEqual(rows.count, 1, "\(binding.command) (\(binding.label)) has one row")
            XCTAssertTrue(rows.first.map { $0.keys.contains { cap($0, shows: binding) } } ?? false,
                          "\(binding.label) is on the row of \(binding.command)")
        }
        // And every row and cap on the sheet comes from listed bindings of that section with that title.
        for section in ShortcutSection.allCases where section != .pointer {
            for row in ShortcutSheet.rows(for: section) {
                let bindings = Bindings.keys.filter { $0.isListed && $0.section == section && $0.title == row.title }
                XCTAssertFalse(bindings.isEmpty, "\(row.title) comes from the table")
                for key in row.keys {
                    XCTAssertTrue(bindings.contains { cap(key, shows: $0) }, "\(key) on \(row.title) comes from the table")
                }
            }
        }
        for binding in Bindings.pointer {
            XCTAssertTrue(ShortcutSheet.rows(for: .pointer).contains { $0.title == binding.gesture.title && $0.keys.contains(binding.label) },
                          "\(binding.label) is on the row of \(binding.gesture)")
        }
        XCTAssertTrue(ShortcutSheet.rows(for: .history).contains { $0.keys == ["Ctrl+Shift+Z", "Ctrl+Y"] })
        XCTAssertTrue(ShortcutSheet.rows(for: .picker).contains { $0.title == "Previous / next photo" && $0.keys == ["← →"] })
        XCTAssertTrue(ShortcutSheet.rows(for: .picker).contains { $0.title == "Newest / oldest photo" && $0.keys == ["Home", "End"] })
        XCTAssertTrue(ShortcutSheet.rows(for: .dialog).contains { $0.title == "Previous / next entry" && $0.keys == ["↑ ↓"] })
        XCTAssertTrue(ShortcutSheet.rows(for: .dialog).contains { $0.title == "First / last entry" && $0.keys == ["Home", "End"] })
        XCTAssertTrue(ShortcutSheet.rows(for: .crop).contains {
            $0.title == "Move 1 px (Shift: 10 px)" && $0.keys == ["← → ↑ ↓", "Shift+← → ↑ ↓"]
        })
        // Perspective has rows of its own, apart from straighten's.
        let transform = ShortcutSheet.rows(for: .transform)
        XCTAssertTrue(transform.contains { $0.title == "Straighten 0.1° (> < 1°)" && $0.keys == [".", ","] })
        XCTAssertTrue(transform.contains {
            $0.title == "Perspective 0.1° (Alt: horizontal)" && $0.keys == ["'", ";", "Alt+'", "Alt+;"]
        })
        XCTAssertTrue(transform.contains { $0.title == "Upright: level / vertical / full" && $0.keys == ["L", "U", "Shift+U"] })
        XCTAssertTrue(transform.contains { $0.title == "Straighten / perspective back to 0°" && $0.keys == ["/", "\\"] })
    }

    /// Whether a key cap of the sheet shows the binding's key: its own label ("Ctrl+S"), or arrows with the same
    /// modifiers sharing one cap ("Shift+← → ↑ ↓").
    private func cap(_ cap: String, shows binding: KeyBinding) -> Bool {
        if cap == binding.label { return true }
        let arrows: Set<String> = ["←", "→", "↑", "↓"]
        let names = cap.components(separatedBy: " ")
        guard let first = names.first, first.hasPrefix(binding.modifiers.label) else { return false }
        let keys = [String(first.dropFirst(binding.modifiers.label.count))] + names.dropFirst()
        return keys.allSatisfy(arrows.contains) && keys.contains(binding.keyName)
    }

    func testPointerGesturesFollowTheTable() {
        XCTAssertEqual(Bindings.gesture(button: 1, modifiers: [], spaceHeld: false), .dragCrop)
        XCTAssertEqual(Bindings.gesture(button: 1, modifiers: [], spaceHeld: true), .dragPan)
        XCTAssertEqual(Bindings.gesture(button: 2, modifiers: [], spaceHeld: false), .dragPan)
        XCTAssertEqual(Bindings.gesture(button: 4, modifiers: [], spaceHeld: false), .zoomIn)
        XCTAssertEqual(Bindings.gesture(button: 5, modifiers: .shift, spaceHeld: false), .panDown)
        XCTAssertEqual(Bindings.gesture(button: 7, modifiers: [], spaceHeld: false), .panRight)
    }

    func testDoubleClickNeedsTheSameButtonCloseInTimeAndPlaceAcrossTheClockWrap() {
        var detector = DoubleClickDetector()
        XCTAssertFalse(detector.registerPress(button: 1, time: UInt32.max - 100, x: 10, y: 10))
        XCTAssertTrue(detector.registerPress(button: 1, time: 200, x: 12, y: 13), "301 ms later, across the wrap")
        XCTAssertFalse(detector.registerPress(button: 1, time: 300, x: 12, y: 13), "a third click starts afresh")
        XCTAssertFalse(detector.registerPress(button: 1, time: 800, x: 12, y: 13), "500 ms is too slow")
        XCTAssertFalse(detector.registerPress(button: 1, time: 900, x: 20, y: 13), "8 px is too far")
        XCTAssertFalse(detector.registerPress(button: 2, time: 950, x: 20, y: 13), "another button")
    }

    func testTextFieldEditsAtTheCaret() {
        var field = TextField(text: "/photos/cat")
        XCTAssertEqual(field.handle(key(XK_BackSpace, text: "", .control)), .edited)
        XCTAssertEqual(field.text, "/photos/")
        XCTAssertEqual(field.handle(key(XK_d, text: "d")), .edited)
        XCTAssertEqual(field.handle(key(XK_Home)), .edited)
        XCTAssertEqual(field.handle(key(XK_Delete)), .edited)
        XCTAssertEqual(field.text, "photos/d")
        XCTAssertEqual(field.handle(key(XK_Tab)), .tabbed(backwards: false))
        XCTAssertEqual(field.handle(key(XK_Return)), .submitted)
        XCTAssertEqual(field.handle(key(XK_Escape)), .cancelled)
        field.replacesOnType = true
        _ = field.handle(key(XK_7, text: "7"))
        XCTAssertEqual(field.text, "7", "a selected field is replaced by what is typed")
    }

    func testNumericEntryRefusesValuesOutsideTheImage() {
        var entry = NumericEntry(rect: PixelRect(x: 0, y: 0, width: 100, height: 50))
        let size = PixelSize(width: 100, height: 50)
        XCTAssertEqual(try entry.parse(imageSize: size).get(), PixelRect(x: 0, y: 0, width: 100, height: 50))
        entry.fields[0].setText("10")
        XCTAssertEqual(entry.parse(imageSize: size), .failure(NumericEntryError(field: 2, message: "W must be from 1 to 90")))
        entry.fields[2].setText("ten")
        XCTAssertEqual(entry.parse(imageSize: size), .failure(NumericEntryError(field: 2, message: "W must be a whole number")))
    }

    func testTheStateLogWritesPlainJSON() {
        let value = JSONValue.object([("a", .numbers([1, 0.5, .infinity])), ("b", .string("q\"\n\u{1}")), ("c", .null)])
        XCTAssertEqual(value.serialized, #"{"a":[1,0.5,null],"b":"q\"\n\u0001","c":null}"#)
    }
}
