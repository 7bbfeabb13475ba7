/// The list's folder changing on disk while many photos are saved: every file the batch writes changes it, so the
/// folder is listed again once, when the batch is done.
extension BatchState {
    /// The folder changed: listed again now, or held while a batch is being written.
    mutating func folderChanged(_ folder: String, in context: BatchContext) -> PartAnswer {
        guard folder == context.session.documents?.folder else { return PartAnswer(name: "staleFolder") }
        if isSaving {
            folderChangedDuringRun = true
            return PartAnswer(name: "folderChangeHeld")
        }
        return PartAnswer(name: "folderChanged", jobs: [.listFolderPhotos(folder)])
    }

    /// After a batch: the change held during it, listed now.
    mutating func listHeldFolderChange(in context: BatchContext) -> PartAnswer {
        guard !isSaving, folderChangedDuringRun else { return PartAnswer() }
        folderChangedDuringRun = false
        return PartAnswer(jobs: context.session.documents?.folder.map { [.listFolderPhotos($0)] } ?? [])
    }
}
