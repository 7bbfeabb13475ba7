import PhotoLibrary
import X11Platform

/// The open list's folder, followed: watched with inotify while the list is a folder, and listed in the
/// background when a photo opens on its own. Changes and listings come back through the wake-up pipe.
final class FolderFollower {
    private var watcher: FolderWatcher?

    /// Starts following `list`'s folder (none for a list given together). Stepping within a followed folder needs
    /// no new listing: the watcher keeps the list up to date.
    func follow(_ list: DocumentList, replyTo pipe: WakePipe<BackgroundMessage>) {
        guard let folder = list.folder else {
            watcher = nil
            return
        }
        let isNew = watcher?.folder != folder
        if isNew { watcher = FolderWatcher(folder: folder) { pipe.post(.folderChanged(folder: folder)) } }
        if isNew || list.count == 1 { BackgroundListing.folderPhotos(folder, replyTo: pipe) }
    }
}
