/// A point in the window, in interface pixels.
public struct WindowPoint: Equatable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// Keyboard modifiers that matter for bindings (Caps Lock and Num Lock never do).
public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public static let shift = Modifiers(rawValue: 1)
    public static let control = Modifiers(rawValue: 2)
    public static let alt = Modifiers(rawValue: 4)

    public init(rawValue: Int) { self.rawValue = rawValue }
}

public struct KeyInput: Equatable, Sendable {
    /// The key's symbol without modifiers (`r` for both r and R).
    public let level0: UInt
    /// The symbol the keyboard layout produced with the modifiers held (`R`, `plus`, `question`).
    public let typed: UInt
    /// The characters typed, for text fields; empty for function keys.
    public let text: String
    public let modifiers: Modifiers
    /// The X server's time of the press.
    public var time: UInt32 = 0

    public init(level0: UInt, typed: UInt, text: String, modifiers: Modifiers, time: UInt32 = 0) {
        self.level0 = level0
        self.typed = typed
        self.text = text
        self.modifiers = modifiers
        self.time = time
    }
}

/// A step of a touchpad pinch: the zoom since the last step, about the fingers' centre, and how far the centre moved
/// (interface pixels).
public struct PinchStep: Equatable, Sendable {
    public let zoom: Double
    public let at: WindowPoint
    public let dx: Double
    public let dy: Double

    public init(zoom: Double, at: WindowPoint, dx: Double, dy: Double) {
        self.zoom = zoom
        self.at = at
        self.dx = dx
        self.dy = dy
    }
}

/// A drag from another program (XDND), as the window sees it.
public enum DragEvent: Equatable, Sendable {
    /// The drag came over the window; `accepting` when a drop would be taken.
    case entered(accepting: Bool)
    case moved(accepting: Bool)
    case left
    /// A drop was taken; its list of files follows as `.dropped`.
    case dropping
    /// A drop the window did not take (nothing it opens, or drops were off).
    case dropRefused
    /// A message of an unknown version or from another drag.
    case ignored
}

/// What the window reports, in its own terms: no X structs. Positions are in interface pixels.
public enum WindowEvent: Equatable, Sendable {
    case buttonPress(button: UInt32, x: Double, y: Double, time: UInt32, modifiers: Modifiers)
    case buttonRelease(button: UInt32, x: Double, y: Double, time: UInt32, modifiers: Modifiers)
    case motion(x: Double, y: Double, modifiers: Modifiers)
    case pointerLeft
    /// Smooth scrolling (XInput 2): a touchpad's fractional clicks, or a wheel's whole ones.
    case scroll(ScrollClicks, x: Double, y: Double, modifiers: Modifiers)
    /// A touchpad pinch's step (XInput 2.4).
    case pinch(PinchStep)
    case keyPress(KeyInput)
    case keyRelease(level0: UInt)
    /// The window manager's close button (`WM_DELETE_WINDOW`).
    case closeRequested
    /// `_CROPPER_SYNC`: a test asks for a state-log line (and a frame) once everything sent before is handled.
    case sync(token: Int)
    /// The window's size changed (device pixels).
    case resized(width: Int, height: Int)
    case exposed
    case focusLost
    /// The display's colour profile (`_ICC_PROFILE`) changed; `displayProfileBytes()` reads the new one.
    case displayProfileChanged
    case drag(DragEvent)
    /// The `text/uri-list` of a drop; answer with `finishDrop(accepted:)`.
    case dropped(uriList: String)
    /// The text another program gave for a paste; nil when it had none to give.
    case pasted(String?)
    /// The window manager changed the window's states (EWMH `_NET_WM_STATE_…` names: full screen, maximized, …).
    case windowStates(Set<String>)
    /// The clipboard manager answered the hand-off at quit.
    case clipboardHandoffAnswered
}
