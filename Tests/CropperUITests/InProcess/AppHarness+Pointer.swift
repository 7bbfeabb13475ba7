import EditorState
@testable import CropperUI
@testable import X11Platform

/// The pointer, as the platform reports it: a press, motion, a release, in window points.
extension AppHarness {
    /// The X server's clock for presses, in milliseconds: it follows the harness's own.
    private var serverTime: UInt32 { UInt32(now * 1000) }

    /// `button`: X's number (1 the left button, 3 the right one).
    func press(_ point: WindowPoint, button: UInt32 = 1, modifiers: Modifiers = []) {
        send(.input(.press(PointerPress(button: button, at: point, time: serverTime, modifiers: modifiers))))
    }

    func click(_ point: WindowPoint, button: UInt32 = 1, modifiers: Modifiers = []) {
        press(point, button: button, modifiers: modifiers)
        send(.input(.release(point)))
    }

    /// Two clicks 0.1 s apart (X has no double-click event: the components tell one from the times).
    func doubleClick(_ point: WindowPoint) {
        click(point)
        click(point)
    }

    /// Pressed at `from`, moved to `to` in `steps` even steps, released there.
    func drag(from: WindowPoint, to: WindowPoint, steps: Int = 8, modifiers: Modifiers = []) {
        press(from, modifiers: modifiers)
        for step in 1...steps {
            let t = Double(step) / Double(steps)
            send(.input(.motion(WindowPoint(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t))))
        }
        send(.input(.release(to)))
    }

    /// Where a point of the photo (displayed pixels) is in the window now.
    func windowPoint(ofPhoto point: Point) -> WindowPoint {
        let view = editor.viewport.viewPoint(fromImage: point)
        let canvas = state.layout.deviceCanvas, scale = state.layout.scale
        return WindowPoint(x: (view.x + canvas.x) / scale, y: (view.y + canvas.y) / scale)
    }
}
