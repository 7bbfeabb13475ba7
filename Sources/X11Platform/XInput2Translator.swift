import CX11

/// XInput 2 pointer events, decoded into the `WindowEvent`s the core events gave: presses, releases, motion and
/// leaving as before, smooth scrolling as (fractional) wheel clicks, pinches as zoom steps. It works on the event
/// structs alone, so recorded events replay in tests; `XInput2Pointer` makes the X calls.
public struct XInput2Translator {
    private(set) var scrolling = ScrollValuators()
    /// The pinch's cumulative scale at its last step; nil between pinches.
    private var pinchScale: Double?

    public init() {}

    /// Buttons, motion and smooth scrolling (`XI_ButtonPress`, `XI_ButtonRelease`, `XI_Motion`).
    public mutating func translate(_ event: XIDeviceEvent, scale: Double) -> [WindowEvent] {
        let x = event.event_x / scale
        let y = event.event_y / scale
        let modifiers = Modifiers(xState: UInt32(bitPattern: event.mods.effective))
        let time = UInt32(truncatingIfNeeded: event.time)
        let emulated = event.flags & XIPointerEmulated != 0
        switch event.evtype {
        case XI_ButtonPress, XI_ButtonRelease:
            let button = UInt32(event.detail)
            // The server's wheel clicks made up from smooth scrolling: its valuators are counted instead.
            if emulated && (4...7).contains(button) { return [] }
            return event.evtype == XI_ButtonPress
                ? [.buttonPress(button: button, x: x, y: y, time: time, modifiers: modifiers)]
                : [.buttonRelease(button: button, x: x, y: y, time: time, modifiers: modifiers)]
        case XI_Motion:
            let values = Self.values(event.valuators)
            let scrollValuators = Set(scrolling.axes(of: event.sourceid)?.map(\.valuator) ?? [])
            let onlyScrolls = !values.isEmpty && values.keys.allSatisfy(scrollValuators.contains)
            var events: [WindowEvent] = onlyScrolls ? [] : [.motion(x: x, y: y, modifiers: modifiers)]
            let clicks = scrolling.clicks(from: event.sourceid, values: values)
            // A motion the server made up from a real button 4–7 click: the click itself counts.
            if !emulated && !clicks.isZero { events.append(.scroll(clicks, x: x, y: y, modifiers: modifiers)) }
            return events
        default:
            return []
        }
    }

    /// The pointer came into the window from `device`, whose valuators now read `state`.
    public mutating func entered(from device: Int32, _ state: ScrollDevice) {
        scrolling.rebase(device, state)
    }

    /// `XI_DeviceChanged`: another device drives the pointer now (or its axes changed); its classes carry the values.
    public mutating func translate(_ event: XIDeviceChangedEvent) {
        scrolling.rebase(event.sourceid, ScrollDevice(classes: event.classes, count: event.num_classes))
    }

    /// `XI_GesturePinchBegin`, `…Update`, `…End`: the scale is cumulative from the begin, so each step zooms by
    /// its ratio to the one before.
    public mutating func translate(_ event: XIGesturePinchEvent, scale: Double) -> [WindowEvent] {
        switch event.evtype {
        case XI_GesturePinchBegin:
            pinchScale = event.scale
            return []
        case XI_GesturePinchUpdate, XI_GesturePinchEnd:
            let previous = pinchScale ?? 1
            pinchScale = event.evtype == XI_GesturePinchEnd ? nil : event.scale
            guard event.scale > 0, previous > 0 else { return [] }
            let step = PinchStep(zoom: event.scale / previous, at: WindowPoint(x: event.event_x / scale, y: event.event_y / scale),
                                 dx: event.delta_x / scale, dy: event.delta_y / scale)
            return step.zoom == 1 && step.dx == 0 && step.dy == 0 ? [] : [.pinch(step)]
        default:
            return []
        }
    }

    /// The valuators an event carries, by number: the mask says which are present, the values come packed.
    static func values(_ state: XIValuatorState) -> [Int: Double] {
        guard let mask = state.mask, let packed = state.values else { return [:] }
        var values: [Int: Double] = [:]
        var next = 0
        for valuator in 0..<Int(state.mask_len) * 8 where cx11_xi_mask_is_set(mask, Int32(valuator)) != 0 {
            values[valuator] = packed[next]
            next += 1
        }
        return values
    }
}

extension ScrollDevice {
    /// From a device's classes (`XIQueryDevice`, `XI_DeviceChanged`): its scroll axes and its valuators' values.
    public init(classes: UnsafeMutablePointer<UnsafeMutablePointer<XIAnyClassInfo>?>?, count: Int32) {
        self.init(axes: [], values: [:])
        guard let classes else { return }
        for index in 0..<Int(max(0, count)) {
            guard let info = classes[index] else { continue }
            let raw = UnsafeRawPointer(info)
            switch info.pointee.type {
            case XIScrollClass:
                let scroll = raw.assumingMemoryBound(to: XIScrollClassInfo.self).pointee
                axes.append(ScrollAxis(valuator: Int(scroll.number), isVertical: scroll.scroll_type == XIScrollTypeVertical,
                                       increment: scroll.increment))
            case XIValuatorClass:
                let valuator = raw.assumingMemoryBound(to: XIValuatorClassInfo.self).pointee
                values[Int(valuator.number)] = valuator.value
            default:
                continue
            }
        }
    }
}
