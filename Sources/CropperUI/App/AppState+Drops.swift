import Localization
import X11Platform

/// Photos dragged from a file manager: taken unless a question is up (`acceptsDrops`, which the runner hands the
/// platform after every event).
extension AppState {
    var acceptsDrops: Bool { !stack.hasModal }

    /// Files dropped: the local ones are looked at for photos (on disk, so by the runner); other URIs are left.
    mutating func droppedURIs(_ uriList: String) -> String {
        run(.findPhotos(among: URIList.localPaths(in: uriList).map(SavePaths.absolute)))
        return "droppedFiles"
    }

    /// The dropped photos arrived: the first opens, several become the list (asking first about unsaved edits).
    mutating func dropped(_ photos: [String]) -> String {
        guard let list = DocumentList.opening(photos) else {
            run(.finishDrop(accepted: false))
            showNotice(tr("Nothing to open there: Cropper opens JPEG, PNG, HEIC, AVIF, WebP, TIFF, JPEG XL and GIF photos"))
            return "dropHadNoPhotos"
        }
        run(.finishDrop(accepted: true))
        stack.remove(.numericEntry)
        stack.remove(.shortcuts)
        requestClose(.open(list))
        return "dropped"
    }
}
