import EditorState
import PhotoIO

/// A save in progress: which photo, which edit, where to.
struct SaveJob {
    let generation: Int
    let edit: CropEdit
    let destination: String
    /// Cut from the JPEG's blocks, not re-encoded.
    var lossless = false
}

/// What the writer thread reports back.
struct SaveOutcome: Sendable {
    let generation: Int
    /// The path written, or the reason it could not be.
    let result: Result<String, SaveFailure>
}

struct SaveFailure: Error, Sendable {
    let destination: String
    let reason: String
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
}
