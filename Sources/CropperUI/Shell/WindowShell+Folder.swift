import PhotoIO
import PhotoLibrary

/// The open photo's folder as the list: listed in the background when a photo opens on its own, watched with
/// inotify so photos added or removed from outside come and go, and a clear word when the open one goes.
extension WindowShell {
    /// Starts following the list's folder (none for a list given together). Stepping within a followed folder
    /// needs no new listing: the watcher keeps the list up to date.
    func follow(_ list: DocumentList) {
        guard let folder = list.folder else {
            session.folderWatcher = nil
            return
        }
        let pipe = services.wakePipe
        let isNew = session.folderWatcher?.folder != folder
        if isNew {
            session.folderWatcher = FolderWatcher(folder: folder) { pipe.post(.folderChanged(folder: folder)) }
        }
        if isNew || list.count == 1 { BackgroundListing.folderPhotos(folder, replyTo: pipe) }
    }

    /// A fresh listing of the list's folder: the list follows it; the open photo keeps its place.
    func followFolder(_ folder: String, photos: [String]?) -> String {
        guard let list = session.documents, list.folder == folder else { return "staleFolder" }
        guard let photos else { return "folderUnreadable" }
        let followed = list.following(photos)
        session.documents = followed
        if followed.currentIsGone && !list.currentIsGone {
            let name = PathNames.shown(PathNames.name(of: followed.current))
            stack.modify(ChromeComponent.self) {
                $0.showBanner("\(name) was deleted or moved by another program. It stays on screen until you go to "
                    + "another photo; it can no longer be saved from here.")
            }
            return "currentPhotoGone"
        }
        if list.currentIsGone && !followed.currentIsGone {
            stack.modify(ChromeComponent.self) { $0.showBanner(nil) }
        }
        return "folderListed"
    }

    /// The size previews are decoded for: the canvas the photo is fitted into.
    var previewFit: PreviewPrefetcher.Fit {
        let fit = session.editor.viewport.availableSize
        return PreviewPrefetcher.Fit(width: max(1, Int(fit.width.rounded(.up))), height: max(1, Int(fit.height.rounded(.up))),
                                     display: services.displayProfile)
    }

    /// Once the open photo is in, the next and the previous photo's previews are decoded ahead (the next first:
    /// people mostly walk forward).
    func prefetchNeighbours() {
        guard let list = session.documents else { return }
        let neighbours = [list.index + 1, list.index - 1].filter { list.paths.indices.contains($0) }.map { list.paths[$0] }
        services.prefetcher.want(neighbours, fit: previewFit, freshEditor: freshEditor(), replyTo: services.wakePipe)
    }

    /// Home / End: the first or last photo of the list, asking first about unsaved edits.
    func goToEnd(_ atEnd: Bool) {
        guard let target = session.documents?.end(atEnd) else { return }
        requestClose(.open(target))
    }
}
