import CX11
import EditorState
import Foundation
import Localization
import PhotoIO
import PhotoLibrary

/// Work that leaves the event loop and what comes back: decoding a photo, saving a crop, dropped files, and the
/// panels' listings and thumbnails.
extension WindowShell {
    // MARK: Opening a photo

    func load(path: String) {
        session.generation += 1
        session.document = Document(path: SavePaths.absolute(path), generation: session.generation)
        services.imageCache.invalidate()
        session.editor = freshEditor()
        session.lastSaved = nil
        stack.modify(ChromeComponent.self) { $0.showBanner(nil) }
        closePanels()
        let fit = previewFit
        let prefetched = services.prefetcher.take(SavePaths.absolute(path), fit: fit)
        session.document?.previewWasDecodedAhead = prefetched != nil
        services.imageCache.seed(prefetched?.copyAtFit)
        decodePixels(of: path, prefetched: prefetched)
    }

    private func decodePixels(of path: String, prefetched: DecodedPreview? = nil) {
        let fit = previewFit
        // The photo the window was started with may be decoding already; only the first load can use it.
        let early = services.earlyDecode
        services.earlyDecode = nil
        ImageLoader.load(path: path, generation: session.generation, fitWidth: fit.width, fitHeight: fit.height,
                         display: services.displayProfile, opened: session.editor, prefetched: prefetched,
                         early: early, replyTo: services.wakePipe)
    }

    /// The display's profile changed: the photo is decoded again for it, the edits kept; thumbnails follow.
    func displayProfileChanged() {
        let profile = services.displayWatch.read(on: window.display)
        guard profile != services.displayProfile else { return }
        services.displayProfile = profile
        services.thumbnails.displayProfileChanged(profile)
        guard let document = session.document, document.loadError == nil else { return }
        session.generation += 1
        let generation = session.generation
        session.document?.generation = generation
        session.document?.keepsEdits = true
        services.imageCache.invalidate()
        decodePixels(of: document.path)
        log(changing { "displayProfileChanged" })
    }

    /// An editor with nothing loaded, fitted to this window: its canvas, its interface scale (handle reach and the
    /// padding round the photo grow with it) and the user's settings.
    func freshEditor() -> EditorState {
        Self.freshEditor(layout: layout, settings: services.settings.settings)
    }

    static func freshEditor(layout: WindowLayout, settings: Settings) -> EditorState {
        var fresh = EditorState()
        let inset = Viewport.defaultInset
        let scale = layout.scale
        fresh.apply(.setInterfaceScale(scale))
        fresh.apply(.setContentInset(EdgeInsets(top: inset.top * scale, left: inset.left * scale,
                                                bottom: inset.bottom * scale, right: inset.right * scale)))
        fresh.apply(.resizeView(Size(width: layout.deviceCanvas.width, height: layout.deviceCanvas.height)))
        fresh.apply(.setRecentersAfterDrag(settings.recentersAfterDrag))
        fresh.apply(.setAspectForNewPhotos(settings.aspect))
        fresh.apply(.setLossless(settings.lossless))
        return fresh
    }

    /// The photo on screen is drawn from its finished scaled copy (or needs none): what a settled frame shows.
    var photoIsSharp: Bool {
        guard let document = session.document, document.bitmap != nil, session.editor.imageSize != nil else { return false }
        return services.imageCache.isSharp(document.displaySources, orientation: session.editor.displayOrientation,
                                           frame: session.editor.viewport.contentFrame)
    }

    /// Takes one result of background work; the name is the state log's event.
    func receive(_ message: BackgroundMessage) -> String {
        switch message {
        case let .previewDecoded(generation, decoded):
            guard generation == session.document?.generation else { return "staleImage" }
            let bitmap = decoded.bitmap, isFull = decoded.isFullResolution
            if session.document?.keepsEdits == true {
                session.document?.keepsEdits = false
                session.document?.full = nil
                if isFull { session.document?.full = bitmap } else { session.document?.preview = bitmap }
                return "imageRedecoded"
            }
            apply(.loadImage(storedSize: decoded.storedSize, orientation: decoded.orientation))
            apply(.setLosslessSupport(decoded.lossless))
            if let copyAtFit = decoded.copyAtFit { services.imageCache.seed(copyAtFit) }
            if let notice = decoded.colourNotice { showNotice(notice) }
            if isFull { session.document?.full = bitmap } else { session.document?.preview = bitmap }
            session.document?.previewWasDecodedEarly = decoded.decodedEarly
            if let document = session.document {
                services.imageCache.adoptCopyMadeAhead(document.displaySources, orientation: session.editor.displayOrientation,
                                                       frame: session.editor.viewport.contentFrame)
            }
            session.document?.damage = decoded.damage
            if let damage = decoded.damage {
                stack.modify(ChromeComponent.self) {
                    $0.showBanner(DamagedRegion(damage, orientation: decoded.orientation).summary)
                }
            }
            if let path = session.document?.path, path != session.samplePath {
                rememberFolder(of: path)
                services.recentFiles.record(path, format: decoded.format)
            }
            if isFull { decodeNeighboursAhead() }
            return "imageLoaded"
        case let .fullDecoded(generation, bitmap):
            guard generation == session.document?.generation else { return "staleImage" }
            session.document?.full = bitmap
            decodeNeighboursAhead()
            return "fullResolutionLoaded"
        case let .scaledCopy(copy):
            services.imageCache.accept(copy)
            return "scaledCopy"
        case let .clipboardRendered(render):
            services.clipboard.receive(render)
            if case let .failure(failure) = render.result { showNotice(tr("Could not copy the crop: %s", failure.reason)) }
            return "clipboardRendered"
        case let .loadFailed(generation, reason):
            guard generation == session.document?.generation else { return "staleImage" }
            session.document?.loadError = reason
            return "loadFailed"
        case let .saveFinished(outcome):
            return finishSave(outcome)
        case let .recentPhotosLoaded(photos):
            session.recentPhotos = photos
            for photo in photos { services.thumbnails.noteModified(photo.path, seconds: photo.modified.seconds) }
            return deliver(message, orName: "recentPhotosLoaded")
        case let .thumbnailReady(result):
            guard services.thumbnails.receive(result) else { return "staleThumbnail" }
            return deliver(message, orName: "thumbnailReady")
        case let .directoryListed(listing):
            if case let .success(entries) = listing.result {
                for entry in entries where entry.isImage {
                    services.thumbnails.noteModified(listing.path == "/" ? "/" + entry.name : listing.path + "/" + entry.name,
                                                     seconds: entry.modified)
                }
            }
            return deliver(message, orName: "staleListing")
        case let .folderChanged(folder):
            guard folder == session.documents?.folder else { return "staleFolder" }
            BackgroundListing.folderPhotos(folder, replyTo: services.wakePipe)
            return "folderChanged"
        case let .folderListed(folder, photos):
            return followFolder(folder, photos: photos)
        case let .previewPrefetched(prefetched):
            services.prefetcher.accept(prefetched, replyTo: services.wakePipe)
            return "previewPrefetched"
        case let .previewPrefetchFailed(path):
            services.prefetcher.failed(path, replyTo: services.wakePipe)
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
        }
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
                $0.showBanner(tr("%s was deleted or moved by another program. It stays on screen until you go to "
                    + "another photo; it can no longer be saved from here.", name))
            }
            return "currentPhotoGone"
        }
        if list.currentIsGone && !followed.currentIsGone {
            stack.modify(ChromeComponent.self) { $0.showBanner(nil) }
        }
        return "folderListed"
    }

    /// The size previews are decoded for: the canvas the photo is fitted into.
    private var previewFit: PreviewPrefetcher.Fit { PreviewPrefetcher.Fit(session.editor, display: services.displayProfile) }

    /// Once the open photo is in, its neighbours in the list are decoded ahead.
    private func decodeNeighboursAhead() {
        guard let list = session.documents else { return }
        services.prefetcher.wantNeighbours(of: list, fit: previewFit, freshEditor: freshEditor(), replyTo: services.wakePipe)
    }

    private func deliver(_ message: BackgroundMessage, orName name: String) -> String {
        let response = stack.deliver(message, in: context)
        carryOut(response.effects)
        return response.name ?? name
    }

    // MARK: Saving

    func saveBesideSource() {
        guard let document = session.document else { return }
        save(to: OutputName.firstFree(document.path, format: PhotoFormat(contentsOf: document.path)), pickFreeName: true)
    }

    /// `allowDamaged`: the user chose "Save anyway" for a box that reaches into a damaged photo's unreadable part.
    func save(to destination: String, pickFreeName: Bool, overwrite: Bool = false, allowDamaged: Bool = false,
              inPlace: Bool = false) {
        guard session.saving == nil, let document = session.document, let geometry = session.editor.exportRequest else { return }
        let lossless = session.editor.isLossless
        session.saving = SaveJob(generation: document.generation, edit: session.editor.edit, destination: destination,
                                 pickFreeName: pickFreeName, overwrite: overwrite, lossless: lossless)
        stack.modify(ChromeComponent.self) { $0.showBanner(nil) }
        // Lossless goes the command line's `--lossless` way: the same blocks, the same metadata policy.
        var export = CropExport(geometry, quality: services.settings.settings.jpegQuality, lossless: lossless,
                                allowDamaged: allowDamaged)
        if !lossless {
            export.outputSize = services.settings.settings.exportSize
            session.saving?.exportSize = export.outputSize?.label
        }
        var request = SaveRequest(sourcePath: document.path, destination: destination, export: export,
                                  pickFreeName: pickFreeName, overwrite: overwrite)
        if inPlace {
            session.saving?.inPlace = true
            request.inPlace = Trash(environment: services.library)
        }
        PhotoWriter.write(request, generation: document.generation, replyTo: services.wakePipe)
    }

    /// The first time, the question says what will happen; after that the save goes ahead.
    func askToReplaceOriginal() {
        guard Command.saveOverOriginal.availability(context.commandFacts).isAvailable, let document = session.document else {
            if session.documents?.currentIsGone == true {
                showNotice(tr("Cannot save over it: %s", tr("the photo is no longer in its folder")))
            }
            return
        }
        guard services.settings.settings.replaceConfirmed else {
            stack.remove(.numericEntry)
            stack.push(ReplaceOriginalComponent(fileName: PathNames.shown(document.name),
                                                exportSize: services.settings.settings.exportSize?.label))
            return
        }
        saveOverOriginal()
    }

    /// Replaces the photo; from now on Save does this (until "Save beside the photo" is chosen).
    func saveOverOriginal() {
        guard let document = session.document else { return }
        rememberSaveMode(.overOriginal)
        save(to: document.path, pickFreeName: false, inPlace: true)
    }

    /// The photo on disk is now the crop: it opens again, so what is shown is what was saved.
    func finishReplacing(_ path: String, generation: Int, exportSize: String?, continuation: ClosePurpose?) -> String {
        services.recentFiles.record(path, format: nil)
        let name = PathNames.shown(PathNames.name(of: path))
        showNotice(exportSize.map { tr("Replaced %1$s with the crop at %2$s — the original is in the Trash", name, $0) }
            ?? tr("Replaced %s with the crop — the original is in the Trash", name))
        if let continuation {
            proceed(with: continuation)
        } else if generation == session.document?.generation, !session.editor.isDirty {
            load(path: path)
        }
        return "replaced"
    }

    func rememberSaveMode(_ mode: SaveMode) {
        guard services.settings.settings.saveMode != mode else { return }
        services.settings.update(now: services.clock()) { $0.saveMode = mode }
    }

    func finishSave(_ outcome: SaveOutcome) -> String {
        let job = session.saving
        session.saving = nil
        let continuation = session.afterSave
        session.afterSave = nil
        switch outcome.result {
        case let .success(savedCrop):
            let path = savedCrop.path
            services.thumbnails.forget(path)
            if outcome.generation == session.document?.generation {
                session.lastSaved = path
                if session.editor.edit == job?.edit { apply(.markSaved) }
            }
            if job?.inPlace == true { return finishReplacing(path, generation: outcome.generation, exportSize: job?.exportSize,
                                                                    continuation: continuation) }
            let saved = job?.lossless == true ? tr("Saved losslessly to %s", path)
                : job?.exportSize.map { tr("Saved to %1$s at %2$s", path, $0) } ?? tr("Saved to %s", path)
            showNotice(saved + (savedCrop.damageNote.map { " — " + $0 } ?? ""))
            services.recentFiles.record(path, format: nil)
            if let continuation { proceed(with: continuation) }
            return "saved"
        case let .failure(failure):
            if let region = failure.reachesDamage, let job {
                stack.remove(.numericEntry)
                stack.push(DamagedSaveComponent(question: DamagedSaveQuestion(region: region),
                                                retry: SaveRetry(destination: job.destination,
                                                                 pickFreeName: job.pickFreeName, overwrite: job.overwrite)))
                return "saveReachesDamage"
            }
            let name = PathNames.shown(PathNames.name(of: failure.destination))
            stack.modify(ChromeComponent.self) {
                $0.showBanner(tr("Could not save %1$s: %2$s. Your edits are still here.", name, failure.reason))
            }
            return "saveFailed"
        }
    }

    // MARK: Drag and drop

    /// Photos dragged from a file manager: taken unless a question is up.
    func dragMessage(_ message: XdndMessage) -> String {
        guard let event = services.dropTarget.handle(message, canAccept: !stack.hasModal) else { return "dragIgnored" }
        switch event {
        case let .hovering(accepting): session.dropHovering = accepting
        case .ended, .fetching: session.dropHovering = false
        }
        switch message {
        case .enter: return "dragEnter"
        case .position: return "dragPosition"
        case .leave: return "dragLeave"
        case .drop: return event == .fetching ? "drop" : "dropRefused"
        }
    }

    /// The dropped list arrived: the first photo opens, several become the list.
    func dropDataArrived(selection: Atom, property: Atom) -> String {
        guard let text = services.dropTarget.dataArrived(selection: selection, property: property) else { return "selection" }
        let photos = URIList.localPaths(in: text).map(SavePaths.absolute).filter(SavePaths.isPhotoFile)
        guard let list = DocumentList.opening(photos) else {
            services.dropTarget.finish(accepted: false)
            showNotice(tr("Nothing to open there: Cropper opens JPEG, PNG, HEIC, AVIF, WebP, TIFF, JPEG XL and GIF photos"))
            return "dropHadNoPhotos"
        }
        services.dropTarget.finish(accepted: true)
        stack.remove(.numericEntry)
        stack.remove(.shortcuts)
        requestClose(.open(list))
        return "dropped"
    }
}
