import EditorState
import Localization

/// EditorState imports nothing, so the few words it has (the aspect locks' names, why lossless mode is off) are
/// its English identifiers; the window shows them in the user's language from here.
enum EditorWords {
    static func aspect(_ aspect: AspectRatio) -> String {
        switch aspect {
        case .free: tr("Free")
        case .original: tr("Original")
        case .originalSwapped: tr("Original ⇄")
        case .custom: aspect.label
        }
    }

    /// EditorState's own reasons; PhotoIO's arrive already in the user's language.
    static func losslessReason(_ reason: String) -> String {
        switch reason {
        case "open a photo first": tr("open a photo first")
        case "the photo is still opening": tr("the photo is still opening")
        case "a straightened crop is resampled, so it cannot be lossless": tr("a straightened crop is resampled, so it cannot be lossless")
        case "this turn leaves no whole JPEG block to keep": tr("this turn leaves no whole JPEG block to keep")
        case "the picture is too small to keep whole chroma samples": tr("the picture is too small to keep whole chroma samples")
        default: reason
        }
    }
}
