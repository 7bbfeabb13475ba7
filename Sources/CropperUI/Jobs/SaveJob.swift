import EditorState
import PhotoIO
import PhotoLibrary

/// A save in progress: which photo, which edit, where to.
struct SaveJob {
    let generation: Int
    let edit: CropEdit
    let destination: String
    let pickFreeName: Bool
    let overwrite: Bool
    /// Cut from the JPEG's blocks, not re-encoded.
    var lossless = false
    /// Saved over the photo, the original to the trash.
    var inPlace = false
    /// The export size it is scaled to, as the notice names it; nil at full size.
    var exportSize: String? = nil
}

/// A save to ask again for, with the damaged part allowed.
struct SaveRetry: Equatable, Sendable {
    let destination: String
    let pickFreeName: Bool
    let overwrite: Bool
}

/// A crop written: where, and what the toast adds about a damaged source.
struct SavedCrop: Sendable {
    let path: String
    let damageNote: String?
}

/// What the writer thread reports back.
struct SaveOutcome: Sendable {
    let generation: Int
    /// The path written, or the reason it could not be.
    let result: Result<SavedCrop, SaveFailure>
}

struct SaveFailure: Error, Sendable {
    let destination: String
    let reason: String
    /// The box reaches into the photo's unreadable part: the window asks whether to save anyway.
    var reachesDamage: DamagedRegion? = nil
}

/// Everything the writer thread needs: which photo, what to cut and turn, where to.
struct SaveRequest: Sendable {
    let sourcePath: String
    let destination: String
    let export: CropExport
    /// Automatic names step on to `-2`, `-3`, … if the name was taken meanwhile.
    let pickFreeName: Bool
    /// The user agreed to replace an existing file of that name (never the photo itself).
    var overwrite = false
    /// Replace the photo itself through this trash (`destination` is the photo).
    var inPlace: Trash? = nil
}
