import CX11
import Foundation
import Glibc

/// Why the window could not open; the app words it for the user.
public enum X11Error: Error {
    case cannotOpenDisplay(String)
    case unsupportedVisual(depth: Int32)
}

/// Sizes in interface pixels the window is made with: never smaller than `minimum`, and at most `largestDefault`
/// (and four fifths of the screen) when neither the user nor the last run gave a size.
public struct WindowSizing: Sendable {
    public var minimum: (width: Int, height: Int)
    public var largestDefault: (width: Int, height: Int)

    public init(minimum: (width: Int, height: Int), largestDefault: (width: Int, height: Int)) {
        self.minimum = minimum
        self.largestDefault = largestDefault
    }
}

/// The one top-level window: its connection, properties, input method and pointer shapes, and what it speaks on
/// the app's behalf (selections, drag and drop, the display profile). Every call here happens on the thread that
/// runs the event loop.
public final class X11Window {
    /// Written to stderr when the X server goes away; the app sets it to its own words (`%s` is the display).
    nonisolated(unsafe) public static var connectionLostMessage = "lost the connection to the X display \"%s\"; closing the window"

    let display: OpaquePointer
    let window: Window
    let screen: Int32
    let visual: UnsafeMutablePointer<Visual>
    let depth: Int32
    let atoms: X11Atoms
    /// Device pixels per interface pixel, from `CROPPER_SCALE` or `Xft.dpi`.
    public let scale: Double
    /// `CROPPER_SCALE`'s text when it was set but is not a positive number (the display's Xft.dpi was used).
    public let unusableScaleOverride: String?
    public let clipboard: Clipboard
    let drops: DropTarget
    let displayProfile: DisplayProfileWatch
    /// Whether a drag from another program may drop here now; the app keeps it current.
    public var acceptsDrops = true
    private(set) var inputContext: XIC?
    /// XInput 2 (smooth scrolling, pinches) when the server has it; nil keeps the core pointer events.
    private(set) var pointerInput: XInput2Pointer?
    private var inputMethod: XIM?
    /// The window in device pixels.
    public private(set) var width: Int
    public private(set) var height: Int
    private let minimumWidth: Int
    private let minimumHeight: Int
    private var pointerShapes: PointerShapes?
    private var currentPointerShape: PointerShape?

    /// `requestedWidth`/`requestedHeight` come from the user (`--geometry`); without them the remembered size is
    /// used, kept within the screen, else four fifths of the screen.
    public init(width requestedWidth: Int?, height requestedHeight: Int?, remembered: (width: Int, height: Int)? = nil,
                sizing: WindowSizing) throws {
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
        unusableScaleOverride = resolved.unusableOverride

        let screenWidth = Int(XDisplayWidth(display, screen))
        let screenHeight = Int(XDisplayHeight(display, screen))
        func scaled(_ size: Int) -> Int { Int((Double(size) * resolved.scale).rounded(.up)) }
        minimumWidth = min(scaled(sizing.minimum.width), screenWidth)
        minimumHeight = min(scaled(sizing.minimum.height), screenHeight)
        let fallbackWidth = remembered.map { min($0.width, screenWidth) } ?? min(scaled(sizing.largestDefault.width), screenWidth * 4 / 5)
        let fallbackHeight = remembered.map { min($0.height, screenHeight) } ?? min(scaled(sizing.largestDefault.height), screenHeight * 4 / 5)
        width = max(minimumWidth, requestedWidth ?? fallbackWidth)
        height = max(minimumHeight, requestedHeight ?? fallbackHeight)

        let root = XRootWindow(display, screen)
        var attributes = XSetWindowAttributes()
        attributes.background_pixel = 0x1e1f22
        attributes.bit_gravity = Int32(NorthWestGravity)
        attributes.event_mask = KeyPressMask | KeyReleaseMask | ButtonPressMask | ButtonReleaseMask
            | PointerMotionMask | EnterWindowMask | LeaveWindowMask | ExposureMask
            | StructureNotifyMask | FocusChangeMask | PropertyChangeMask
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
        clipboard = Clipboard(display: display, window: window)
        drops = DropTarget(display: display, window: window, atoms: atoms.xdnd)
        displayProfile = DisplayProfileWatch(display: display, screen: screen)
        setProperties(positioned: requestedWidth == nil)
        var supported: Int32 = 0
        XkbSetDetectableAutoRepeat(display, 1, &supported)
    }

    /// The X server went away (killed, crashed, the session ended): say so and exit non-zero.
    /// Xlib allows no recovery here, and a window without a display has nothing left to do.
    private static let connectionLost: @convention(c) (OpaquePointer?) -> Int32 = { display in
        let name = display.flatMap { XDisplayString($0) }.map { String(cString: $0) } ?? ""
        let words = connectionLostMessage.replacingOccurrences(of: "%s", with: name)
        let message = Array(("cropper: " + words + "\n").utf8)
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

    /// Runs the event loop until `client` stops running; `wakeDescriptor` is the read end of the client's wake-up
    /// pipe.
    public func run(_ client: WindowClient, wakeDescriptor: Int32, clock: @escaping () -> Double) {
        EventLoop(window: self, wakeDescriptor: wakeDescriptor, clock: clock).run(client)
    }

    public func show() {
        XMapRaised(display, window)
        XFlush(display)
    }

    public func hide() {
        XUnmapWindow(display, window)
        XFlush(display)
    }

    public func setTitle(_ title: String) {
        XStoreName(display, window, title)
        var bytes = Array(title.utf8)
        XChangeProperty(display, window, atoms.netWMName, atoms.utf8String, 8, PropModeReplace,
                        &bytes, Int32(bytes.count))
    }

    /// Cursors and the input method. Reading the cursor theme and the Compose table takes some 45 ms, so the
    /// window calls this once its first photo frame is out; keys before then are read without the input method,
    /// and the pointer keeps the default shape.
    public func prepareInput() {
        guard pointerShapes == nil else { return }
        pointerShapes = PointerShapes(display: display)
        openInputMethod()
    }

    public var isInputPrepared: Bool { pointerShapes != nil }

    /// The XInput 2 version in use ("2.4"), or nil with the core pointer events.
    public var pointerInputVersion: String? { pointerInput?.versionName }

    /// Tells the drag's source whether the dropped list was taken.
    public func finishDrop(accepted: Bool) {
        drops.finish(accepted: accepted)
    }

    /// The display's ICC profile as the root window publishes it; nil when none is set.
    public func displayProfileBytes() -> [UInt8]? {
        displayProfile.read(on: display)
    }

    public func setPointerShape(_ shape: PointerShape) {
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
