import CX11

struct KeyInput: Equatable {
    /// The key's symbol without modifiers (`r` for both r and R).
    let level0: UInt
    /// The symbol the keyboard layout produced with the modifiers held (`R`, `plus`, `question`).
    let typed: UInt
    /// The characters typed, for text fields; empty for function keys.
    let text: String
    let modifiers: Modifiers
    /// The X server's time of the press.
    var time: UInt32 = 0
}

/// An X event, decoded into what the editor cares about.
enum InputEvent {
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
    case closeRequested
    /// `_CROPPER_SYNC`: a test asks for a state-log line (and a frame) once everything sent before is handled.
    case sync(token: Int)
    case resized(width: Int, height: Int)
    case exposed
    case focusLost
    /// A window property changed (the root window's display profile, among others).
    case propertyChanged(XPropertyEvent)
    case dragAndDrop(XdndMessage)
    /// Another program asks for the text we copied or selected.
    case selectionRequest(XSelectionRequestEvent)
    /// Another program took a selection we owned.
    case selectionClear(selection: Atom)
    /// The answer to a selection conversion we asked for (the data of a drop, pasted text).
    case selectionNotify(selection: Atom, property: Atom)
}

/// Reads X events (unions and all) into `InputEvent`s; the only place that knows their layout (XInput 2's pointer
/// events are `XInput2Translator`'s). Pointer positions come out in interface pixels (device pixels over `scale`).
struct InputRouter {
    let window: X11Window
    let scale: Double

    func decode(_ event: XEvent) -> [InputEvent] {
        if event.type == GenericEvent, let pointerInput = window.pointerInput {
            var cookie = event.xcookie
            return pointerInput.decode(&cookie, scale: scale)
        }
        return decodeCore(event).map { [$0] } ?? []
    }

    private func decodeCore(_ event: XEvent) -> InputEvent? {
        var event = event
        switch event.type {
        case ButtonPress:
            let b = event.xbutton
            return .buttonPress(button: b.button, x: Double(b.x) / scale, y: Double(b.y) / scale, time: UInt32(truncatingIfNeeded: b.time),
                                modifiers: Modifiers(xState: b.state))
        case ButtonRelease:
            let b = event.xbutton
            return .buttonRelease(button: b.button, x: Double(b.x) / scale, y: Double(b.y) / scale, time: UInt32(truncatingIfNeeded: b.time),
                                  modifiers: Modifiers(xState: b.state))
        case MotionNotify:
            let m = event.xmotion
            return .motion(x: Double(m.x) / scale, y: Double(m.y) / scale, modifiers: Modifiers(xState: m.state))
        case LeaveNotify:
            return .pointerLeft
        case KeyPress:
            return .keyPress(decodeKey(&event.xkey))
        case KeyRelease:
            return .keyRelease(level0: UInt(XLookupKeysym(&event.xkey, 0)))
        case ClientMessage:
            let message = event.xclient
            let first = UInt(bitPattern: message.data.l.0)
            if message.message_type == window.atoms.wmProtocols && first == window.atoms.wmDeleteWindow {
                return .closeRequested
            }
            if message.message_type == window.atoms.cropperSync {
                return .sync(token: message.data.l.0)
            }
            return XdndMessage(message, atoms: window.atoms.xdnd).map(InputEvent.dragAndDrop)
        case SelectionNotify:
            let selection = event.xselection
            guard selection.requestor == window.window else { return nil }
            return .selectionNotify(selection: selection.selection, property: selection.property)
        case SelectionRequest:
            let request = event.xselectionrequest
            return request.owner == window.window ? .selectionRequest(request) : nil
        case SelectionClear:
            return .selectionClear(selection: event.xselectionclear.selection)
        case ConfigureNotify:
            let c = event.xconfigure
            return .resized(width: Int(c.width), height: Int(c.height))
        case Expose:
            return event.xexpose.count == 0 ? .exposed : nil
        case FocusOut:
            return .focusLost
        case PropertyNotify:
            return .propertyChanged(event.xproperty)
        default:
            return nil
        }
    }

    private func decodeKey(_ key: inout XKeyEvent) -> KeyInput {
        var buffer = [CChar](repeating: 0, count: 64)
        var keysym: KeySym = 0
        var text = ""
        if let context = window.inputContext {
            var status: Int32 = 0
            let count = Xutf8LookupString(context, &key, &buffer, Int32(buffer.count - 1), &keysym, &status)
            if count > 0 && (status == XLookupChars || status == XLookupBoth) {
                text = String(decoding: buffer[0..<Int(count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        } else {
            let count = XLookupString(&key, &buffer, Int32(buffer.count - 1), &keysym, nil)
            if count > 0 {
                // Without an input method the bytes are Latin-1: each one is its own code point.
                text = String(String.UnicodeScalarView(buffer[0..<Int(count)].compactMap {
                    Unicode.Scalar(UInt8(bitPattern: $0))
                }))
            }
        }
        let printable = text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7f }
        return KeyInput(level0: UInt(XLookupKeysym(&key, 0)), typed: UInt(keysym),
                        text: printable ? text : "", modifiers: Modifiers(xState: key.state),
                        time: UInt32(truncatingIfNeeded: key.time))
    }
}
