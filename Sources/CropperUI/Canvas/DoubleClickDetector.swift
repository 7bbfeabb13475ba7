/// Decides whether a press completes a double-click: same button, within 400 ms by the X server's
/// timestamps (32-bit milliseconds that wrap about every 49 days), within 4 px of the first press.
struct DoubleClickDetector {
    static let maximumInterval: UInt32 = 400
    static let maximumDistance: Double = 4

    private var lastPress: (button: UInt32, time: UInt32, x: Double, y: Double)?

    /// Feed every button press; true when this one is the second click of a double-click.
    mutating func registerPress(button: UInt32, time: UInt32, x: Double, y: Double) -> Bool {
        if let last = lastPress, last.button == button {
            let elapsed = time &- last.time
            let dx = x - last.x, dy = y - last.y
            if elapsed <= Self.maximumInterval && (dx * dx + dy * dy).squareRoot() <= Self.maximumDistance {
                // A third click starts afresh rather than making a second double-click.
                lastPress = nil
                return true
            }
        }
        lastPress = (button, time, x, y)
        return false
    }

    /// Forgets the first click, e.g. after the pointer dragged between the presses.
    mutating func reset() {
        lastPress = nil
    }
}
