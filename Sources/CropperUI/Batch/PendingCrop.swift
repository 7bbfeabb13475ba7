import EditorState
import PhotoIO

/// A photo of the list with a crop not yet saved: put there by a copied rule, or left there when the user went
/// on to another photo. It keeps the photo's edit and its undo steps, so opening the photo again takes both up.
struct PendingCrop: Equatable, Sendable {
    /// The photo as stored and its EXIF orientation, as read when the rule was placed.
    let storedSize: PixelSize
    let orientation: Orientation
    var edit: CropEdit
    var history = History<CropEdit>()
    /// The size saves of this photo are scaled to; nil for full size.
    var exportSize: ExportSize?
    /// The focal length a perspective correction of this photo turns about.
    var focal35mm: Double?
    /// Saved losslessly (the rule was copied in lossless mode and the photo allows it).
    var lossless = false

    /// The photo's displayed size with the edit's turns.
    var displayedSize: PixelSize {
        orientation.followed(by: edit.userTransform).displayedSize(forStored: storedSize)
    }

    /// An editor of the photo holding this edit (no view): what a save of it cuts, as the open photo's would.
    var editor: EditorState {
        var editor = EditorState()
        editor.apply(.loadImage(storedSize: storedSize, orientation: orientation))
        if let focal35mm { editor.apply(.setLensFocalLength(focal35mm)) }
        editor.apply(.resume(edit, history: history))
        return editor
    }

    /// The crop, turns and straightening as a save takes them.
    func export(quality: Int) -> CropExport? {
        guard let geometry = editor.exportRequest else { return nil }
        var export = CropExport(geometry, quality: quality, lossless: lossless)
        // A lossless crop keeps its size.
        if !lossless { export.outputSize = exportSize }
        return export
    }
}
