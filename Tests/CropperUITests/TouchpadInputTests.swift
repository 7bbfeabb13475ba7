import CropperTestSupport
import CX11
@testable import CropperUI
@testable import EditorState
import XCTest
@testable import X11Platform

/// Touchpads through XInput 2, in-process: recorded XI2 events through the translation, then through the canvas.
/// A two-finger scroll is the wheel made proportional (increment 15 = one click); a wheel through smooth scrolling
/// steps exactly as its buttons did; a pinch zooms by its scale about its centre.
final class TouchpadInputTests: XCTestCase {
    private typealias Event = RecordedXI2.DeviceEvent

    private func scrolls(_ events: [WindowEvent]) -> [ScrollClicks] {
        events.compactMap { if case let .scroll(clicks, _, _, _) = $0 { clicks } else { nil } }
    }

    private func pinches(_ events: [WindowEvent]) -> [PinchStep] {
        events.compactMap { if case let .pinch(step) = $0 { step } else { nil } }
    }

    /// The canvas's answer to a smooth scroll, applied to the bench's editor; returns the effects.
    @discardableResult
    private func scroll(_ clicks: ScrollClicks, at point: WindowPoint, _ modifiers: Modifiers = [],
                        canvas: inout CanvasComponent, bench: ComponentBench) -> [Effect] {
        WheelStep.steps(clicks, at: point, modifiers: modifiers).flatMap { step in
            let effects = canvas.wheel(step, in: bench.context).effects
            bench.applyEdits(effects)
            return effects
        }
    }

    /// A two-finger swipe up on a libinput touchpad, 45 units (3 clicks' worth) in seven events, with the wheel
    /// buttons the server makes up from it each time the total crosses an increment.
    private func twoFingerSwipeUp(at point: (x: Double, y: Double)) -> [Event] {
        let values = [1825.85, 1817.57, 1805.27, 1795.40, 1789.38, 1786.27, 1785.00]
        var events: [Event] = []
        for (index, value) in values.enumerated() {
            let time = UInt(48_201 + 8 * index)
            events.append(Event(evtype: XI_Motion, source: RecordedXI2.touchpad, event: point, valuators: [3: value], time: time))
            if [2, 3, 6].contains(index) {
                for type in [XI_ButtonPress, XI_ButtonRelease] {
                    events.append(Event(evtype: type, source: RecordedXI2.touchpad, event: point, detail: 4,
                                        flags: XIPointerEmulated, time: time))
                }
            }
        }
        return events
    }

    func testATwoFingerScrollZoomsInProportionToItsDistance() throws {
        var translator = XInput2Translator()
        translator.entered(from: RecordedXI2.touchpad, RecordedXI2.touchpadState(vertical: 1830, horizontal: 0))
        let point = (x: 800.0, y: 500.0)
        let events = RecordedXI2.translate(twoFingerSwipeUp(at: point), with: &translator, scale: 2)

        let clicks = scrolls(events)
        XCTAssertEqual(events.count, 7, "one scroll per motion; the made-up wheel buttons are not counted again; no motion")
        XCTAssertEqual(clicks.map(\.dy), [-4.15, -8.28, -12.30, -9.87, -6.02, -3.11, -1.27].map { $0 / 15 }, accuracy: 1e-9)
        XCTAssertEqual(clicks.map(\.dx), Array(repeating: 0, count: 7))
        XCTAssertEqual(clicks.map(\.dy).reduce(0, +), -3, accuracy: 1e-9, "45 units are three clicks")
        guard case let .scroll(_, x, y, modifiers) = events[0] else { return XCTFail("not a scroll") }
        XCTAssertEqual([x, y], [400, 250], "interface pixels at scale 2")
        XCTAssertEqual(modifiers, [], "NumLock is no modifier")

        // Through the canvas: the same zoom as three wheel clicks there, in seven proportional steps.
        let touchpad = ComponentBench(scale: 2), wheel = ComponentBench(scale: 2)
        var canvas = CanvasComponent(), wheelCanvas = CanvasComponent()
        let at = WindowPoint(x: x, y: y)
        for bench in [touchpad, wheel] { bench.session.editor.apply(.zoom(factor: 2, at: Point(x: 512, y: 300))) }
        let anchor = touchpad.session.editor.viewport.imagePoint(fromView: touchpad.context.canvasPoint(at))
        let first = scroll(clicks[0], at: at, canvas: &canvas, bench: touchpad)
        guard case let .edit(.zoom(factor, centre)) = first.first, first.count == 1 else { return XCTFail("not a zoom: \(first)") }
        XCTAssertEqual(factor, pow(1.2, 4.15 / 15), accuracy: 1e-12, "a wheel click's zoom to the power of the clicks")
        XCTAssertEqual(centre, Point(x: 800, y: 404))
        for step in clicks.dropFirst() { scroll(step, at: at, canvas: &canvas, bench: touchpad) }
        for _ in 0..<3 {
            wheel.applyEdits(wheelCanvas.wheel(WheelStep(direction: .up, at: at, modifiers: []), in: wheel.context).effects)
        }
        let zoomed = touchpad.session.editor.viewport, clicked = wheel.session.editor.viewport
        XCTAssertEqual(zoomed.zoomScale, clicked.zoomScale, accuracy: 1e-12)
        XCTAssertEqual(zoomed.zoomScale, wheel.session.editor.viewport.minZoomScale * 2 * 1.728, accuracy: 1e-12)
        XCTAssertEqual(zoomed.contentOffset.x, clicked.contentOffset.x, accuracy: 1e-9)
        XCTAssertEqual(zoomed.contentOffset.y, clicked.contentOffset.y, accuracy: 1e-9)
        let after = zoomed.imagePoint(fromView: touchpad.context.canvasPoint(at))
        XCTAssertEqual(after.x, anchor.x, accuracy: 1e-9, "the image point under the pointer stays under it")
        XCTAssertEqual(after.y, anchor.y, accuracy: 1e-9)
    }

    func testASidewaysOrShiftedTwoFingerScrollPansByWheelPanPerIncrement() {
        var translator = XInput2Translator()
        translator.entered(from: RecordedXI2.touchpad, RecordedXI2.touchpadState(vertical: -402.5, horizontal: 96))
        let at = (x: 400.0, y: 300.0)
        let sideways = RecordedXI2.translate([
            Event(evtype: XI_Motion, source: RecordedXI2.touchpad, event: at, valuators: [2: 99.75]),
            Event(evtype: XI_Motion, source: RecordedXI2.touchpad, event: at, valuators: [2: 101.25, 3: -402.0]),
        ], with: &translator)
        let clicks = scrolls(sideways)
        XCTAssertEqual(clicks, [ScrollClicks(dx: 0.25, dy: 0), ScrollClicks(dx: 0.1, dy: 0.5 / 15)])

        let bench = ComponentBench()
        var canvas = CanvasComponent()
        bench.session.editor.apply(.zoom(factor: 3, at: Point(x: 500, y: 300)))
        let point = WindowPoint(x: at.x, y: at.y)
        XCTAssertEqual(scroll(clicks[0], at: point, canvas: &canvas, bench: bench), [.edit(.pan(dx: 16, dy: 0))],
                       "a quarter of an increment is a quarter of the wheel's 64 px")
        let shifted = scrolls(RecordedXI2.translate([
            Event(evtype: XI_Motion, source: RecordedXI2.touchpad, event: at, mods: RecordedXI2.numLock | ShiftMask,
                  valuators: [3: -394.5]),
        ], with: &translator))
        XCTAssertEqual(shifted, [ScrollClicks(dx: 0, dy: 0.5)])
        XCTAssertEqual(scroll(shifted[0], at: point, .shift, canvas: &canvas, bench: bench), [.edit(.pan(dx: 0, dy: 32))])
    }

    func testAWheelThroughSmoothScrollingStepsExactlyAsItsButtonsDid() {
        // xf86-input-libinput's wheel (120 a click, high resolution), its older 15, and evdev's inverted −1.
        for increment in [120.0, 15, -1] {
            var translator = XInput2Translator()
            let state = RecordedXI2.withClasses(values: [0: 0, 1: 0, 2: 0, 3: 0], scrolls: [(2, false, increment), (3, true, increment)],
                                                source: RecordedXI2.mouse) { ScrollDevice(classes: $0, count: $1) }
            translator.entered(from: RecordedXI2.mouse, state)
            let at = (x: 640.0, y: 380.0)
            let events = RecordedXI2.translate([
                Event(evtype: XI_Motion, source: RecordedXI2.mouse, event: at, valuators: [3: increment]),
                Event(evtype: XI_ButtonPress, source: RecordedXI2.mouse, event: at, detail: 5, flags: XIPointerEmulated),
                Event(evtype: XI_ButtonRelease, source: RecordedXI2.mouse, event: at, detail: 5, flags: XIPointerEmulated),
                Event(evtype: XI_Motion, source: RecordedXI2.mouse, event: at, valuators: [3: 0]),
                Event(evtype: XI_Motion, source: RecordedXI2.mouse, event: at, mods: ShiftMask, valuators: [3: increment]),
                Event(evtype: XI_Motion, source: RecordedXI2.mouse, event: at, valuators: [2: increment]),
            ], with: &translator)
            XCTAssertEqual(scrolls(events), [ScrollClicks(dx: 0, dy: 1), ScrollClicks(dx: 0, dy: -1), ScrollClicks(dx: 0, dy: 1),
                                             ScrollClicks(dx: 1, dy: 0)], "increment \(increment)")

            let point = WindowPoint(x: at.x, y: at.y)
            let expected: [(WheelDirection, Modifiers)] = [(.down, []), (.up, []), (.down, .shift), (.right, [])]
            for (event, (direction, modifiers)) in zip(events, expected) {
                guard case let .scroll(clicks, _, _, held) = event else { return XCTFail("not a scroll") }
                let steps = WheelStep.steps(clicks, at: point, modifiers: held)
                let button = WheelStep(direction: direction, at: point, modifiers: modifiers)
                XCTAssertEqual(steps, [button], "the very step a button \(direction) click makes")
                var smooth = CanvasComponent(), clicked = CanvasComponent()
                let bench = ComponentBench(scale: 1.5)
                XCTAssertEqual(smooth.wheel(steps[0], in: bench.context), clicked.wheel(button, in: bench.context))
            }
        }
    }

    func testTheServersWheelButtonsAndItsMotionFromRealButtonsAreNotCountedTwice() {
        var translator = XInput2Translator()
        translator.entered(from: RecordedXI2.touchpad, RecordedXI2.touchpadState(vertical: 0, horizontal: 0))
        let at = (x: 10.0, y: 20.0)
        let events = RecordedXI2.translate([
            // A real button 4 on a device with scroll axes: the server adds a motion of one increment, flagged.
            Event(evtype: XI_ButtonPress, source: RecordedXI2.touchpad, event: at, detail: 4),
            Event(evtype: XI_Motion, source: RecordedXI2.touchpad, event: at, flags: XIPointerEmulated, valuators: [3: -15]),
            Event(evtype: XI_ButtonRelease, source: RecordedXI2.touchpad, event: at, detail: 4),
            // Then a real swipe: only its own distance counts, from where the made-up motion left the valuator.
            Event(evtype: XI_Motion, source: RecordedXI2.touchpad, event: at, valuators: [3: -18]),
        ], with: &translator)
        guard events.count == 3, case .buttonPress(4, 10, 20, _, _) = events[0], case .buttonRelease(4, _, _, _, _) = events[1] else {
            return XCTFail("the real button comes through as a wheel click: \(events)")
        }
        XCTAssertEqual(scrolls(events), [ScrollClicks(dx: 0, dy: -0.2)])
    }

    func testTheBaselineIsTakenWhenThePointerEntersAndWhenTheDeviceChanges() {
        var translator = XInput2Translator()
        let at = (x: 50.0, y: 60.0)
        let unknown = RecordedXI2.translate([Event(evtype: XI_Motion, source: RecordedXI2.touchpad, event: at, valuators: [3: 700])],
                                            with: &translator)
        XCTAssertEqual(scrolls(unknown), [], "without the device's classes there is nothing to measure from")

        translator.entered(from: RecordedXI2.touchpad, RecordedXI2.touchpadState(vertical: 1200, horizontal: 0))
        let first = RecordedXI2.translate([Event(evtype: XI_Motion, source: RecordedXI2.touchpad, event: at, valuators: [3: 1203])],
                                          with: &translator)
        XCTAssertEqual(scrolls(first), [ScrollClicks(dx: 0, dy: 0.2)], "the first scroll after entering counts in full")

        // The mouse takes over the pointer: XI_DeviceChanged (slave switch) carries its classes and values.
        RecordedXI2.withClasses(values: [0: 0, 1: 0, 2: 0, 3: 3840], scrolls: [(2, false, 120), (3, true, 120)],
                                source: RecordedXI2.mouse) { classes, count in
            var changed = XIDeviceChangedEvent()
            changed.evtype = XI_DeviceChanged
            changed.deviceid = RecordedXI2.masterPointer
            changed.sourceid = RecordedXI2.mouse
            changed.reason = XISlaveSwitch
            changed.classes = classes
            changed.num_classes = count
            translator.translate(changed)
        }
        let mouse = RecordedXI2.translate([Event(evtype: XI_Motion, source: RecordedXI2.mouse, event: at, valuators: [3: 3720])],
                                          with: &translator)
        XCTAssertEqual(scrolls(mouse), [ScrollClicks(dx: 0, dy: -1)])
    }

    func testButtonsAndMotionComeAsTheCoreEventsDid() {
        var translator = XInput2Translator()
        let events = RecordedXI2.translate([
            Event(evtype: XI_ButtonPress, source: 4, event: (300.5, 200.25), detail: 1, mods: ShiftMask | ControlMask, time: 91_000),
            Event(evtype: XI_Motion, source: 4, event: (310, 204), mods: ShiftMask, valuators: [0: 310, 1: 204]),
            Event(evtype: XI_ButtonRelease, source: 4, event: (312, 206), detail: 1, time: 91_250),
        ], with: &translator, scale: 2)
        guard events.count == 3,
              case let .buttonPress(1, x, y, 91_000, pressModifiers) = events[0],
              case let .motion(mx, my, motionModifiers) = events[1],
              case let .buttonRelease(1, rx, ry, 91_250, releaseModifiers) = events[2] else {
            return XCTFail("press, motion, release: \(events)")
        }
        XCTAssertEqual([x, y, mx, my, rx, ry], [150.25, 100.125, 155, 102, 156, 103])
        XCTAssertEqual(pressModifiers, [.shift, .control])
        XCTAssertEqual(motionModifiers, .shift)
        XCTAssertEqual(releaseModifiers, [])
    }

    func testAPinchZoomsByItsScaleAboutItsCentre() throws {
        var translator = XInput2Translator()
        let centre = (x: 512.0, y: 384.0)
        let recorded = [
            RecordedXI2.pinch(XI_GesturePinchBegin, at: centre, scale: 1),
            RecordedXI2.pinch(XI_GesturePinchUpdate, at: centre, scale: 1.0391),
            RecordedXI2.pinch(XI_GesturePinchUpdate, at: centre, scale: 1.1042),
            RecordedXI2.pinch(XI_GesturePinchUpdate, at: centre, scale: 1.1873),
            RecordedXI2.pinch(XI_GesturePinchUpdate, at: centre, scale: 1.25),
            RecordedXI2.pinch(XI_GesturePinchEnd, at: centre, scale: 1.25),
        ]
        let steps = pinches(recorded.flatMap { translator.translate($0, scale: 1) })
        XCTAssertEqual(steps.map(\.zoom), [1.0391, 1.1042 / 1.0391, 1.1873 / 1.1042, 1.25 / 1.1873], accuracy: 1e-12,
                       "each step zooms by its ratio to the last; the end adds nothing")
        XCTAssertEqual(steps.map(\.at), Array(repeating: WindowPoint(x: 512, y: 384), count: 4))

        let bench = ComponentBench()
        var canvas = CanvasComponent()
        let fit = bench.session.editor.viewport.zoomScale
        let anchor = bench.session.editor.viewport.imagePoint(fromView: bench.context.canvasPoint(steps[0].at))
        let first = canvas.pinch(steps[0], in: bench.context)
        XCTAssertEqual(first, .took("pinchZoom", [.edit(.zoom(factor: 1.0391, at: Point(x: 512, y: 336)))]))
        bench.applyEdits(first.effects)
        for step in steps.dropFirst() { bench.applyEdits(canvas.pinch(step, in: bench.context).effects) }
        let viewport = bench.session.editor.viewport
        XCTAssertEqual(viewport.zoomScale, fit * 1.25, accuracy: 1e-12)
        let after = viewport.imagePoint(fromView: bench.context.canvasPoint(steps[0].at))
        XCTAssertEqual(after.x, anchor.x, accuracy: 1e-9, "the photo's point between the fingers stays there")
        XCTAssertEqual(after.y, anchor.y, accuracy: 1e-9)

        // Pinching back out past the fit stops at the editor's minimum, as the wheel does.
        var out = XInput2Translator()
        let back = pinches([RecordedXI2.pinch(XI_GesturePinchBegin, at: centre, scale: 1),
                            RecordedXI2.pinch(XI_GesturePinchUpdate, at: centre, scale: 0.5)].flatMap { out.translate($0, scale: 1) })
        bench.applyEdits(canvas.pinch(try XCTUnwrap(back.first), in: bench.context).effects)
        XCTAssertEqual(bench.session.editor.viewport.zoomScale, bench.session.editor.viewport.minZoomScale)
    }

    func testAPinchWhoseCentreMovesCarriesThePhotoAlong() {
        var translator = XInput2Translator()
        let events = [
            RecordedXI2.pinch(XI_GesturePinchBegin, at: (800, 500), scale: 1),
            RecordedXI2.pinch(XI_GesturePinchUpdate, at: (800, 500), scale: 1.0, delta: (6.5, -3)),
            RecordedXI2.pinch(XI_GesturePinchUpdate, at: (800, 500), scale: 1.2, delta: (2, 1)),
            RecordedXI2.pinch(XI_GesturePinchEnd, at: (800, 500), scale: 1.2, flags: XIGesturePinchEventCancelled),
        ].flatMap { translator.translate($0, scale: 2) }
        let steps = pinches(events)
        XCTAssertEqual(steps, [PinchStep(zoom: 1, at: WindowPoint(x: 400, y: 250), dx: 3.25, dy: -1.5),
                               PinchStep(zoom: 1.2, at: WindowPoint(x: 400, y: 250), dx: 1, dy: 0.5)])

        let bench = ComponentBench(scale: 2)
        var canvas = CanvasComponent()
        XCTAssertEqual(canvas.pinch(steps[0], in: bench.context).effects, [.edit(.pan(dx: 6.5, dy: -3))],
                       "device pixels again: the photo follows the fingers")
        XCTAssertEqual(canvas.pinch(steps[1], in: bench.context).effects,
                       [.edit(.pan(dx: 2, dy: 1)), .edit(.zoom(factor: 1.2, at: Point(x: 800, y: 404)))])
    }

    func testPinchesOverTheToolbarOrWithNoPhotoDoNothing() {
        let bench = ComponentBench()
        var chrome = ChromeComponent()
        let overToolbar = PinchStep(zoom: 1.1, at: WindowPoint(x: 300, y: 10), dx: 0, dy: 0)
        XCTAssertEqual(chrome.pinch(overToolbar, in: bench.context), .took("toolbarPress"))
        XCTAssertEqual(chrome.pinch(PinchStep(zoom: 1.1, at: WindowPoint(x: 300, y: 300), dx: 0, dy: 0), in: bench.context), .passed)
        var canvas = CanvasComponent()
        XCTAssertEqual(canvas.pinch(overToolbar, in: ComponentBench(photo: false).context), .took("pinch"))
    }
}

private func XCTAssertEqual(_ a: [Double], _ b: [Double], accuracy: Double, _ message: String = "",
                            file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, message, file: file, line: line)
    for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: accuracy, message, file: file, line: line) }
}
