import CX11
import Foundation
import Glibc
import Localization

enum X11Error: Error, CustomStringConvertible {
    case cannotOpenDisplay(String)
    case unsupportedVisual(depth: Int32)

    var description: String {
        switch self {
        case .cannotOpenDisplay(let name): return tr("cannot open X display \"%s\" (is DISPLAY set?)", name)
        case .unsupportedVisual(let depth): return tr("the X screen has depth %d; Cropper needs a 24- or 32-bit TrueColor visual", depth)
        }
    }
}

/// The one top-level window: its connection, properties, input method and pointer shapes.
/// Every call here happens on the thread that runs the event loop.
final class X11Window {
    let display: OpaquePointer
    let window: Window
    let screen: Int32
    let visual: UnsafeMutablePointer<Visual>
    let depth: Int32
    let atoms: X11Atoms
    /// Device pixels per interface pixel, from `CROPPER_SCALE` or `Xft.dpi`.
    let scale: Double
    private(set) var inputContext: XIC?
    /// XInput 2 (smooth scrolling, pinches) when the server has it; nil keeps the core pointer events.
    private(set) var pointerInput: XInput2Pointer?
    private var inputMethod: XIM?
    /// The window in device pixels.
    private(set) var width: Int
    private(set) var height: Int
    private let minimumWidth: Int
    private let minimumHeight: Int
    private var pointerShapes: PointerShapes?
    private var currentPointerShape: PointerShape?

    /// `requestedWidth`/`requestedHeight` come from the user (`--geometry`); without them the remembered size is
    /// used, kept within the screen, else four fifths of the screen.
    init(width requestedWidth: Int?, height requestedHeight: Int?, remembered: (width: Int, height: Int)? = nil) throws {
        cx11_set_locale()
        let name = getenv("DISPLAY").map { String(cString: $0) } ?? ""
        // A server that dies while a frame is being sent would otherwise kill the process with SIGPIPE before
        // Xlib sees the broken connection and calls `connectionLost`.
        signal(SIGPIPE, SIG_IGN)
        guard let display = XOpenDisplay(nil) else { throw X11Error.cannotOpenDisplay(name) }
        cx11_install_error_handler()
        XSetIOErrorHandler(X11Window.connectionLost)
        self.display = display
        screen = XDefaultScreen(display)
        depth = XDefaultDepth(display, screen)
        visual = XDefaultVisual(display, screen)
        guard depth == 24 || depth == 32 else {
            XCloseDisplay(display)
            throw X11Error.unsupportedVisual(depth: depth)
        }
        atoms = X11Atoms(display: display)
        let resolved = InterfaceScale.resolve(environment: ProcessInfo.processInfo.environment, display: display)
        scale = resolved.scale
        if let warning = resolved.warning { Warnings.print(warning) }

        let screenWidth = Int(XDisplayWidth(display, screen))
        let screenHeight = Int(XDisplayHeight(display, screen))
        func scaled(_ size: Int) -> Int { Int((Double(size) * resolved.scale).rounded(.up)) }
        minimumWidth = min(scaled(Theme.minimumWindowWidth), screenWidth)
        minimumHeight = min(scaled(Theme.minimumWindowHeight), screenHeight)
        let fallbackWidth = remembered.map { min($0.width, screenWidth) } ?? min(scaled(Theme.maximumDefaultWidth), screenWidth * 4 / 5)
        let fallbackHeight = remembered.map { min($0.height, screenHeight) } ?? min(scaled(Theme.maximumDefaultHeight), screenHeight * 4 / 5)
        width = max(minimumWidth, requestedWidth ?? fallbackWidth)
        height = max(minimumHeight, requestedHeight ?? fallbackHeight)

        let root = XRootWindow(display, screen)
        var attributes = XSetWindowAttributes()
        attributes.background_pixel = 0x1e1f22
        attributes.bit_gravity = Int32(NorthWestGravity)
        attributes.event_mask = KeyPressMask | KeyReleaseMask | ButtonPressMask | ButtonReleaseMask
            | PointerMotionMask | EnterWindowMask | LeaveWindowMask | ExposureMask
            | StructureNotifyMask | FocusChangeMask
        let x = Int32(max(0, (screenWidth - width) / 2))
        let y = Int32(max(0, (screenHeight - height) / 2))
        window = XCreateWindow(display, root, x, y, UInt32(width), UInt32(height), 0, depth,
                               UInt32(InputOutput), visual,
                               UInt(CWBackPixel | CWBitGravity | CWEventMask), &attributes)
        pointerInput = getenv("CROPPER_NO_XINPUT2") == nil ? XInput2Pointer(display: display, window: window) : nil
        if pointerInput != nil {
            XSelectInput(display, window, attributes.event_mask & ~(ButtonPressMask | ButtonReleaseMask | PointerMotionMask
                                                                    | EnterWindowMask | LeaveWindowMask))
        }
        setProperties(positioned: requestedWidth == nil)
        var supported: Int32 = 0
        XkbSetDetectableAutoRepeat(display, 1, &supported)
    }

    /// The X server went away (killed, crashed, the session ended): say so and exit non-zero.
    /// Xlib allows no recovery here, and a window without a display has nothing left to do.
    private static let connectionLost: @convention(c) (OpaquePointer?) -> Int32 = { display in
        let name = display.flatMap { XDisplayString($0) }.map { String(cString: $0) } ?? ""
        let message = Array(("cropper: " + tr("lost the connection to the X display \"%s\"; closing the window", name) + "\n").utf8)
        _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        exit(1)
    }

    deinit {
        if let inputContext { XDestroyIC(inputContext) }
        if let inputMethod { XCloseIM(inputMethod) }
        XDestroyWindow(display, window)
        XCloseDisplay(display)
    }

    var connectionFileDescriptor: Int32 { XConnectionNumber(display) }

    func show() {
        XMapRaised(display, window)
        XFlush(display)
    }

    func hide() {
        XUnmapWindow(display, window)
        XFlush(display)
    }

    func setTitle(_ title: String) {
        XStoreName(display, window, title)
        var bytes = Array(title.utf8)
        XChangeProperty(display, window, atoms.netWMName, atoms.utf8String, 8, PropModeReplace,
                        &bytes, Int32(bytes.count))
    }

    /// Cursors and the input method. Reading the cursor theme and the Compose table takes some 45 ms, so the
    /// window calls this once its first photo frame is out; keys before then are read without the input method,
    /// and the pointer keeps the default shape.
    func prepareInput() {
        guard pointerShapes == nil else { return }
        pointerShapes = PointerShapes(display: display)
        openInputMethod()
    }

    var isInputPrepared: Bool { pointerShapes != nil }

    func setPointerShape(_ shape: PointerShape) {
        guard shape != currentPointerShape, let pointerShapes else { return }
        currentPointerShape = shape
        XDefineCursor(display, window, pointerShapes.cursor(for: shape))
    }

    /// Records the size reported by a ConfigureNotify; true when it changed.
    func noteSize(width newWidth: Int, height newHeight: Int) -> Bool {
        guard newWidth != width || newHeight != height else { return false }
        width = newWidth
        height = newHeight
        return true
    }

    private func setProperties(positioned: Bool) {
        var classHint = XClassHint()
        let resourceName = strdup("cropper")
        let resourceClass = strdup("Cropper")
        classHint.res_name = resourceName
        classHint.res_class = resourceClass
        XSetClassHint(display, window, &classHint)
        free(resourceName)
        free(resourceClass)

        var sizeHints = XSizeHints()
        sizeHints.flags = PMinSize | PSize | (positioned ? PPosition : USSize)
        sizeHints.min_width = Int32(minimumWidth)
        sizeHints.min_height = Int32(minimumHeight)
        sizeHints.width = Int32(width)
        sizeHints.height = Int32(height)
        XSetWMNormalHints(display, window, &sizeHints)

        var protocols = [atoms.wmDeleteWindow]
        XSetWMProtocols(display, window, &protocols, 1)

        var pid = [UInt(getpid())]
        pid.withUnsafeMutableBytes { bytes in
            _ = XChangeProperty(display, window, atoms.netWMPID, XA_CARDINAL, 32, PropModeReplace,
                                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
        }
        var windowType = [atoms.netWMWindowTypeNormal]
        windowType.withUnsafeMutableBytes { bytes in
            _ = XChangeProperty(display, window, atoms.netWMWindowType, XA_ATOM, 32, PropModeReplace,
                                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
        }
    }

    private func openInputMethod() {
        guard XSupportsLocale() != 0, let im = XOpenIM(display, nil, nil, nil) else { return }
        inputMethod = im
        inputContext = cx11_create_ic(im, window)
        if let inputContext { XSetICFocus(inputContext) }
    }
}
