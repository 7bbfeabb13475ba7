import Localization
import PhotoIO

/// What Save does, remembered from the last save command used: a new file beside the photo, or the photo
/// itself replaced (the original to the trash).
enum SaveMode: String, Sendable {
    case beside
    case overOriginal = "over-original"
}

/// The sizes the export-size command steps through: the crop's own, then common long edges and exact sizes;
/// a size typed into `settings.json` (`"exportSize": "1600x900"`) joins them.
enum ExportSizes {
    static let presets: [ExportSize?] = [
        nil, .longEdge(3840), .longEdge(2048), .longEdge(1080), .exact(width: 1080, height: 1080),
        .exact(width: 1920, height: 1080), .exact(width: 1080, height: 1350),
    ]

    static func after(_ current: ExportSize?) -> ExportSize? {
        let index = presets.firstIndex(of: current) ?? 0
        return presets[(index + 1) % presets.count]
    }

    /// How the size is named in notices and the menu.
    static func label(_ size: ExportSize?) -> String { size?.label ?? tr("full size") }
}
