import CX11
@testable import CropperUI
import EditorState
import XCTest
@testable import X11Platform

/// The toolbar, status bar and notices, and the canvas, driven in-process: input in, effects out.
final class ChromeAndCanvasComponentTests: XCTestCase {
    private func frame(of command: Command, _ chrome: ChromeComponent, _ bench: ComponentBench) throws -> LayoutRect {
        try XCTUnwrap(chrome.toolbar(bench.context).buttons.first { $0.command == command }).frame
    }

    func testTheSaveButtonSitsAtTheRightEdgeAndAClickOnItSaves() throws {
        let bench = ComponentBench()
        var chrome = ChromeComponent()
        let save = try frame(of: .save, chrome, bench)
        XCTAssertEqual(save.maxX, 1014, "10 px from the right edge of a 1024 px window")
        XCTAssertEqual(save.height, 36)
        XCTAssertEqual(chrome.press(ComponentBench.press(save.midX, save.midY), in: bench.context), .took("toolbarPress"))
        XCTAssertEqual(chrome.pressedButton, .save)
        let release = chrome.release(at: WindowPoint(x: save.midX, y: save.midY), in: bench.context)
        XCTAssertEqual(release.effects, [.perform(.save)])
        XCTAssertNil(chrome.pressedButton)
    }

    func testAReleaseAwayFromThePressedButtonDoesNothing() throws {
        let bench = ComponentBench()
        var chrome = ChromeComponent()
        let save = try frame(of: .save, chrome, bench)
        _ = chrome.press(ComponentBench.press(save.midX, save.midY), in: bench.context)
        XCTAssertEqual(chrome.release(at: WindowPoint(x: 500, y: 300), in: bench.context).effects, [])
    }

    func testButtonsFollowTheOneAvailabilityRule() throws {
        let bench = ComponentBench(photo: false)
        let chrome = ChromeComponent()
        let buttons = chrome.toolbar(bench.context).buttons
        let save = try XCTUnwrap(buttons.first { $0.command == .save })
        XCTAssertFalse(save.isEnabled)
        XCTAssertEqual(save.tooltip, "Save (as last chosen) — open a photo first")
        XCTAssertEqual(Command.save.availability(bench.context.commandFacts), .unavailable(reason: "open a photo first"))
        let undo = try XCTUnwrap(buttons.first { $0.command == .undo })
        XCTAssertEqual(undo.tooltip, "Undo — nothing to undo")
        XCTAssertTrue(try XCTUnwrap(buttons.first { $0.command == .open }).isEnabled)
        var saving = CommandFacts(hasImage: true, canUndo: false, canRedo: false, isDirty: true, isSaving: true)
        XCTAssertEqual(Command.save.availability(saving), .unavailable(reason: "saving…"))
        XCTAssertEqual(Command.reset.availability(saving), .available, "unsaved edits can be reset")
        saving.isDirty = false
        XCTAssertEqual(Command.reset.availability(saving), .unavailable(reason: "nothing to reset"))
    }

    func testATooltipIsDueAfterTheHoverDelayAndChangesNothingBefore() throws {
        let bench = ComponentBench()
        var chrome = ChromeComponent()
        let fit = try frame(of: .zoomToFit, chrome, bench)
        XCTAssertTrue(chrome.hover(WindowPoint(x: fit.midX, y: fit.midY), in: bench.context))
        XCTAssertEqual(chrome.hoveredButton, .zoomToFit)
        XCTAssertEqual(chrome.nextChange(in: bench.context), 100.45, "the tooltip shows 0.45 s after the hover began")
        bench.now = 100.5
        XCTAssertNil(chrome.nextChange(in: bench.context), "once shown, nothing more changes by itself")
        XCTAssertFalse(chrome.hover(nil, in: bench.context))
        XCTAssertNil(chrome.hoveredButton)
    }

    func testTheStatusBarOpensTheNumbersAndEscDismissesABannerFirst() {
        let bench = ComponentBench()
        var chrome = ChromeComponent()
        // The box's size and position start 80 px in: 14 px margin, 56 px of zoom, 10 px gap.
        let click = chrome.press(ComponentBench.press(90, 640 - 12), in: bench.context)
        XCTAssertEqual(click.effects, [.perform(.editNumbers)])

        XCTAssertEqual(chrome.key(ComponentBench.key(XK_Escape), in: bench.context), .passed, "no banner: Esc is the canvas's")
        chrome.showBanner("Could not save sea-cropped.jpg: disk full. Your edits are still here.")
        XCTAssertEqual(chrome.key(ComponentBench.key(XK_Escape), in: bench.context), .took("key:cancel"))
        XCTAssertNil(chrome.banner)
    }

    func testANoticeFadesAndExpiresOnTheWindowClock() {
        let bench = ComponentBench()
        var chrome = ChromeComponent()
        chrome.showNotice("Saved to /photos/sea-cropped.jpg", at: 100)
        XCTAssertEqual(chrome.nextChange(in: bench.context), 103.6, "the fade starts 0.4 s before the 4 s are up")
        bench.now = 103.7
        XCTAssertEqual(chrome.nextChange(in: bench.context)!, 103.7 + 1.0 / 30, accuracy: 1e-9)
        bench.now = 104
        _ = chrome.tick(in: bench.context)
        XCTAssertNil(chrome.toast)
    }

    func testCanvasPressesWheelAndSpaceBecomeEditorActions() {
        let bench = ComponentBench(scale: 2)
        var canvas = CanvasComponent()
        // Window point (100, 100) in interface pixels is device (200, 200); the canvas starts 96 device px down.
        let press = canvas.press(ComponentBench.press(100, 100), in: bench.context)
        XCTAssertEqual(press.effects, [.edit(.pointerDown(Point(x: 200, y: 104), now: 100))])
        _ = canvas.release(at: WindowPoint(x: 100, y: 100), in: bench.context)

        let zoom = canvas.wheel(WheelStep(direction: .up, at: WindowPoint(x: 100, y: 100), modifiers: []), in: bench.context)
        XCTAssertEqual(zoom.effects, [.edit(.zoom(factor: 1.2, at: Point(x: 200, y: 104)))])
        let pan = canvas.wheel(WheelStep(direction: .down, at: WindowPoint(x: 100, y: 100), modifiers: .shift), in: bench.context)
        XCTAssertEqual(pan.effects, [.edit(.pan(dx: 0, dy: 128))], "64 interface pixels are 128 device pixels at scale 2")

        XCTAssertEqual(canvas.key(ComponentBench.key(XK_space), in: bench.context), .took("spaceDown"))
        XCTAssertEqual(canvas.pointerShape(at: WindowPoint(x: 200, y: 150), in: bench.context), .move)
        let spacePan = canvas.press(ComponentBench.press(100, 100, time: 5000), in: bench.context)
        XCTAssertEqual(spacePan.effects, [.edit(.panBegan(Point(x: 200, y: 104)))])
        _ = canvas.release(at: WindowPoint(x: 100, y: 100), in: bench.context)
        _ = canvas.keyReleased(UInt(XK_space), in: bench.context)
        XCTAssertFalse(canvas.spaceHeld)
    }

    func testASecondPressWithin400MsIsADoubleClick() {
        let bench = ComponentBench()
        var canvas = CanvasComponent()
        _ = canvas.press(ComponentBench.press(300, 300, time: 1000), in: bench.context)
        _ = canvas.release(at: WindowPoint(x: 300, y: 300), in: bench.context)
        let second = canvas.press(ComponentBench.press(301, 300, time: 1400), in: bench.context)
        XCTAssertEqual(second.effects, [.edit(.doubleClick(at: Point(x: 301, y: 252), now: 100))])
        let third = canvas.press(ComponentBench.press(301, 300, time: 1450), in: bench.context)
        XCTAssertEqual(third.name, "pointerDown", "a third click starts afresh")
    }
}
