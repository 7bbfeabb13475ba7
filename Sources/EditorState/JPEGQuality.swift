/// The JPEG quality a crop is encoded with: the window's setting and the command line's `--quality` obey the same range.
public enum JPEGQuality {
    public static let range = 1...100
    /// What both start from when nothing else is asked for.
    public static let standard = 92
    /// The window's quality steps land on multiples of this.
    public static let step = 5

    /// `quality` moved by `steps` steps, landing on multiples of `step` and staying in `range`.
    public static func stepped(_ quality: Int, by steps: Int) -> Int {
        let moved = steps > 0 ? (quality / step + steps) * step : ((quality + step - 1) / step + steps) * step
        return min(range.upperBound, max(range.lowerBound, moved))
    }
}
