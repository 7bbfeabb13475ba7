import EditorState
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
        case let .openPhoto(path): take(session.choose(path))
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
        case .openSample: take(session.openSample(configuration.samplePath, in: photoContext))
        case let .own(selection, text): run(.ownText(selection, text))
        case let .requestPaste(selection): run(.requestPaste(selection))
        case let .copyRule(kind): take(batch.rules.copyRule(kind, in: batchContext))
        case let .applyRule(paths): take(batch.rules.apply(to: paths, whileSaving: batch.isSaving))
        case let .saveBatch(paths): take(batch.save(paths, in: batchContext))
        case .cancelBatch: take(batch.cancel())
        case .retryFailedSaves: take(batch.retryFailed(in: batchContext))
        case let .saveAllPending(purpose): take(batch.saveAllPending(then: purpose, in: batchContext))
        case let .dropPending(purpose): take(batch.dropPending(then: purpose))
        case let .stopBatch(purpose): take(batch.stop(then: purpose))
        }
    }

    // MARK: Leaving

    /// Quitting or opening another photo: the batch's rule asks first when there are unsaved edits (`Leaving`).
    mutating func requestClose(_ purpose: ClosePurpose) {
        take(batch.leave(purpose, in: batchContext))
    }

    mutating func proceed(with purpose: ClosePurpose) {
        take(session.proceed(with: purpose, in: photoContext))
    }
}
