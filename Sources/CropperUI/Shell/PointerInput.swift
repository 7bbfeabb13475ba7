import X11Platform
/// Keyboard and pointer input as components receive it: positions in interface pixels, wheel clicks apart
/// from presses.
enum WindowInput: Equatable {
    case key(KeyInput)
    case keyRelease(level0: UInt)
    case press(PointerPress)
    case wheel(WheelStep)
    case pinch(PinchStep)
    case release(WindowPoint)
    case motion(WindowPoint)
    case pointerLeft
    /// Text from a selection arrived, asked for by a field.
    case paste(String)
}

extension ComponentStack {
    /// Routes one input: keys, presses, wheel clicks and pinches top-down to the first component that takes them; motion
    /// and release to the component holding the pointer (the one that took the press). Then everyone learns
    /// where the pointer is. Returns the state log's name for the event and the effects to carry out.
    mutating func route(_ input: WindowInput, pointer: inout PointerState, in context: WindowContext) -> Response {
        var response: Response
        switch input {
        case let .key(key):
            response = dispatch { $0.key(key, in: context) }.response
        case let .keyRelease(level0):
            response = dispatch { $0.keyReleased(level0, in: context) }.response
            response.name = response.name ?? "keyRelease"
        case let .press(press):
            pointer.position = press.at
            let (taker, answer) = dispatch { $0.press(press, in: context) }
            pointer.holder = taker
            response = answer
        case let .wheel(step):
            pointer.position = step.at
            response = dispatch { $0.wheel(step, in: context) }.response
        case let .pinch(step):
            pointer.position = step.at
            response = dispatch { $0.pinch(step, in: context) }.response
        case let .release(point):
            pointer.position = point
            let holder = pointer.holder
            pointer.holder = nil
            response = holder.flatMap { kind in send(to: kind) { $0.release(at: point, in: context) } }
                ?? .took("buttonRelease")
        case let .motion(point):
            pointer.position = point
            response = pointer.holder.flatMap { kind in send(to: kind) { $0.drag(to: point, in: context) } }
                ?? .took("pointerMoved")
        case let .paste(text):
            response = dispatch { $0.paste(text, in: context) }.response
            response.name = response.name ?? "paste"
        case .pointerLeft:
            if pointer.holder == nil { pointer.position = nil }
            response = .took("pointerLeft")
        }
        response.name = response.name ?? "key"
        return response
    }

    /// What the pointer looks like: the holder's shape during a press, else the shape of what is under it.
    mutating func pointerShape(for pointer: PointerState, in context: WindowContext) -> PointerShape {
        let under = pointer.holder == nil ? hover(pointer.position, in: context) : nil
        guard let position = pointer.position, let kind = pointer.holder ?? under else { return .arrow }
        return pointerShape(of: kind, at: position, in: context) ?? .arrow
    }
}
