/// The EXIF Orientation tag: how the stored pixels must be turned to show the
/// picture upright. Raw values 1–8 as in the tag; 0, missing or out of range
/// mean 1.
public enum ExifOrientation: Int, Sendable, CaseIterable {
    case normal = 1
    case mirrorHorizontal = 2
    case rotate180 = 3
    case mirrorVertical = 4
    case mirrorHorizontalRotate270 = 5
    case rotate90 = 6
    case mirrorHorizontalRotate90 = 7
    case rotate270 = 8

    public init(exifValue: Int?) {
        self = exifValue.flatMap(ExifOrientation.init(rawValue:)) ?? .normal
    }

    /// The names exiftool prints.
    public var name: String {
        switch self {
        case .normal: return "Horizontal (normal)"
        case .mirrorHorizontal: return "Mirror horizontal"
        case .rotate180: return "Rotate 180"
        case .mirrorVertical: return "Mirror vertical"
        case .mirrorHorizontalRotate270: return "Mirror horizontal and rotate 270 CW"
        case .rotate90: return "Rotate 90 CW"
        case .mirrorHorizontalRotate90: return "Mirror horizontal and rotate 90 CW"
        case .rotate270: return "Rotate 270 CW"
        }
    }

    /// The transform from stored pixels to the upright picture.
    public var toUpright: PixelTransform {
        switch self {
        case .normal: return .identity
        case .mirrorHorizontal: return .flipHorizontal
        case .rotate180: return .rotate180
        case .mirrorVertical: return .flipVertical
        case .mirrorHorizontalRotate270: return .transpose
        case .rotate90: return .rotate90
        case .mirrorHorizontalRotate90: return .transverse
        case .rotate270: return .rotate270
        }
    }

    public func displayedSize(forStored size: PixelSize) -> PixelSize {
        toUpright.outputSize(for: size)
    }
}
