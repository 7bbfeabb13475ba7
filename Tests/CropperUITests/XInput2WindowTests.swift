import CropperTestSupport
@testable import EditorState
import XCTest

/// The real window under Xvfb, which speaks XInput 2.4: the window takes its pointer through XI2, and the wheel,
/// presses, drags and leaving behave exactly as they did with the core events.
final class XInput2WindowTests: XCTestCase {
    private func same(_ entry: LogEntry, _ model: EditorModel) -> Bool {
        guard let offset = entry.contentOffset else { return false }
        let viewport = model.state.viewport
        return abs(entry.zoomScale - viewport.zoomScale) < 1e-9 && abs(offset.x - viewport.contentOffset.x) < 1e-9
            && abs(offset.y - viewport.contentOffset.y) < 1e-9
    }

    func testWithXInput2TheWheelStillStepsByWholeClicksAndThePointerStillWorks() throws {
        try wheelAndPointer(environment: [:], xinput: "2.4")
    }

    /// A server without XInput 2.1 (Xvfb always has it, so the variable stands in): the core events, as before.
    func testWithoutXInput2TheCoreEventsDoTheSame() throws {
        try wheelAndPointer(environment: ["CROPPER_NO_XINPUT2": "1"], xinput: nil)
    }

    private func wheelAndPointer(environment: [String: String], xinput: String?) throws {
        let harness = try EditorWindowHarness(geometry: "1024x640", environment: environment)
        let loaded = try harness.waitUntilSettled()
        XCTAssertEqual(loaded.fields["xinput"] as? String, xinput, "the XInput version the window selected its pointer events with")
        var model = EditorModel(loaded: loaded, storedSize: PixelSize(width: 1800, height: 1200))
        let point = (600.0, 360.0)

        try harness.click(point.0, point.1, button: 4)
        model.state.apply(.zoom(factor: 1.2, at: model.canvas(point)))
        try harness.waitFor("one wheel click in, about the pointer") { same($0, model) }

        try harness.xdotool(["keydown", "shift", "click", "5", "keyup", "shift"])
        model.state.apply(.pan(dx: 0, dy: 64))
        try harness.waitFor("Shift+wheel down") { same($0, model) }
        try harness.click(point.0, point.1, button: 7)
        model.state.apply(.pan(dx: 64, dy: 0))
        try harness.waitFor("the horizontal wheel") { same($0, model) }
        try harness.click(point.0, point.1, button: 5)
        model.state.apply(.zoom(factor: 1 / 1.2, at: model.canvas(point)))
        try harness.waitFor("one wheel click out") { same($0, model) }

        // Presses, motion and releases: a drawn box.
        try harness.drag(from: (300, 250), to: (500, 400))
        try harness.waitForEntry("a drawn box") { $0.event == "pointerUp" && $0.cropFrame != nil }

        // Leaving the window (it is centred on the larger screen).
        let seq = harness.seq
        try harness.xdotool(["mousemove", "0", "0"])
        try harness.waitForEntry("the pointer leaving", since: seq) { $0.event == "pointerLeft" }
    }
}
