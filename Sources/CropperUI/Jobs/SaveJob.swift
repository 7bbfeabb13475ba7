import EditorState
import PhotoIO
import PhotoLibrary

/// Where a save goes.
enum SaveTarget: Equatable, Sendable {
    /// A new file beside the photo, under the first free `-cropped` name (`OutputName.decide`), chosen by the
    /// writer as it writes.
    case besideSource
    /// A path chosen in Save As; `overwrite` when the user agreed to replace a file there (never the photo).
    case exactly(String, overwrite: Bool)
    /// The photo itself, the original to the Trash.
    case overOriginal
}

/// The plan of a save in progress: which photo, which edit, where to and how. The outcome echoes it.
struct SavePlan: Equatable, Sendable {
    let generation: Int
    let edit: CropEdit
    let target: SaveTarget
    /// Cut from the JPEG's blocks, not re-encoded.
    var lossless = false
    /// The export size it is scaled to, as the notice names it; nil at full size.
    var exportSize: String? = nil
    /// An animation saved in a still format: the frame that was shown, which is saved.
    var stillFrame: Int? = nil
}

/// A save to ask again for, with the damaged part allowed.
struct SaveRetry: Equatable, Sendable {
    let destination: SaveTarget
}

/// A crop written: where, and what the toast adds about a damaged source.
struct SavedCrop: Sendable {
    let path: String
    let damageNote: String?
    /// Written without re-encoding: asked for, or a HEIC/AVIF crop that needed no new pixels.
    var lossless = false
    /// The new file's thumbnail as the save stored it in the cache: the grid and the strip show it without
    /// reading it back (`ThumbnailStore.adopt`).
    var thumbnail: ThumbnailResult?
}

/// What the writer thread reports back.
struct SaveOutcome: Sendable {
    let plan: SavePlan
    var generation: Int { plan.generation }
    /// The path written, or the reason it could not be.
    let result: Result<SavedCrop, SaveFailure>
}

struct SaveFailure: Error, Sendable {
    /// The file it was written to; the photo's own path for a save over it.
    let destination: String
    let reason: String
    /// The box reaches into the photo's unreadable part: the window asks whether to save anyway.
    var reachesDamage: DamagedRegion? = nil
}

/// Everything the writer thread needs: which photo, what to cut and turn, where to.
struct SaveRequest: Sendable {
    let sourcePath: String
    let export: CropExport
    let plan: SavePlan
    /// For a save over the photo: the Trash the original goes to.
    var trash: Trash? = nil
    /// Where the new file's thumbnail goes, made from the pixels the save encoded: the grid and the strip show
    /// the file as soon as it appears, and decoding it again for that cost a batch a third more CPU.
    var thumbnail: ThumbnailTarget? = nil
}

/// The shared thumbnail cache and the size the window shows thumbnails at.
struct ThumbnailTarget: Sendable {
    let cache: ThumbnailCache
    let size: ThumbnailSize
}
