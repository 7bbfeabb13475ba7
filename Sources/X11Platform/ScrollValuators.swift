/// One smooth-scrolling axis of a pointer device (XInput 2.1's scroll class): which valuator carries it and how
/// much of its value makes one wheel click.
public struct ScrollAxis: Equatable, Sendable {
    public let valuator: Int
    public let isVertical: Bool
    /// Valuator units per wheel click (120 or 15 for a mouse wheel, 15 for a libinput touchpad); negative for an
    /// inverted axis.
    public let increment: Double

    public init(valuator: Int, isVertical: Bool, increment: Double) {
        self.valuator = valuator
        self.isVertical = isVertical
        self.increment = increment
    }
}

/// A device's scroll axes and the values its valuators have now (the baseline for the next event).
public struct ScrollDevice: Equatable, Sendable {
    public var axes: [ScrollAxis]
    public var values: [Int: Double]

    public init(axes: [ScrollAxis], values: [Int: Double]) {
        self.axes = axes
        self.values = values
    }
}

/// How far a scroll went, in wheel clicks: +dy is down (button 5), +dx right (button 7). Fractional for a touchpad.
public struct ScrollClicks: Equatable, Sendable {
    public var dx = 0.0
    public var dy = 0.0

    public init(dx: Double = 0, dy: Double = 0) {
        self.dx = dx
        self.dy = dy
    }

    public var isZero: Bool { dx == 0 && dy == 0 }
}

/// Turns smooth-scrolling valuators into wheel clicks. A scroll valuator's value only accumulates, so what counts
/// is the distance from the value seen last for that device, over the axis's increment: one increment is one
/// click, so a mouse wheel makes exactly the steps its buttons 4–7 made. The baseline is taken afresh when the
/// pointer enters the window or the device changes (the valuators moved meanwhile for other windows).
struct ScrollValuators {
    private var devices: [Int32: ScrollDevice] = [:]

    /// The device's axes and current values, as the server reports them (on enter or a device change).
    mutating func rebase(_ device: Int32, _ state: ScrollDevice) {
        devices[device] = state
    }

    func axes(of device: Int32) -> [ScrollAxis]? {
        devices[device]?.axes
    }

    /// The clicks made by an event carrying `values` (valuator → value) from `device`, whose baseline moves to them.
    /// A value with no baseline only sets one.
    mutating func clicks(from device: Int32, values: [Int: Double]) -> ScrollClicks {
        guard var state = devices[device] else { return ScrollClicks() }
        var clicks = ScrollClicks()
        for axis in state.axes {
            guard let value = values[axis.valuator] else { continue }
            if let previous = state.values[axis.valuator], axis.increment != 0 {
                let distance = (value - previous) / axis.increment
                if axis.isVertical { clicks.dy += distance } else { clicks.dx += distance }
            }
            state.values[axis.valuator] = value
        }
        devices[device] = state
        return clicks
    }
}
