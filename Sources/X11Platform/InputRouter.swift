import CX11

/// Reads X events (unions and all) into `WindowEvent`s; the only place that knows their layout (XInput 2's pointer
/// events are `XInput2Translator`'s). Pointer positions come out in interface pixels (device pixels over the
/// scale). The protocol traffic nobody above needs to see — selection requests and their INCR pieces, a lost
/// selection, XDND's status replies — is answered here.
extension X11Window {
    func translate(_ event: XEvent) -> [WindowEvent] {
        if event.type == GenericEvent, let pointerInput {
            var cookie = event.xcookie
            let events = pointerInput.decode(&cookie, scale: scale)
            for case let .buttonPress(_, _, _, time, _) in events { clipboard.lastEventTime = Time(time) }
            return events
        }
        return translateCore(event)
    }

    private func translateCore(_ event: XEvent) -> [WindowEvent] {
        var event = event
        switch event.type {
        case ButtonPress:
            let b = event.xbutton
            clipboard.lastEventTime = b.time
            return [.buttonPress(button: b.button, x: Double(b.x) / scale, y: Double(b.y) / scale,
                                 time: UInt32(truncatingIfNeeded: b.time), modifiers: Modifiers(xState: b.state))]
        case ButtonRelease:
            let b = event.xbutton
            return [.buttonRelease(button: b.button, x: Double(b.x) / scale, y: Double(b.y) / scale,
                                   time: UInt32(truncatingIfNeeded: b.time), modifiers: Modifiers(xState: b.state))]
        case MotionNotify:
            let m = event.xmotion
            return [.motion(x: Double(m.x) / scale, y: Double(m.y) / scale, modifiers: Modifiers(xState: m.state))]
        case LeaveNotify:
            return [.pointerLeft]
        case KeyPress:
            clipboard.lastEventTime = event.xkey.time
            return [.keyPress(decodeKey(&event.xkey))]
        case KeyRelease:
            return [.keyRelease(level0: UInt(XLookupKeysym(&event.xkey, 0)))]
        case ClientMessage:
            let message = event.xclient
            let first = UInt(bitPattern: message.data.l.0)
            if message.message_type == atoms.wmProtocols && first == atoms.wmDeleteWindow {
                return [.closeRequested]
            }
            if message.message_type == atoms.cropperSync {
                return [.sync(token: message.data.l.0)]
            }
            guard let drag = XdndMessage(message, atoms: atoms.xdnd) else { return [] }
            return [.drag(drops.handle(drag, canAccept: acceptsDrops))]
        case SelectionNotify:
            let selection = event.xselection
            guard selection.requestor == window else { return [] }
            if clipboard.isHandoffAnswer(selection: selection.selection) {
                clipboard.handoffAnswered()
                return [.clipboardHandoffAnswered]
            }
            if clipboard.handles(selection.selection) {
                return [.pasted(clipboard.received(property: selection.property))]
            }
            return drops.dataArrived(selection: selection.selection, property: selection.property)
                .map { [.dropped(uriList: $0)] } ?? []
        case SelectionRequest:
            let request = event.xselectionrequest
            if request.owner == window { clipboard.answer(request) }
            return []
        case SelectionClear:
            clipboard.lost(event.xselectionclear.selection)
            return []
        case ConfigureNotify:
            let c = event.xconfigure
            return noteSize(width: Int(c.width), height: Int(c.height)) ? [.resized(width: Int(c.width), height: Int(c.height))] : []
        case Expose:
            return event.xexpose.count == 0 ? [.exposed] : []
        case FocusOut:
            return [.focusLost]
        case PropertyNotify:
            let property = event.xproperty
            if property.window == window && property.atom == atoms.netWMState { return [.windowStates(windowStates())] }
            clipboard.propertyChanged(property)
            return displayProfile.isChange(property) ? [.displayProfileChanged] : []
        default:
            return []
        }
    }

    private func decodeKey(_ key: inout XKeyEvent) -> KeyInput {
        var buffer = [CChar](repeating: 0, count: 64)
        var keysym: KeySym = 0
        var text = ""
        if let inputContext {
            var status: Int32 = 0
            let count = Xutf8LookupString(inputContext, &key, &buffer, Int32(buffer.count - 1), &keysym, &status)
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

extension Modifiers {
    init(xState state: UInt32) {
        var modifiers: Modifiers = []
        if state & UInt32(ShiftMask) != 0 { modifiers.insert(.shift) }
        if state & UInt32(ControlMask) != 0 { modifiers.insert(.control) }
        if state & UInt32(Mod1Mask) != 0 { modifiers.insert(.alt) }
        self = modifiers
    }
}
