import EditorState
import Localization
import PhotoIO
import PhotoLibrary

/// Opening photos and what comes back from the background: decodes, listings, thumbnails, the folder followed.
extension AppState {
    /// `keepingPanels`: the open photo was replaced on disk while the grid is up (a batch saving over originals),
    /// and opens again under it.
    mutating func load(path: String, keepingPanels: Bool = false) {
        let generation = session.open(SavePaths.absolute(path), editor: freshEditor())
        saving.photoChanged()
        showBanner(nil)
        if !keepingPanels { carryOut(stack.closePanels()) }
        run(.openPhoto(path: SavePaths.absolute(path), generation: generation, fit: previewFit, editor: session.editor))
    }

    /// The display's profile changed: the photo is decoded again for it, the edits kept; thumbnails follow.
    mutating func displayProfileChanged(to profile: DisplayProfile) -> String {
        guard profile != displayProfile else { return "displayProfileUnchanged" }
        displayProfile = profile
        run(.displayProfileForThumbnails(profile))
        if let job = session.redecodeJob(photoContext) { run(job) }
        return "displayProfileChanged"
    }

    /// What the photos' rules read of the other parts.
    var photoContext: PhotoContext { PhotoContext(display: displayProfile, freshEditor: freshEditor()) }

    /// The size previews are decoded for: the canvas the photo is fitted into.
    var previewFit: PreviewPrefetcher.Fit { session.previewFit(photoContext) }

    /// Takes one result of background work; the name is the state log's event.
    mutating func receive(_ message: BackgroundMessage) -> String {
        switch message {
        case let .previewDecoded(generation, decoded):
            return previewDecoded(decoded, generation: generation)
        case let .fullDecoded(generation, bitmap):
            return take(session.fullDecoded(bitmap, generation: generation, in: photoContext))
        case let .fullRowsDecoded(generation, arriving):
            return session.fullRowsDecoded(arriving, generation: generation)
        case let .fullDecodeFailed(generation, reason):
            return take(session.fullDecodeFailed(reason, generation: generation))
        case .scaledCopy:
            return "scaledCopy"
        case let .clipboardRenderFailed(reason):
            showNotice(tr("Could not copy the crop: %s", reason))
            return "clipboardRenderFailed"
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
            guard folder == session.documents?.folder else { return "staleFolder" }
            if batch.isSaving {
                batch.folderChangedDuringRun = true
                return "folderChangeHeld"
            }
            run(.listFolderPhotos(folder))
            return "folderChanged"
        case let .folderListed(folder, photos):
            let name = followFolder(folder, photos: photos)
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
            if !batch.isSaving, batch.folderChangedDuringRun {
                batch.folderChangedDuringRun = false
                if let folder = session.documents?.folder { run(.listFolderPhotos(folder)) }
            }
            return name
        case let .animationFrameDecoded(generation, _):
            return animationFrameDecoded(generation: generation)
        case let .animationFrameFailed(generation, index, reason):
            return animationFrameFailed(generation: generation, index: index, reason: reason)
        }
    }

    /// The document keeps the pixels (`Document.take`); what they were decides what the editor and the window do.
    private mutating func previewDecoded(_ decoded: DecodedPreview, generation: Int) -> String {
        guard session.isCurrent(generation), let arrival = session.document?.take(decoded) else { return "staleImage" }
        switch arrival {
        case .staleStandIn, .standIn(first: false):
            break
        case .redecoded:
            // Its frames again, for the new display; playing goes on where it is.
            startAnimation(decoded)
        case .standIn(first: true):
            opened(decoded)
        case .first:
            opened(decoded)
            showDecoded(decoded)
            startAnimation(decoded)
        case .replacedStandIn:
            showDecoded(decoded)
            startAnimation(decoded)
        }
        return arrival.name
    }

    /// The display copies made with the decode, the damage it found, and the neighbours once the full photo is in.
    private mutating func showDecoded(_ decoded: DecodedPreview) {
        if let copyAtFit = decoded.copyAtFit { run(.seedDisplayCopy(copyAtFit)) }
        if let document = session.document {
            run(.adoptCopyMadeAhead(document.displaySources, orientation: session.editor.displayOrientation,
                                    frame: session.editor.viewport.contentFrame))
        }
        if let damage = decoded.damage { showBanner(DamagedRegion(damage, orientation: decoded.orientation).summary) }
        if decoded.isFullResolution { run(session.neighboursAhead(photoContext)) }
    }

    /// What the first pixels of a photo (its own, or its stand-in's) tell the editor and the window.
    private mutating func opened(_ decoded: DecodedPreview) {
        apply(.loadImage(storedSize: decoded.storedSize, orientation: decoded.orientation))
        apply(.setLosslessSupport(decoded.lossless))
        apply(.setLensFocalLength(decoded.focal35mm))
        if let path = session.document?.path, let resumed = batch.resumeKeptEdit(of: path, storedSize: session.editor.storedSize) {
            apply(resumed)
        }
        if let notice = decoded.colourNotice { showNotice(notice) }
        if let path = session.document?.path, path != configuration.samplePath {
            // The folder of a photo the user opened is where the Open dialog starts next time.
            settings.lastFolder = PathNames.folder(of: path)
            run(.recordRecent(path, format: decoded.format))
        }
    }

    /// A fresh listing of the list's folder: the list follows it, and photos that left it take their kept crops
    /// with them.
    mutating func followFolder(_ folder: String, photos: [String]?) -> String {
        let (following, answer) = session.followed(folder, photos: photos)
        if let list = session.documents, following != .stale { batch.keepOnly(list.paths) }
        return take(answer)
    }

    private mutating func deliver(_ message: BackgroundMessage, orName name: String) -> String {
        let response = stack.deliver(message, in: context)
        carryOut(response.effects)
        return response.name ?? name
    }
}
