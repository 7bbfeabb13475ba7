import PhotoIO
import EditorState
import X11Platform

/// The window's parts, by name: the order of `allCases` is nothing but a list; the stacking order is
/// `ComponentStack`'s.
enum ComponentKind: String, CaseIterable, Sendable {
    case canvas, chrome, dial, guides, picker, grid, dialog, numericEntry, confirm, damagedSave, replaceOriginal, replaceFile,
        cropRule, shortcuts, menu

    /// The state log's `overlays` lists these (the canvas, the dial and the chrome are always there, under everything).
    var isOverlay: Bool { self != .canvas && self != .chrome && self != .dial }
}

/// A pointer button going down.
struct PointerPress: Equatable, Sendable {
    let button: UInt32
    let at: WindowPoint
    /// The X server's timestamp, for double-clicks.
    let time: UInt32
    let modifiers: Modifiers

    /// The button that clicks things (not the middle or right button).
    var isClick: Bool { button == Bindings.clickButton }
    var isWheel: Bool { Bindings.wheelDirection(button: button) != nil }
    /// The middle button: in a text field it pastes what is selected anywhere (PRIMARY).
    var isPastePrimary: Bool { button == Bindings.pastePrimaryButton }
}

/// A wheel click (X buttons 4–7), or a touchpad's smooth scroll of `amount` clicks (fractional) one way.
struct WheelStep: Equatable, Sendable {
    let direction: WheelDirection
    let at: WindowPoint
    let modifiers: Modifiers
    var amount = 1.0

    /// A smooth scroll as the wheel steps it amounts to: one per axis that moved.
    static func steps(_ clicks: ScrollClicks, at point: WindowPoint, modifiers: Modifiers) -> [WheelStep] {
        var steps: [WheelStep] = []
        if clicks.dy != 0 {
            steps.append(WheelStep(direction: clicks.dy < 0 ? .up : .down, at: point, modifiers: modifiers, amount: abs(clicks.dy)))
        }
        if clicks.dx != 0 {
            steps.append(WheelStep(direction: clicks.dx < 0 ? .left : .right, at: point, modifiers: modifiers, amount: abs(clicks.dx)))
        }
        return steps
    }
}

/// What a component answers to one input: whether it took it (components below never see it), what the
/// shell should do, and the state log's name for the event.
struct Response: Equatable {
    var taken: Bool
    var effects: [Effect] = []
    var name: String?

    /// Not for this component: the next one down gets it.
    static let passed = Response(taken: false)

    static func took(_ name: String, _ effects: [Effect] = []) -> Response {
        Response(taken: true, effects: effects, name: name)
    }

    /// Not taken, but something to do on the way down (an entry closing when the click lands elsewhere).
    static func passed(_ effects: [Effect]) -> Response {
        Response(taken: false, effects: effects)
    }
}

/// One self-contained part of the window: its own state, input, drawing and state-log fields. It never reaches
/// into another component; what it wants done beyond itself it answers as `Effect`s. Every input method has a
/// default that passes, so a component implements only what it takes.
protocol Component {
    var kind: ComponentKind { get }
    /// A modal component takes every key and press while it is up (nothing below sees them).
    var isModal: Bool { get }

    mutating func key(_ key: KeyInput, in context: WindowContext) -> Response
    mutating func keyReleased(_ level0: UInt, in context: WindowContext) -> Response
    mutating func press(_ press: PointerPress, in context: WindowContext) -> Response
    mutating func wheel(_ step: WheelStep, in context: WindowContext) -> Response
    mutating func pinch(_ step: PinchStep, in context: WindowContext) -> Response
    /// Pasted text, for the component whose field asked for it.
    mutating func paste(_ text: String, in context: WindowContext) -> Response
    /// Pointer motion while this component holds the press it took.
    mutating func drag(to point: WindowPoint, in context: WindowContext) -> Response
    mutating func release(at point: WindowPoint, in context: WindowContext) -> Response
    /// The pointer is over `point`, or (nil) over a component above, or out of the window. True when the
    /// component covers the point, so the components below see nil.
    mutating func hover(_ point: WindowPoint?, in context: WindowContext) -> Bool
    /// What the pointer looks like over `point` when this component is the one under it.
    func pointerShape(at point: WindowPoint, in context: WindowContext) -> PointerShape?
    /// Results of background work (listings, thumbnails, recent photos).
    mutating func receive(_ message: BackgroundMessage, in context: WindowContext) -> Response
    /// Time passed: answers what it wants done (a notice that expires is its own state).
    mutating func tick(in context: WindowContext) -> [Effect]
    /// When the component next looks different by itself (a fade, a shimmer, a tooltip), nil when never.
    func nextChange(in context: WindowContext) -> Double?

    /// Interface pixels (the shell scales); the canvas alone draws in device pixels.
    var drawsInDevicePixels: Bool { get }
    /// It paints every pixel of the window, so nothing below it is drawn.
    var coversWindow: Bool { get }
    func draw(in context: WindowContext, on cr: OpaquePointer)
    /// Its fields of the state log.
    func snapshot(in context: WindowContext) -> [(String, JSONValue)]

    /// Same state as `other` (then a frame would look the same).
    func isSame(as other: any Component) -> Bool
}

extension Component {
    var isModal: Bool { false }
    var drawsInDevicePixels: Bool { false }
    var coversWindow: Bool { false }
    mutating func key(_ key: KeyInput, in context: WindowContext) -> Response { isModal ? .took("key") : .passed }
    mutating func keyReleased(_ level0: UInt, in context: WindowContext) -> Response { .passed }
    mutating func press(_ press: PointerPress, in context: WindowContext) -> Response {
        isModal ? .took("buttonPress") : .passed
    }
    mutating func wheel(_ step: WheelStep, in context: WindowContext) -> Response { isModal ? .took("wheel") : .passed }
    mutating func pinch(_ step: PinchStep, in context: WindowContext) -> Response { isModal ? .took("pinch") : .passed }
    mutating func paste(_ text: String, in context: WindowContext) -> Response { .passed }
    mutating func drag(to point: WindowPoint, in context: WindowContext) -> Response { .took("pointerMoved") }
    mutating func release(at point: WindowPoint, in context: WindowContext) -> Response { .took("buttonRelease") }
    mutating func hover(_ point: WindowPoint?, in context: WindowContext) -> Bool { isModal && point != nil }
    func pointerShape(at point: WindowPoint, in context: WindowContext) -> PointerShape? { isModal ? .arrow : nil }
    mutating func receive(_ message: BackgroundMessage, in context: WindowContext) -> Response { .passed }
    mutating func tick(in context: WindowContext) -> [Effect] { [] }
    func nextChange(in context: WindowContext) -> Double? { nil }
}

extension Component where Self: Equatable {
    func isSame(as other: any Component) -> Bool {
        (other as? Self) == self
    }
}
