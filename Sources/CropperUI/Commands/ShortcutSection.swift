import Localization

enum ShortcutSection: Int, CaseIterable, Sendable {
    case file, view, crop, transform, history, settings, pointer, picker, grid, dialog

    var title: String {
        switch self {
        case .file: tr("File")
        case .view: tr("View")
        case .crop: tr("Crop box")
        case .transform: tr("Rotate, straighten & perspective")
        case .history: tr("History")
        case .settings: tr("Settings (remembered)")
        case .pointer: tr("Mouse")
        case .picker: tr("Photo picker")
        case .grid: tr("Photo grid")
        case .dialog: tr("File dialog")
        }
    }
}
