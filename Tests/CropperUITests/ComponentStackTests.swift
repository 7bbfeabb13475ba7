import CX11
@testable import CropperUI
import EditorState
import XCTest
@testable import X11Platform

/// The one stacking order: input top-down to the first component that takes it, a modal component takes
/// everything, the newest component is on top.
final class ComponentStackTests: XCTestCase {
    private let bench = ComponentBench()

    private func baseStack() -> ComponentStack {
        ComponentStack([CanvasComponent(), ChromeComponent()])
    }

    func testOverlaysAreListedTopFirstAndTheNewestIsOnTop() {
        var stack = baseStack()
        XCTAssertEqual(stack.overlays, [])
        stack.push(ShortcutSheetComponent())
        stack.push(QuestionComponent(.closing(for: .quit, fileName: "sea.jpg")))
        XCTAssertEqual(stack.overlays, [.confirm, .shortcuts], "the question opened last is above the sheet")
        stack.push(ShortcutSheetComponent())
        XCTAssertEqual(stack.overlays, [.shortcuts, .confirm], "pushing a kind again moves it to the top, once")
        stack.remove(.shortcuts)
        XCTAssertEqual(stack.overlays, [.confirm])
    }

    func testAKeyGoesToTheQuestionOnTopAndNeverToTheSheetUnderIt() {
        var stack = baseStack()
        var pointer = PointerState()
        stack.push(ShortcutSheetComponent())
        stack.push(QuestionComponent(.closing(for: .quit, fileName: "sea.jpg")))
        let answer = stack.route(.key(ComponentBench.key(XK_d)), pointer: &pointer, in: bench.context)
        XCTAssertEqual(answer.effects, [.close(.confirm), .proceed(.quit)])
        XCTAssertEqual(answer.name, "confirmKey")
        XCTAssertTrue(stack.contains(.shortcuts), "the sheet never saw the key")
    }

    func testAModalComponentTakesKeysItDoesNotBindAndPressesAnywhere() {
        var stack = baseStack()
        var pointer = PointerState()
        stack.push(QuestionComponent(.closing(for: .quit, fileName: "sea.jpg")))
        let key = stack.route(.key(ComponentBench.key(XK_r)), pointer: &pointer, in: bench.context)
        XCTAssertEqual(key.effects, [], "R does not turn the photo behind the question")
        let press = stack.route(.press(ComponentBench.press(500, 300)), pointer: &pointer, in: bench.context)
        XCTAssertEqual(press.effects, [], "a press beside the buttons does not reach the canvas")
        XCTAssertEqual(pointer.holder, .confirm)
    }

    func testWithoutOverlaysKeysReachTheCanvasAndItsBindingTable() {
        var stack = baseStack()
        var pointer = PointerState()
        let turn = stack.route(.key(ComponentBench.key(XK_r)), pointer: &pointer, in: bench.context)
        XCTAssertEqual(turn.effects, [.perform(.rotateRight)])
        XCTAssertEqual(turn.name, "key:rotateRight")
    }

    func testAPressOutsideTheNumbersClosesThemAndGoesOnToTheCanvas() {
        var stack = baseStack()
        var pointer = PointerState()
        stack.push(NumericEntryComponent(rect: PixelRect(x: 0, y: 0, width: 1800, height: 1200)))
        let press = stack.route(.press(ComponentBench.press(100, 100)), pointer: &pointer, in: bench.context)
        XCTAssertEqual(press.effects, [.close(.numericEntry), .edit(.pointerDown(Point(x: 100, y: 52), now: 100))])
        XCTAssertEqual(pointer.holder, .canvas, "the canvas took the press: motion and release go there")
        let release = stack.route(.release(WindowPoint(x: 100, y: 100)), pointer: &pointer, in: bench.context)
        XCTAssertEqual(release.effects, [.edit(.pointerUp(Point(x: 100, y: 52), now: 100))])
        XCTAssertNil(pointer.holder)
    }

    func testTheComponentUnderThePointerDecidesItsShapeAndTheOnesBelowSeeNothing() {
        var stack = baseStack()
        let pointer = PointerState(position: WindowPoint(x: 500, y: 300), holder: nil)
        XCTAssertEqual(stack.pointerShape(for: pointer, in: bench.context), .crosshair, "a press would draw a box")
        stack.push(ShortcutSheetComponent())
        XCTAssertEqual(stack.pointerShape(for: pointer, in: bench.context), .arrow)
        stack.push(QuestionComponent(.closing(for: .quit, fileName: "sea.jpg")))
        // The question's 480×150 panel is centred at (512, 320); its Save button is x 620…732, y 343…375.
        let overSave = PointerState(position: WindowPoint(x: 676, y: 359), holder: nil)
        XCTAssertEqual(stack.pointerShape(for: overSave, in: bench.context), .hand)
    }

    func testComponentsReportWhetherTheyChanged() {
        let stack = baseStack()
        var changed = stack
        XCTAssertTrue(changed.isSame(as: stack))
        var pointer = PointerState()
        _ = changed.route(.key(ComponentBench.key(XK_space)), pointer: &pointer, in: bench.context)
        XCTAssertFalse(changed.isSame(as: stack), "Space held changes the canvas's pointer")
    }

    func testEachPanelClosesTheOnesItReplacesAndLetsGoOfItsThumbnails() {
        var stack = baseStack()
        stack.push(NumericEntryComponent(rect: PixelRect(x: 0, y: 0, width: 10, height: 10)))
        stack.push(OverflowMenuComponent())
        stack.push(ShortcutSheetComponent())
        _ = stack.openPicker(in: bench.context)
        XCTAssertEqual(stack.overlays, [.picker, .shortcuts, .menu], "the picker closes the numbers")
        _ = stack.openGrid(in: bench.context)
        XCTAssertEqual(stack.overlays, [.grid], "the grid closes the picker, the menu and the sheet")
        XCTAssertEqual(stack.closeGrid(), [.wantThumbnails([:])])
        XCTAssertEqual(stack.overlays, [])

        _ = stack.openPicker(in: bench.context)
        XCTAssertEqual(stack.closePicker(), [.wantThumbnails([:])])
        stack.push(QuestionComponent(.closing(for: .quit, fileName: "sea.jpg")))
        _ = stack.openGrid(in: bench.context)
        stack.push(NumericEntryComponent(rect: PixelRect(x: 0, y: 0, width: 10, height: 10)))
        for kind in Session.panelsClosedByOpening { stack.remove(kind) }
        XCTAssertEqual(stack.overlays, [.confirm], "a photo opening closes the panels, never a question")

        stack.toggle(.guides) { GuidesComponent() }
        XCTAssertTrue(stack.contains(.guides))
        stack.toggle(.guides) { GuidesComponent() }
        XCTAssertFalse(stack.contains(.guides))
    }
}
