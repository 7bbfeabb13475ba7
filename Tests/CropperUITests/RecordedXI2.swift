import CX11
@testable import CropperUI
@testable import X11Platform

/// XInput 2 events as devices send them, built field by field with the numbers `xinput test-xi2` and
/// `xinput list --long` print for them, so the translation replays them in-process without a server.
enum RecordedXI2 {
    /// The Virtual core pointer, which the window selects its events on.
    static let masterPointer: Int32 = 2
    /// A touchpad under xf86-input-libinput: valuators 0, 1 (Rel X, Rel Y), 2 (Rel Horiz Scroll), 3 (Rel Vert Scroll).
    static let touchpad: Int32 = 11
    /// A wheel mouse; its scroll increment depends on the driver (below).
    static let mouse: Int32 = 12
    /// NumLock (Mod2) is on in most sessions: `modifiers: … effective: 0x10`.
    static let numLock: Int32 = 0x10

    /// One `XI_ButtonPress`, `XI_ButtonRelease` or `XI_Motion` as test-xi2 prints it.
    struct DeviceEvent {
        var evtype: Int32
        var source: Int32
        var event: (x: Double, y: Double)
        var detail: Int32 = 0
        var flags: Int32 = 0
        var mods: Int32 = RecordedXI2.numLock
        var valuators: [Int: Double] = [:]
        var time: UInt = 0
    }

    /// The `XIDeviceEvent` Xlib would hand over for `recorded`, alive for the length of `body`.
    static func withEvent<Result>(_ recorded: DeviceEvent, _ body: (XIDeviceEvent) -> Result) -> Result {
        var mask = [UInt8](repeating: 0, count: 4)
        let numbers = recorded.valuators.keys.sorted()
        for number in numbers { cx11_xi_set_mask(&mask, Int32(number)) }
        var values = numbers.map { recorded.valuators[$0]! }
        return mask.withUnsafeMutableBufferPointer { maskBytes in
            values.withUnsafeMutableBufferPointer { packed in
                var event = XIDeviceEvent()
                event.type = GenericEvent
                event.evtype = recorded.evtype
                event.time = recorded.time
                event.deviceid = masterPointer
                event.sourceid = recorded.source
                event.detail = recorded.detail
                event.root_x = recorded.event.x + 100
                event.root_y = recorded.event.y + 80
                event.event_x = recorded.event.x
                event.event_y = recorded.event.y
                event.flags = recorded.flags
                event.mods.base = recorded.mods
                event.mods.effective = recorded.mods
                event.valuators.mask_len = Int32(maskBytes.count)
                event.valuators.mask = maskBytes.baseAddress
                event.valuators.values = packed.baseAddress
                return body(event)
            }
        }
    }

    static func translate(_ recorded: [DeviceEvent], with translator: inout XInput2Translator, scale: Double = 1) -> [WindowEvent] {
        recorded.flatMap { event in withEvent(event) { translator.translate($0, scale: scale) } }
    }

    /// A device's classes as `XIQueryDevice` and `XI_DeviceChanged` give them: a valuator class per valuator (with
    /// its current value) and a scroll class per scroll axis.
    static func withClasses<Result>(values: [Int: Double], scrolls: [(number: Int32, vertical: Bool, increment: Double)],
                                    source: Int32, _ body: (UnsafeMutablePointer<UnsafeMutablePointer<XIAnyClassInfo>?>, Int32) -> Result) -> Result {
        var allocated: [UnsafeMutableRawPointer] = []
        defer { allocated.forEach { $0.deallocate() } }
        var classes: [UnsafeMutablePointer<XIAnyClassInfo>?] = []
        for (number, value) in values.sorted(by: { $0.key < $1.key }) {
            let info = UnsafeMutablePointer<XIValuatorClassInfo>.allocate(capacity: 1)
            info.initialize(to: XIValuatorClassInfo())
            info.pointee.type = XIValuatorClass
            info.pointee.sourceid = source
            info.pointee.number = Int32(number)
            info.pointee.min = -1
            info.pointee.max = -1
            info.pointee.value = value
            info.pointee.mode = XIModeRelative
            allocated.append(UnsafeMutableRawPointer(info))
            classes.append(UnsafeMutableRawPointer(info).assumingMemoryBound(to: XIAnyClassInfo.self))
        }
        for scroll in scrolls {
            let info = UnsafeMutablePointer<XIScrollClassInfo>.allocate(capacity: 1)
            info.initialize(to: XIScrollClassInfo())
            info.pointee.type = XIScrollClass
            info.pointee.sourceid = source
            info.pointee.number = scroll.number
            info.pointee.scroll_type = scroll.vertical ? XIScrollTypeVertical : XIScrollTypeHorizontal
            info.pointee.increment = scroll.increment
            allocated.append(UnsafeMutableRawPointer(info))
            classes.append(UnsafeMutableRawPointer(info).assumingMemoryBound(to: XIAnyClassInfo.self))
        }
        return classes.withUnsafeMutableBufferPointer { body($0.baseAddress!, Int32($0.count)) }
    }

    /// The touchpad's state as `XIQueryDevice` reports it when the pointer enters: scroll increment 15 both ways.
    static func touchpadState(vertical: Double, horizontal: Double) -> ScrollDevice {
        withClasses(values: [0: 512, 1: 384, 2: horizontal, 3: vertical],
                    scrolls: [(2, false, 15), (3, true, 15)], source: touchpad) { ScrollDevice(classes: $0, count: $1) }
    }

    /// One `XI_GesturePinch*` as test-xi2 prints it (XI 2.4).
    static func pinch(_ evtype: Int32, at event: (x: Double, y: Double), scale: Double,
                      delta: (x: Double, y: Double) = (0, 0), flags: Int32 = 0) -> XIGesturePinchEvent {
        var pinch = XIGesturePinchEvent()
        pinch.type = GenericEvent
        pinch.evtype = evtype
        pinch.deviceid = masterPointer
        pinch.sourceid = touchpad
        pinch.detail = 2
        pinch.root_x = event.x + 100
        pinch.root_y = event.y + 80
        pinch.event_x = event.x
        pinch.event_y = event.y
        pinch.delta_x = delta.x
        pinch.delta_y = delta.y
        pinch.delta_unaccel_x = delta.x * 0.8
        pinch.delta_unaccel_y = delta.y * 0.8
        pinch.scale = scale
        pinch.flags = flags
        pinch.mods.effective = numLock
        return pinch
    }
}
