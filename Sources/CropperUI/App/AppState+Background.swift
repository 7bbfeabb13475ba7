import EditorState
import Localization
import PhotoIO
import PhotoLibrary

/// Results of background work (decodes, saves, listings, thumbnails, the folder followed, Upright, the batch),
/// each routed to the part that owns what it changes.
extension AppState {
    /// Takes one result of background work; the name is the state log's event.
    mutating func receive(_ message: BackgroundMessage) -> String {
        switch message {
        case let .previewDecoded(generation, decoded):
            return take(session.previewArrived(decoded, generation: generation, in: arrivalContext))
        case let .fullDecoded(generation, bitmap):
            return take(session.fullDecoded(bitmap, generation: generation, in: photoContext))
        case let .fullRowsDecoded(generation, arriving):
            return session.fullRowsDecoded(arriving, generation: generation)
        case let .fullDecodeFailed(generation, reason):
            return take(session.fullDecodeFailed(reason, generation: generation))
        case .scaledCopy:
            return "scaledCopy"
        case let .clipboardRenderFailed(reason):
            return take(ClipboardOffer.renderFailed(reason))
        case let .loadFailed(generation, reason):
            return session.loadFailed(reason, generation: generation)
        case let .saveFinished(outcome):
            return take(saving.finish(outcome, in: saveContext))
        case let .saveProgress(percent):
            return saving.advanced(to: percent) ? "saveProgress" : "staleSaveProgress"
        case let .recentPhotosLoaded(photos):
            found.recentPhotos = photos
            return deliver(message, orName: "recentPhotosLoaded")
        case .thumbnailReady:
            return deliver(message, orName: "thumbnailReady")
        case .directoryListed:
            return deliver(message, orName: "staleListing")
        case let .folderChanged(folder):
            return take(batch.folderChanged(folder, in: batchContext))
        case let .folderListed(folder, photos):
            let name = take(session.followed(folder, photos: photos).answer)
            // The grid shows the list as it now is (and lets go of what left it).
            carryOut(stack.deliver(message, in: context).effects)
            return name
        case .previewPrefetched:
            return "previewPrefetched"
        case .previewPrefetchFailed:
            return "previewPrefetchFailed"
        case let .placesLoaded(places):
            found.places = places
            return "placesLoaded"
        case let .uprightEstimated(answer):
            return take(upright.answered(answer, session: session))
        case let .rulePlaced(placed): return take(batch.placed(placed, in: batchContext))
        case let .batchItemSaved(outcome): return take(batch.itemSaved(outcome, in: batchContext))
        case let .batchFinished(id, cancelled):
            let name = take(batch.finished(id, cancelled: cancelled))
            take(batch.listHeldFolderChange(in: batchContext))
            return name
        case let .animationFrameDecoded(generation, _):
            return animationFrameDecoded(generation: generation)
        case let .animationFrameFailed(generation, index, reason):
            return animationFrameFailed(generation: generation, index: index, reason: reason)
        }
    }

    private mutating func deliver(_ message: BackgroundMessage, orName name: String) -> String {
        let response = stack.deliver(message, in: context)
        carryOut(response.effects)
        return response.name ?? name
    }
}
