import Localization

/// What the drop rules read of the other parts: whether a question is up (it takes no drops).
struct DropContext {
    let questionIsUp: Bool
}

/// Photos dragged from a file manager and dropped on the window: which are taken, and what opens. The hover
/// while a drag passes over is the chrome's (`WindowChrome.dragged`).
enum Dropping {
    /// Drops are taken unless a question is up; the runner hands this to the platform after every event.
    static func accepts(in context: DropContext) -> Bool { !context.questionIsUp }

    /// Files dropped: the local ones are looked at for photos (on disk, so by the runner); other URIs are left.
    static func dropped(uriList: String) -> PartAnswer {
        PartAnswer(name: "droppedFiles", jobs: [.findPhotos(among: URIList.localPaths(in: uriList).map(SavePaths.absolute))])
    }

    /// The dropped photos found: the first opens, several become the list (asking first about unsaved edits);
    /// the numbers panel and the shortcut sheet close. None: the drop is refused and the notice says what opens.
    static func found(_ photos: [String]) -> PartAnswer {
        guard let list = DocumentList.opening(photos) else {
            return PartAnswer(name: "dropHadNoPhotos",
                              notice: tr("Nothing to open there: Cropper opens JPEG, PNG, HEIC, AVIF, WebP, TIFF, JPEG XL and GIF photos"),
                              jobs: [.finishDrop(accepted: false)])
        }
        return PartAnswer(name: "dropped", jobs: [.finishDrop(accepted: true)], closes: [.numericEntry, .shortcuts],
                          leave: .open(list))
    }
}
