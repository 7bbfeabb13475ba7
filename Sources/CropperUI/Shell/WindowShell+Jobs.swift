import EditorState
import PhotoIO
import PhotoLibrary
import X11Platform

/// The runner: carries out the jobs the app state answers — threads, the disk, the clipboard, X. It decides
/// nothing; what a job learns comes back as an `AppEvent` (at once, or through the wake-up pipe).
extension WindowShell {
    func carryOut(_ job: Job) {
        let pipe = services.wakePipe
        switch job {
        case let .openPhoto(path, generation, fit, editor):
            services.imageCache.invalidate()
            services.animationFrames.close()
            let prefetched = services.prefetcher.take(path, fit: fit)
            services.imageCache.seed(prefetched?.copyAtFit)
            decode(path, generation: generation, fit: fit, editor: editor, prefetched: prefetched)
            update(with: .photoOpening(generation: generation, decodedAhead: prefetched != nil))
        case let .redecode(path, generation, fit, editor):
            services.imageCache.invalidate()
            services.animationFrames.close()
            decode(path, generation: generation, fit: fit, editor: editor, prefetched: nil)
        case let .seedDisplayCopy(copy): services.imageCache.seed(copy)
        case let .playAnimation(source, frames, generation, display):
            services.animationFrames.open(source, frames: frames, generation: generation, display: display)
        case let .showAnimationFrame(index, generation): services.animationFrames.show(index, generation: generation)
        case let .adoptCopyMadeAhead(sources, orientation, frame):
            services.imageCache.adoptCopyMadeAhead(sources, orientation: orientation, frame: frame)
        case let .replaceDisplaySource(old, new): services.imageCache.replaceSource(old, with: new)
        case let .prefetchNeighbours(list, fit, editor):
            services.prefetcher.wantNeighbours(of: list, fit: fit, freshEditor: editor, replyTo: pipe)
        case let .save(request, _): PhotoWriter.write(services.thumbnails.writingThumbnail(request), replyTo: pipe)
        case let .followFolder(list): services.folders.follow(list, replyTo: pipe)
        case let .listFolderPhotos(folder): BackgroundListing.folderPhotos(folder, replyTo: pipe)
        case let .listDirectory(path, generation): BackgroundListing.directory(path, generation: generation, replyTo: pipe)
        case .listPlaces: BackgroundListing.places(environment: services.library, replyTo: pipe)
        case .listRecentPhotos: BackgroundListing.recentPhotos(environment: services.library, replyTo: pipe)
        case let .wantThumbnails(wanted): services.thumbnails.want(wanted)
        case let .forgetThumbnail(path): services.thumbnails.forget(path)
        case let .displayProfileForThumbnails(profile): services.thumbnails.displayProfileChanged(profile)
        case let .recordRecent(path, format): services.recentFiles.record(path, format: format)
        case let .estimateUpright(document, request): UprightJob.start(request, on: document, replyTo: pipe)
        case let .ownText(selection, text): window.clipboard.own(selection, text: text)
        case let .offerCrop(crop):
            let taken = window.clipboard.own(rendered: crop.offer(replyTo: pipe))
            update(with: .cropOffered(crop, taken: taken))
        case let .requestPaste(selection): window.clipboard.requestText(from: selection)
        case let .findPhotos(paths): update(with: .dropped(photos: paths.filter(SavePaths.isPhotoFile)))
        case let .finishDrop(accepted): window.finishDrop(accepted: accepted)
        case let .setWindowState(name, on): window.setWindowState(name, on: on)
        case let .applyRule(rule, paths, application):
            RuleApplier.start(rule, on: paths, application: application, replyTo: pipe)
        case let .saveBatch(requests, batch):
            services.batches.start(requests.map(services.thumbnails.writingThumbnail), batch: batch, replyTo: pipe)
        case let .cancelBatch(batch): services.batches.cancel(batch)
        case .quit: stop()
        }
    }

    private func decode(_ path: String, generation: Int, fit: PreviewPrefetcher.Fit, editor: EditorState,
                        prefetched: DecodedPreview?) {
        // The photo the window was started with may be decoding already; only the first load can use it.
        let early = services.earlyDecode
        services.earlyDecode = nil
        ImageLoader.load(path: path, generation: generation, fitWidth: fit.width, fitHeight: fit.height,
                         display: fit.display, opened: editor, prefetched: prefetched, early: early,
                         replyTo: services.wakePipe)
    }

    /// The photo on screen is drawn from its finished scaled copy (or needs none): what a settled frame shows. An
    /// embedded thumbnail standing in for the photo is never sharp.
    var photoIsSharp: Bool {
        guard let document = session.document, !document.decodedSources.isEmpty, session.editor.imageSize != nil else {
            return false
        }
        return services.imageCache.isSharp(document.displaySources, orientation: session.editor.displayOrientation,
                                           frame: session.editor.viewport.contentFrame,
                                           fullResolution: document.full != nil || document.animation?.onScreen != nil)
    }
}

/// A background result as the runner takes it: for the app state, or kept by a cache (with the state log's name).
enum BackgroundDelivery {
    case forState(AppEvent)
    case absorbed(String)
}

extension WindowServices {
    /// Results that only fill the runner's caches stay here (scaled copies, previews decoded ahead, thumbnails of
    /// another size); the rest go to the app state. A file the grid's batch wrote brings its thumbnail along.
    func absorb(_ message: BackgroundMessage) -> BackgroundDelivery {
        switch message {
        case let .scaledCopy(copy):
            imageCache.accept(copy)
            return .absorbed("scaledCopy")
        case let .previewPrefetched(prefetched):
            prefetcher.accept(prefetched, replyTo: wakePipe)
            return .absorbed("previewPrefetched")
        case let .previewPrefetchFailed(path):
            prefetcher.failed(path, replyTo: wakePipe)
            return .absorbed("previewPrefetchFailed")
        case let .thumbnailReady(result):
            guard thumbnails.receive(result) else { return .absorbed("staleThumbnail") }
        case let .recentPhotosLoaded(photos):
            for photo in photos { thumbnails.noteModified(photo.path, seconds: photo.modified.seconds) }
        case let .batchItemSaved(outcome):
            if case let .success(saved) = outcome.result, let thumbnail = saved.thumbnail {
                thumbnails.adopt(thumbnail, fittingGridAt: scale)
            }
        case let .directoryListed(listing):
            if case let .success(entries) = listing.result {
                for entry in entries where entry.isImage {
                    thumbnails.noteModified(listing.path == "/" ? "/" + entry.name : listing.path + "/" + entry.name,
                                            seconds: entry.modified)
                }
            }
        default:
            break
        }
        return .forState(.background(message))
    }

    /// What the app state reads of the caches.
    var world: AppWorld {
        AppWorld(text: text, thumbnails: thumbnails, imageCache: imageCache, library: library,
                 animationFrames: animationFrames)
    }
}
