import Foundation
import PhotoLibrary
import X11Platform

/// Work that reads the disk and must not hold up the event loop: finding the recent photos, listing a folder,
/// reading the dialog's places. Each runs on a thread of its own and answers through the wake-up pipe.
enum BackgroundListing {
    static func recentPhotos(environment: XDGEnvironment, replyTo pipe: WakePipe<BackgroundMessage>) {
        start(name: "cropper.recent") {
            pipe.post(.recentPhotosLoaded(RecentPhotos.load(environment: environment)))
        }
    }

    static func directory(_ path: String, generation: Int, replyTo pipe: WakePipe<BackgroundMessage>) {
        start(name: "cropper.listing") {
            pipe.post(.directoryListed(DirectoryListing.read(path, generation: generation)))
        }
    }

    /// The photos of the open photo's folder, in natural order: none when the folder is gone, nil when it cannot
    /// be listed (a folder one may enter but not read): the list then stays as it is.
    static func folderPhotos(_ folder: String, replyTo pipe: WakePipe<BackgroundMessage>) {
        start(name: "cropper.folder") {
            switch FolderPhotos.list(folder) {
            case let .success(photos): pipe.post(.folderListed(folder: folder, photos: photos))
            case let .failure(error):
                pipe.post(.folderListed(folder: folder, photos: error.code == ENOENT || error.code == ENOTDIR ? [] : nil))
            }
        }
    }

    static func places(environment: XDGEnvironment, replyTo pipe: WakePipe<BackgroundMessage>) {
        start(name: "cropper.places") {
            pipe.post(.placesLoaded(PlacesColumn.load(environment: environment)))
        }
    }

    private static func start(name: String, _ work: @escaping @Sendable () -> Void) {
        let thread = Thread(block: work)
        thread.name = name
        thread.start()
    }
}
