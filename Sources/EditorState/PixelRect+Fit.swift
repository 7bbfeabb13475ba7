/// Why a rectangle given as X, Y, W, H does not fit an image: the first of the four values out of its range,
/// and the range. Typing the box as numbers and the command line's `--rect` are checked by the same rule.
public struct RectFitProblem: Error, Equatable, Sendable {
    public enum Value: Int, CaseIterable, Sendable {
        case x, y, width, height

        /// The letter both the window's fields and `--rect X,Y,W,H` use.
        public var letter: String { ["X", "Y", "W", "H"][rawValue] }
    }

    public let value: Value
    public let allowed: ClosedRange<Int>

    public var message: String { "\(value.letter) must be from \(allowed.lowerBound) to \(allowed.upperBound)" }
}

extension PixelRect {
    /// Nil when this rectangle has pixels and all of them lie in an image of `size`; else the first value that
    /// is out of range: X in 0…width−1, Y in 0…height−1, then W and H at least 1 and reaching no further than the edge.
    public func fitProblem(in size: PixelSize) -> RectFitProblem? {
        let limits: [(RectFitProblem.Value, Int, Int, Int)] = [
            (.x, x, 0, size.width - 1), (.y, y, 0, size.height - 1),
            (.width, width, 1, size.width - max(0, x)), (.height, height, 1, size.height - max(0, y)),
        ]
        for (value, number, low, high) in limits where number < low || number > high {
            return RectFitProblem(value: value, allowed: low...max(low, high))
        }
        return nil
    }

    /// True when this rectangle has pixels and all of them lie in an image of `size`.
    public func isInside(_ size: PixelSize) -> Bool { fitProblem(in: size) == nil }
}
