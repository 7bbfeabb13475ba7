import EditorState
import PhotoIO

/// What the window needs to know about a photo to save or copy it, recorded once when it loads, so that neither
/// reads the file again on the event loop.
struct PhotoFacts: Equatable, Sendable {
    let format: PhotoFormat
    /// Inks, not light: a copy is offered as JPEG only (PNG has no CMYK).
    let isCMYK: Bool
    let lossless: LosslessSupport
    /// What the decoder could not read; nil for an intact photo.
    let damage: Damage?

    init(_ decoded: DecodedPreview) {
        format = decoded.format
        isCMYK = decoded.isCMYK
        lossless = decoded.lossless
        damage = decoded.damage
    }
}
