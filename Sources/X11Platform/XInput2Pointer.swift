import CX11

/// The window's pointer through XInput 2 when the server has 2.1 or later: smooth scrolling from touchpads (and
/// wheels) and, from 2.4, pinch gestures. Selecting XI2 pointer events on a window stops the core ones, so presses,
/// releases, motion and leaving all come this way then, translated into the same `WindowEvent`s.
final class XInput2Pointer {
    /// The server's version as the two of us agreed it (2.1 … 2.4).
    let version: (major: Int32, minor: Int32)
    private let display: OpaquePointer
    private let opcode: Int32
    private var translator = XInput2Translator()

    /// Nil when the server lacks XInput 2.1: the window keeps the core events.
    init?(display: OpaquePointer, window: Window) {
        var opcode: Int32 = 0
        var firstEvent: Int32 = 0
        var firstError: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &firstEvent, &firstError) != 0 else { return nil }
        var major: Int32 = 2
        var minor: Int32 = 4
        guard XIQueryVersion(display, &major, &minor) == Success, major > 2 || (major == 2 && minor >= 1) else { return nil }
        self.display = display
        self.opcode = opcode
        version = (major, minor)

        var events = [XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_Enter, XI_Leave, XI_DeviceChanged]
        if major > 2 || minor >= 4 { events += [XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd] }
        var mask = [UInt8](repeating: 0, count: Int(cx11_xi_mask_length()))
        for event in events { cx11_xi_set_mask(&mask, event) }
        _ = cx11_take_error()
        let status = mask.withUnsafeMutableBufferPointer { bytes in
            var selection = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(bytes.count), mask: bytes.baseAddress)
            return XISelectEvents(display, window, &selection, 1)
        }
        // A refused selection comes back as an error later: wait for it, or the window would get no pointer at all.
        XSync(display, 0)
        guard status == Success, cx11_take_error() == 0 else { return nil }
    }

    /// "2.4", for the state log.
    var versionName: String { "\(version.major).\(version.minor)" }

    func decode(_ cookie: inout XGenericEventCookie, scale: Double) -> [WindowEvent] {
        guard cookie.extension == opcode, XGetEventData(display, &cookie) != 0, let data = cookie.data else { return [] }
        defer { XFreeEventData(display, &cookie) }
        switch cookie.evtype {
        case XI_ButtonPress, XI_ButtonRelease, XI_Motion:
            let events = translator.translate(data.assumingMemoryBound(to: XIDeviceEvent.self).pointee, scale: scale)
            // A run of motion is folded into its last position, as the event loop folds core motion.
            if events.count == 1, case .motion = events[0], nextIsMotion() { return [] }
            return events
        case XI_Enter:
            let device = data.assumingMemoryBound(to: XIEnterEvent.self).pointee.sourceid
            translator.entered(from: device, currentState(of: device))
            return []
        case XI_Leave:
            return [.pointerLeft]
        case XI_DeviceChanged:
            translator.translate(data.assumingMemoryBound(to: XIDeviceChangedEvent.self).pointee)
            return []
        case XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd:
            return translator.translate(data.assumingMemoryBound(to: XIGesturePinchEvent.self).pointee, scale: scale)
        default:
            return []
        }
    }

    private func nextIsMotion() -> Bool {
        guard XEventsQueued(display, QueuedAlready) > 0 else { return false }
        var next = XEvent()
        XPeekEvent(display, &next)
        return next.type == GenericEvent && next.xcookie.extension == opcode && next.xcookie.evtype == XI_Motion
    }

    /// The device's scroll axes and where its valuators are now: the baseline for its next scroll.
    private func currentState(of device: Int32) -> ScrollDevice {
        var count: Int32 = 0
        guard let info = XIQueryDevice(display, device, &count) else { return ScrollDevice(axes: [], values: [:]) }
        defer { XIFreeDeviceInfo(info) }
        return count > 0 ? ScrollDevice(classes: info.pointee.classes, count: info.pointee.num_classes)
                         : ScrollDevice(axes: [], values: [:])
    }
}
