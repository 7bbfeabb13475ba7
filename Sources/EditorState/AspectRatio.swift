/// A crop box's aspect lock.
///
/// The presets (`square`, `fourThree`, `threeTwo`, `sixteenNine`) are `custom` ratios in landscape form;
/// `swapped` turns any ratio between landscape and portrait (the X key).
public enum AspectRatio: Sendable, Hashable {
    case free
    /// The displayed image's own width:height.
    case original
    /// The displayed image's height:width.
    case originalSwapped
    case custom(width: Int, height: Int)

    public static let square = AspectRatio.custom(width: 1, height: 1)
    public static let fourThree = AspectRatio.custom(width: 4, height: 3)
    public static let threeTwo = AspectRatio.custom(width: 3, height: 2)
    public static let sixteenNine = AspectRatio.custom(width: 16, height: 9)

    /// The order the A key steps through.
    static let cycle: [AspectRatio] = [.free, .original, .square, .fourThree, .threeTwo, .sixteenNine]

    var isLocked: Bool { self != .free }

    /// Width over height for an image of `imageSize`; nil when free (or when the ratio is degenerate).
    public func ratio(for imageSize: PixelSize) -> Double? {
        let (w, h): (Int, Int)
        switch self {
        case .free: return nil
        case .original: (w, h) = (imageSize.width, imageSize.height)
        case .originalSwapped: (w, h) = (imageSize.height, imageSize.width)
        case let .custom(width, height): (w, h) = (width, height)
        }
        guard w > 0, h > 0 else { return nil }
        return Double(w) / Double(h)
    }

    /// Portrait ↔ landscape.
    public var swapped: AspectRatio {
        switch self {
        case .free: .free
        case .original: .originalSwapped
        case .originalSwapped: .original
        case let .custom(width, height): .custom(width: height, height: width)
        }
    }

    /// True for ratios taller than wide (custom h > w, or the original swapped).
    var isPortrait: Bool {
        switch self {
        case .free, .original: false
        case .originalSwapped: true
        case let .custom(width, height): height > width
        }
    }

    /// The next ratio in `cycle`. A portrait ratio steps to the portrait form of the next preset;
    /// a custom ratio outside the cycle steps to free.
    public var next: AspectRatio {
        let landscape = isPortrait ? swapped : self
        guard let index = AspectRatio.cycle.firstIndex(of: landscape) else { return .free }
        let following = AspectRatio.cycle[(index + 1) % AspectRatio.cycle.count]
        return isPortrait ? following.swapped : following
    }

    /// A short label for a toolbar: "Free", "Original", "1:1", "4:3", "2:3" …
    public var label: String {
        switch self {
        case .free: "Free"
        case .original: "Original"
        case .originalSwapped: "Original (swapped)"
        case let .custom(width, height): "\(width):\(height)"
        }
    }
}
