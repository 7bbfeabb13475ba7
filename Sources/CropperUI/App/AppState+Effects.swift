import EditorState
import Localization
import PhotoIO
import X11Platform

/// What components ask for, routed to the part that owns it and carried out as state changes and jobs.
extension AppState {
    mutating func carryOut(_ effects: [Effect]) {
        for effect in effects { carryOut(effect) }
    }

    mutating func carryOut(_ effect: Effect) {
        switch effect {
        case let .edit(action): apply(action)
        case let .perform(command): perform(command)
        case let .openPhoto(path): requestClose(.open(session.documents?.opening(path) ?? DocumentList.inFolder(of: path)))
        case let .proceed(purpose): proceed(with: purpose)
        case let .saveThen(purpose):
            saving.afterSave = purpose
            if settings.savesOverOriginal {
                saveOverOriginal()
            } else {
                save(to: .besideSource)
            }
        case let .saveAs(path, overwrite): save(to: .exactly(path, overwrite: overwrite))
        case let .replaceOriginal(confirmed): saveOverOriginal(confirmed: confirmed)
        case let .saveAnyway(retry): save(to: retry.destination, allowDamaged: true)
        case let .close(kind): stack.remove(kind)
        case let .ask(question): stack.push(QuestionComponent(question))
        case let .listDirectory(path, generation): run(.listDirectory(path: path, generation: generation))
        case .listPlaces: run(.listPlaces)
        case .listRecentPhotos: run(.listRecentPhotos)
        case let .wantThumbnails(wanted): run(.wantThumbnails(wanted))
        case let .notice(text): showNotice(text)
        case let .rememberOpenFolder(folder):
            found.lastOpenFolder = folder
            settings.lastFolder = folder
        case let .rememberSaveFolder(folder): found.lastSaveFolder = folder
        case .openSample: openSample()
        case let .own(selection, text): run(.ownText(selection, text))
        case let .requestPaste(selection): run(.requestPaste(selection))
        case let .copyRule(kind): take(batch.copyRule(kind, in: batchContext))
        case let .applyRule(paths): take(batch.applyRule(to: paths))
        case let .saveBatch(paths): take(batch.save(paths, in: batchContext))
        case .cancelBatch: take(batch.cancel())
        case .retryFailedSaves: take(batch.retryFailed(in: batchContext))
        case let .saveAllPending(purpose): take(batch.saveAllPending(then: purpose, in: batchContext))
        case let .dropPending(purpose): take(batch.dropPending(then: purpose))
        case let .stopBatch(purpose): take(batch.stop(then: purpose))
        }
    }

    // MARK: The close question

    /// Quitting or opening another photo: asks first when there are unsaved edits (`Leaving`).
    mutating func requestClose(_ purpose: ClosePurpose) {
        switch Leaving.decide(purpose, batch: batch, in: batchContext) {
        case .keepEditAndGo:
            batch.keepOpenPhotoEdit(in: batchContext)
            proceed(with: purpose)
        case let .ask(question):
            take(PartAnswer(question: question))
        case .go:
            proceed(with: purpose)
        }
    }

    mutating func proceed(with purpose: ClosePurpose) {
        switch purpose {
        case .quit: run(.quit)
        case let .open(list): show(list)
        }
    }

    /// Opens the photo at `path`: a new generation (results for the last one are late now), the saving part and
    /// the banner start afresh, the panels close unless `keepingPanels` (the photo replaced on disk under the grid,
    /// which stays up), and its decode starts.
    mutating func load(path: String, keepingPanels: Bool = false) {
        let generation = session.open(SavePaths.absolute(path), editor: freshEditor())
        saving.photoChanged()
        showBanner(nil)
        if !keepingPanels { carryOut(stack.closePanels()) }
        run(.openPhoto(path: SavePaths.absolute(path), generation: generation, fit: session.previewFit(photoContext),
                       editor: session.editor))
    }

    /// Makes `list` the window's list and opens its current photo.
    mutating func show(_ list: DocumentList) {
        session.documents = list
        run(.followFolder(list))
        load(path: list.current)
    }

    mutating func step(by offset: Int) {
        guard let target = session.documents?.stepped(by: offset) else { return }
        requestClose(.open(target))
    }

    /// `cropper` without a file and nothing in the picker: the shipped sample, as before the picker existed.
    mutating func openSample() {
        if let samplePath = configuration.samplePath {
            show(DocumentList(samplePath))
        } else {
            showBanner(tr("No photo given and the sample photo was not found. Press Ctrl+O to open one."))
        }
    }
}
