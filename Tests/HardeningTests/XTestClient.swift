import CX11
import CropperTestSupport
import Foundation

/// Sends synthetic input to one window through the XTest extension over a single, persistent
/// connection: thousands of events a second, where spawning xdotool costs milliseconds each.
final class XTestClient {
    let display: OpaquePointer
    let window: Window
    private let root: Window

    init(windowID: String) throws {
        guard let display = XOpenDisplay(nil), let window = Window(windowID) else { throw HarnessError.noWindow }
        var event = Int32(0), error = Int32(0), major = Int32(0), minor = Int32(0)
        guard XTestQueryExtension(display, &event, &error, &major, &minor) != 0 else {
            XCloseDisplay(display)
            throw HarnessError.noWindow
        }
        // Xlib's default handler exits the process on any X error (a focus request the server
        // refuses, say); the errors are recorded and ignored instead.
        cx11_install_error_handler()
        self.display = display
        self.window = window
        root = XDefaultRootWindow(display)
    }

    deinit { XCloseDisplay(display) }

    /// Keys go to the window whatever the pointer does.
    func focus() {
        XSetInputFocus(display, window, RevertToParent, UInt(CurrentTime))
        XSync(display, 0)
    }

    /// Moves the pointer to window coordinates.
    func move(_ x: Int, _ y: Int) {
        var rootX = Int32(0), rootY = Int32(0)
        var child = Window(0)
        XTranslateCoordinates(display, window, root, Int32(x), Int32(y), &rootX, &rootY, &child)
        XTestFakeMotionEvent(display, -1, rootX, rootY, 0)
    }

    func button(_ button: UInt32, down: Bool) {
        XTestFakeButtonEvent(display, button, down ? 1 : 0, 0)
    }

    func click(_ button: UInt32) {
        self.button(button, down: true)
        self.button(button, down: false)
    }

    /// Presses `keysym` with the modifier keysyms held (Shift_L, Control_L, Alt_L).
    func key(_ keysym: Int32, holding modifiers: [Int32] = []) {
        let codes = modifiers.map { XKeysymToKeycode(display, KeySym($0)) }
        for code in codes { XTestFakeKeyEvent(display, UInt32(code), 1, 0) }
        let code = XKeysymToKeycode(display, KeySym(keysym))
        XTestFakeKeyEvent(display, UInt32(code), 1, 0)
        XTestFakeKeyEvent(display, UInt32(code), 0, 0)
        for code in codes.reversed() { XTestFakeKeyEvent(display, UInt32(code), 0, 0) }
    }

    /// Types printable ASCII, holding Shift where the layout puts the character on the second level.
    func type(_ text: String) {
        for scalar in text.unicodeScalars {
            let keysym = scalar == "\n" ? XK_Return : Int32(scalar.value)
            let code = XKeysymToKeycode(display, KeySym(keysym))
            let unshifted = XkbKeycodeToKeysym(display, code, 0, 0)
            key(keysym, holding: unshifted == KeySym(keysym) ? [] : [XK_Shift_L])
        }
    }

    func resize(width: Int, height: Int) {
        XResizeWindow(display, window, UInt32(width), UInt32(height))
    }

    /// Waits until the server has processed everything sent so far.
    func sync() {
        XSync(display, 0)
    }
}
