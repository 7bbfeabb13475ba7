@testable import CropperUI
import CX11
import EditorState
import XCTest
@testable import X11Platform

/// The one declaration per command: the binding table, the sheet, the toolbar and availability all read it.
final class CommandTableTests: XCTestCase {
    private func key(_ symbol: Int32, _ modifiers: Modifiers = []) -> KeyInput {
        KeyInput(level0: UInt(symbol), typed: UInt(symbol), text: "", modifiers: modifiers)
    }

    func testEachCommandIsDeclaredOnceAndItsKeysAreTheBindingTable() {
        let commands = CommandTable.all.map(\.command)
        XCTAssertEqual(Set(commands).count, commands.count, "no command is declared twice")
        XCTAssertEqual(Bindings.keys.count, CommandTable.all.map(\.keys.count).reduce(0, +))
        for declaration in CommandTable.all {
            XCTAssertFalse(declaration.title.isEmpty, "\(declaration.command) has a title")
            let bound = Bindings.keys.filter { $0.command == declaration.command }
            XCTAssertEqual(bound.map(\.label), declaration.keys.map { $0.modifiers.label + $0.name })
        }
    }

    func testOnlyEscIsBoundTwiceInAScopeAndAvailabilityChoosesBetweenThem() {
        var byKey: [String: [Command]] = [:]
        for binding in Bindings.keys {
            byKey["\(binding.scope) \(binding.keysym) \(binding.modifiers.rawValue)", default: []].append(binding.command)
        }
        let shared = byKey.values.filter { $0.count > 1 }.sorted { "\($0)" < "\($1)" }
        XCTAssertEqual(shared, [[.leaveFullScreen, .cancel], [.stopSavingSelected, .cancel]])

        var facts = CommandFacts.photoOpen
        XCTAssertEqual(Bindings.command(for: key(XK_Escape), facts: facts), .cancel, "not full screen: Esc clears the box")
        facts.windowStates = ["_NET_WM_STATE_FULLSCREEN"]
        XCTAssertEqual(Bindings.command(for: key(XK_Escape), facts: facts), .leaveFullScreen)
        XCTAssertEqual(Bindings.command(for: key(XK_Escape), scope: .picker, facts: facts), .cancel, "a panel's Esc closes it")
        XCTAssertEqual(Bindings.command(for: key(XK_Escape), scope: .grid, facts: .photoOpen), .cancel,
                       "the grid's Esc goes back to the editor")
        var batch = CommandFacts.photoOpen
        batch.isBatchSaving = true
        XCTAssertEqual(Bindings.command(for: key(XK_Escape), scope: .grid, facts: batch), .stopSavingSelected,
                       "while the grid saves, its Esc is the progress bar's Cancel")
        XCTAssertEqual(Bindings.answer(for: key(XK_Escape), in: .closeQuestion), .cancel)
        XCTAssertEqual(Bindings.answer(for: key(XK_Return), in: .damagedSaveQuestion), .cancel)
        XCTAssertEqual(Bindings.answer(for: key(XK_Return), in: .replaceOriginalQuestion), .replace)
    }

    func testAvailabilityFollowsTheDeclaredNeeds() {
        let nothingOpen = CommandFacts(hasImage: false, canUndo: false, canRedo: false, isDirty: false, isSaving: false)
        XCTAssertEqual(Command.rotateLeft.availability(nothingOpen), .unavailable(reason: "open a photo first"))
        XCTAssertEqual(Command.photoGrid.availability(nothingOpen), .unavailable(reason: "open a photo or a folder first"))
        XCTAssertEqual(Command.leaveFullScreen.availability(.photoOpen), .unavailable(reason: "the window is not in that state"))
        XCTAssertEqual(Command.open.availability(nothingOpen), .available)
        var replacing = CommandFacts.photoOpen
        replacing.replaceUnavailable = "the sample photo is not yours to replace"
        XCTAssertEqual(Command.saveOverOriginal.availability(replacing), .unavailable(reason: "the sample photo is not yours to replace"))
        XCTAssertEqual(Command.saveBeside.availability(replacing), .available)
        XCTAssertEqual(Command.nudge(dx: 3, dy: 0).availability(.photoOpen), .unavailable(reason: ""),
                       "a command value the table does not declare never runs")
    }

    func testTheEditorsCommandsAreTheirActions() {
        var editor = EditorState()
        editor.apply(.resizeView(Size(width: 800, height: 600)))
        editor.apply(.loadImage(storedSize: PixelSize(width: 400, height: 300), orientation: .normal))
        XCTAssertEqual(Command.rotateLeft.editorAction(on: editor), .rotateLeft)
        XCTAssertEqual(Command.nudge(dx: -10, dy: 0).editorAction(on: editor), .nudge(dx: -10, dy: 0))
        XCTAssertEqual(Command.resizeCrop(dw: 0, dh: 1).editorAction(on: editor), .resizeCrop(dw: 0, dh: 1))
        XCTAssertEqual(Command.perspective(vertical: 0, horizontal: -10).editorAction(on: editor),
                       .turnPerspective(vertical: 0, horizontal: -10))
        XCTAssertEqual(Command.zoomToActualSize.editorAction(on: editor), .zoomToActualSize(at: nil))
        XCTAssertNil(Command.cancel.editorAction(on: editor), "no box: nothing to clear")
        XCTAssertNil(Command.save.editorAction(on: editor), "the window's")
        XCTAssertEqual(Command.toggleFullScreen.windowStateChange, WindowStateChange(name: "_NET_WM_STATE_FULLSCREEN", turnsOn: nil))
    }

    func testTheToolbarAndMenuCommandsAreDeclared() {
        let toolbar = Toolbar(width: 1600, facts: .photoOpen, aspectLabel: "Free", text: TextRenderer(scale: 1))
        for button in toolbar.buttons + toolbar.overflow + Toolbar.menuOnly.map({
            ToolbarButton(command: $0, icon: .save, label: nil, isEnabled: true, isProminent: false, disabledReason: nil)
        }) {
            XCTAssertNotNil(CommandTable.byCommand[button.command], "\(button.command) is declared")
        }
    }
}
