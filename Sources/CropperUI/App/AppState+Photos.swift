import EditorState
import Localization
import PhotoIO
import PhotoLibrary

/// Opening photos and what comes back from the background: decodes, listings, thumbnails, the folder followed.
extension AppState {
    mutating func load(path: String) {
        session.generation += 1
        session.document = Document(path: SavePaths.absolute(path), generation: session.generation)
        session.editor = freshEditor()
        session.lastSaved = nil
        showBanner(nil)
        closePanels()
        run(.openPhoto(path: SavePaths.absolute(path), generation: session.generation, fit: previewFit, editor: session.editor))
    }

    /// The display's profile changed: the photo is decoded again for it, the edits kept; thumbnails follow.
    mutating func displayProfileChanged(to profile: DisplayProfile) -> String {
        guard profile != displayProfile else { return "displayProfileUnchanged" }
        displayProfile = profile
        run(.displayProfileForThumbnails(profile))
        guard let document = session.document, document.loadError == nil else { return "displayProfileChanged" }
        session.generation += 1
        session.document?.generation = session.generation
        session.document?.keepsEdits = true
        run(.redecode(path: document.path, generation: session.generation, fit: previewFit, editor: session.editor))
        return "displayProfileChanged"
    }

    /// The size previews are decoded for: the canvas the photo is fitted into.
    var previewFit: PreviewPrefetcher.Fit { PreviewPrefetcher.Fit(session.editor, display: displayProfile) }

    /// Takes one result of background work; the name is the state log's event.
    mutating func receive(_ message: BackgroundMessage) -> String {
        switch message {
        case let .previewDecoded(generation, decoded):
            return previewDecoded(decoded, generation: generation)
        case let .fullDecoded(generation, bitmap):
            guard generation == session.document?.generation else { return "staleImage" }
            session.document?.full = bitmap
            decodeNeighboursAhead()
            return "fullResolutionLoaded"
        case let .fullDecodeFailed(generation, reason):
            guard generation == session.document?.generation else { return "staleImage" }
            session.document?.fullDecodeError = reason
            showBanner(tr("Only the preview can be shown: the full-resolution decode failed (%s)", reason))
            return "fullDecodeFailed"
        case .scaledCopy:
            return "scaledCopy"
        case let .clipboardRenderFailed(reason):
            showNotice(tr("Could not copy the crop: %s", reason))
            return "clipboardRenderFailed"
        case let .loadFailed(generation, reason):
            guard generation == session.document?.generation else { return "staleImage" }
            session.document?.loadError = reason
            return "loadFailed"
        case let .saveFinished(outcome):
            return finishSave(outcome)
        case let .recentPhotosLoaded(photos):
            session.recentPhotos = photos
            return deliver(message, orName: "recentPhotosLoaded")
        case .thumbnailReady:
            return deliver(message, orName: "thumbnailReady")
        case .directoryListed:
            return deliver(message, orName: "staleListing")
        case let .folderChanged(folder):
            guard folder == session.documents?.folder else { return "staleFolder" }
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
            session.places = places
            return "placesLoaded"
        case let .levelEstimated(generation, orientation, degrees, milliseconds):
            session.autoLevelMilliseconds = milliseconds
            // A different photo or turn since the estimate was asked for makes it stale.
            guard generation == session.document?.generation, orientation == session.editor.displayOrientation else {
                return "staleLevel"
            }
            guard let degrees else {
                showNotice(tr("No long straight edges to level by; the angle is unchanged"))
                return "autoLevelUnsure"
            }
            apply(.setStraighten(StraightenAngle(degrees: degrees)))
            return "autoLevel"
        case let .animationFrameDecoded(generation, _):
            return animationFrameDecoded(generation: generation)
        case let .animationFrameFailed(generation, index, reason):
            return animationFrameFailed(generation: generation, index: index, reason: reason)
        }
    }

    private mutating func previewDecoded(_ decoded: DecodedPreview, generation: Int) -> String {
        guard generation == session.document?.generation else { return "staleImage" }
        let bitmap = decoded.bitmap, isFull = decoded.isFullResolution
        if decoded.isStandIn {
            guard session.document?.decodedSources.isEmpty == true else { return "staleStandIn" }
            session.document?.standIn = bitmap
            guard session.document?.keepsEdits != true else { return "standInShown" }
            opened(decoded)
            return "standInShown"
        }
        if session.document?.standIn != nil {
            // The photo replaces its stand-in under the edits made meanwhile.
            session.document?.standIn = nil
            session.document?.facts = PhotoFacts(decoded)
            if isFull { session.document?.full = bitmap } else { session.document?.preview = bitmap }
            if let copyAtFit = decoded.copyAtFit { run(.seedDisplayCopy(copyAtFit)) }
            if let document = session.document {
                run(.adoptCopyMadeAhead(document.displaySources, orientation: session.editor.displayOrientation,
                                        frame: session.editor.viewport.contentFrame))
            }
            if let damage = decoded.damage { showBanner(DamagedRegion(damage, orientation: decoded.orientation).summary) }
            if isFull { decodeNeighboursAhead() }
            return "imageLoaded"
        }
        if session.document?.keepsEdits == true {
            session.document?.keepsEdits = false
            session.document?.full = nil
            if isFull { session.document?.full = bitmap } else { session.document?.preview = bitmap }
            // Its frames again, for the new display; playing goes on where it is.
            startAnimation(decoded)
            return "imageRedecoded"
        }
        opened(decoded)
        if let copyAtFit = decoded.copyAtFit { run(.seedDisplayCopy(copyAtFit)) }
        if isFull { session.document?.full = bitmap } else { session.document?.preview = bitmap }
        session.document?.previewWasDecodedEarly = decoded.decodedEarly
        startAnimation(decoded)
        if let document = session.document {
            run(.adoptCopyMadeAhead(document.displaySources, orientation: session.editor.displayOrientation,
                                    frame: session.editor.viewport.contentFrame))
        }
        if let damage = decoded.damage {
            showBanner(DamagedRegion(damage, orientation: decoded.orientation).summary)
        }
        if isFull { decodeNeighboursAhead() }
        return "imageLoaded"
    }

    /// What the first pixels of a photo (its own, or its stand-in's) tell the editor and the window.
    private mutating func opened(_ decoded: DecodedPreview) {
        apply(.loadImage(storedSize: decoded.storedSize, orientation: decoded.orientation))
        apply(.setLosslessSupport(decoded.lossless))
        apply(.setLensFocalLength(decoded.focal35mm))
        if let notice = decoded.colourNotice { showNotice(notice) }
        session.document?.facts = PhotoFacts(decoded)
        if let path = session.document?.path, path != session.samplePath {
            // The folder of a photo the user opened is where the Open dialog starts next time.
            settings.lastFolder = PathNames.folder(of: path)
            run(.recordRecent(path, format: decoded.format))
        }
    }

    /// A fresh listing of the list's folder: the list follows it; the open photo keeps its place.
    mutating func followFolder(_ folder: String, photos: [String]?) -> String {
        guard let list = session.documents, list.folder == folder else { return "staleFolder" }
        guard let photos else { return "folderUnreadable" }
        let followed = list.following(photos)
        session.documents = followed
        if followed.currentIsGone && !list.currentIsGone {
            let name = PathNames.shown(PathNames.name(of: followed.current))
            showBanner(tr("%s was deleted or moved by another program. It stays on screen until you go to "
                + "another photo; it can no longer be saved from here.", name))
            return "currentPhotoGone"
        }
        if list.currentIsGone && !followed.currentIsGone { showBanner(nil) }
        return "folderListed"
    }

    /// Once the open photo is in, its neighbours in the list are decoded ahead.
    private mutating func decodeNeighboursAhead() {
        guard let list = session.documents else { return }
        run(.prefetchNeighbours(of: list, fit: previewFit, editor: freshEditor()))
    }

    private mutating func deliver(_ message: BackgroundMessage, orName name: String) -> String {
        let response = stack.deliver(message, in: context)
        carryOut(response.effects)
        return response.name ?? name
    }
}
