import CX11
@testable import CropperUI
import XCTest
@testable import X11Platform

/// The one text field, as GTK's entry behaves: selection, words, clipboard outcomes and the pointer.
final class TextFieldTests: XCTestCase {
    private func key(_ symbol: Int32, text: String = "", _ modifiers: Modifiers = []) -> KeyInput {
        KeyInput(level0: UInt(symbol), typed: UInt(symbol), text: text, modifiers: modifiers)
    }

    private func type(_ text: String, into field: inout TextField) {
        for character in text { _ = field.handle(key(Int32(character.asciiValue ?? 0), text: String(character))) }
    }

    func testCtrlASelectsAllSoTypingReplacesIt() {
        var field = TextField(text: "100")
        XCTAssertEqual(field.handle(key(XK_Home)), .edited)
        XCTAssertEqual(field.handle(key(XK_a, .control)), .edited)
        XCTAssertEqual(field.selection, 0..<3)
        type("9", into: &field)
        XCTAssertEqual(field.text, "9")
    }

    func testShiftWithArrowsHomeAndEndExtendsTheSelection() {
        var field = TextField(text: "100")
        _ = field.handle(key(XK_End))
        _ = field.handle(key(XK_Left, .shift))
        XCTAssertEqual(field.selectedText, "0")
        type("7", into: &field)
        XCTAssertEqual(field.text, "107")
        _ = field.handle(key(XK_Home, .shift))
        XCTAssertEqual(field.selectedText, "107")
        _ = field.handle(key(XK_Left))
        XCTAssertNil(field.selection, "an arrow without Shift leaves the selection at its start")
        XCTAssertEqual(field.caret, 0)
    }

    func testControlMovesAndDeletesByWordsOneFolderAtATime() {
        var field = TextField(text: "/home/ana/Pictures/sea.jpg")
        XCTAssertEqual(field.handle(key(XK_BackSpace, .control)), .edited)
        XCTAssertEqual(field.text, "/home/ana/Pictures/sea.")
        _ = field.handle(key(XK_BackSpace, .control))
        _ = field.handle(key(XK_BackSpace, .control))
        XCTAssertEqual(field.text, "/home/ana/Pictures/")
        _ = field.handle(key(XK_Home))
        _ = field.handle(key(XK_Delete, .control))
        XCTAssertEqual(field.text, "/ana/Pictures/")
        _ = field.handle(key(XK_Right, .control))
        XCTAssertEqual(field.caret, 4, "after the word ana")
    }

    func testCopyCutAndPasteGoThroughTheClipboard() {
        var field = TextField(text: "640")
        XCTAssertEqual(field.handle(key(XK_c, .control)), .ignored, "nothing selected, nothing copied")
        field.selectAll()
        XCTAssertEqual(field.handle(key(XK_c, .control)), .copied("640"))
        XCTAssertEqual(field.text, "640")
        XCTAssertEqual(field.handle(key(XK_x, .control)), .copied("640"))
        XCTAssertEqual(field.text, "")
        XCTAssertEqual(field.handle(key(XK_v, .control)), .pasteRequested)
        field.insert("480\nrest")
        XCTAssertEqual(field.text, "480", "a pasted line break ends what a one-line field takes")
        let before = field
        _ = field.handle(key(XK_Left, .shift))
        XCTAssertEqual(field.effects(of: .edited, before: before), [.own(.primary, text: "0")],
                       "what is selected is offered as PRIMARY")
    }

    func testTheKeysComeFromTheBindingTable() {
        XCTAssertEqual(Bindings.textEdit(for: key(XK_a, .control)), .selectAll)
        XCTAssertEqual(Bindings.textEdit(for: key(XK_Insert, .shift)), .paste)
        XCTAssertNil(Bindings.textEdit(for: key(XK_a)), "plain letters are typed")
    }

    func testThePointerPlacesTheCaretSelectsWordsAndPastesPrimary() {
        let text = TextRenderer()
        var field = TextField(text: "sea-cropped.jpg")
        let rect = LayoutRect(x: 100, y: 10, width: 300, height: 34)
        let afterSea = 100 + TextField.padding + text.caretOffset(in: field.text, font: Theme.bodyFont, characterIndex: 3)
        XCTAssertEqual(field.index(atX: afterSea + 1, in: rect, text: text), 3)
        XCTAssertEqual(field.press(PointerPress(button: 1, at: WindowPoint(x: afterSea, y: 20), time: 0, modifiers: []),
                                   in: rect, isDoubleClick: false, text: text), [])
        XCTAssertEqual(field.caret, 3)
        field.drag(to: WindowPoint(x: 100, y: 20), in: rect, text: text)
        XCTAssertEqual(field.selectedText, "sea")
        XCTAssertEqual(field.press(PointerPress(button: 1, at: WindowPoint(x: afterSea + 20, y: 20), time: 0, modifiers: []),
                                   in: rect, isDoubleClick: true, text: text), [.own(.primary, text: "cropped")])
        XCTAssertEqual(field.press(PointerPress(button: 2, at: WindowPoint(x: 399, y: 20), time: 0, modifiers: []),
                                   in: rect, isDoubleClick: false, text: text), [.requestPaste(.primary)])
        XCTAssertEqual(field.caret, 15)
    }
}
