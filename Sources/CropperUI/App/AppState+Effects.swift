import EditorState
import Localization
import PhotoIO
import X11Platform

/// What components ask for, carried out as state changes and jobs.
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
            if settings.saveMode == .overOriginal && settings.replaceConfirmed {
                saveOverOriginal()
            } else {
                saveBesideSource()
            }
        case let .saveAs(path, overwrite): save(to: .exactly(path, overwrite: overwrite))
        case let .replaceOriginal(confirmed):
            if confirmed { settings.replaceConfirmed = true }
            saveOverOriginal()
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
        case let .copyRule(kind): copyRule(kind)
        case let .applyRule(paths): applyRule(to: paths)
        case let .saveBatch(paths): saveBatch(of: paths)
        case .cancelBatch: cancelBatch()
        case .retryFailedSaves: retryFailedSaves()
        case let .saveAllPending(purpose): saveAllPending(then: purpose)
        case let .dropPending(purpose): dropPending(then: purpose)
        case let .stopBatch(purpose): stopBatch(then: purpose)
        }
    }

    // MARK: Opening components

    mutating func openPicker(isStartup: Bool = false) {
        stack.remove(.dialog)
        stack.remove(.numericEntry)
        let (picker, effects) = PickerComponent.open(in: context, isStartup: isStartup)
        stack.push(picker)
        carryOut(effects)
    }

    mutating func closePicker() {
        stack.remove(.picker)
        run(.wantThumbnails([:]))
    }

    /// The grid of the list's photos, over everything but the questions.
    mutating func openGrid() {
        for kind in [ComponentKind.picker, .dialog, .numericEntry, .menu, .shortcuts] { stack.remove(kind) }
        let (grid, effects) = GridComponent.open(in: context)
        stack.push(grid)
        carryOut(effects)
    }

    mutating func closeGrid() {
        stack.remove(.grid)
        run(.wantThumbnails([:]))
    }

    mutating func openFileDialog(saving: Bool) {
        guard let (dialog, effects) = FileDialogComponent.open(saving: saving, in: context) else { return }
        stack.remove(.picker)
        stack.remove(.numericEntry)
        stack.push(dialog)
        carryOut(effects)
    }

    /// A photo is opening: the panels and the numbers are done.
    mutating func closePanels() {
        for kind in [ComponentKind.picker, .grid, .dialog, .numericEntry] { stack.remove(kind) }
        run(.wantThumbnails([:]))
    }

    // MARK: The close question

    /// Quitting or opening another photo: asks first when there are unsaved edits. The question goes on top of
    /// whatever is up, so it is always the one seen and answered.
    mutating func requestClose(_ purpose: ClosePurpose) {
        if case let .open(list) = purpose, keepsEdits(goingTo: list) {
            keepOpenPhotoEdit()
            proceed(with: purpose)
            return
        }
        if let question = batchQuestion(for: purpose) {
            stack.remove(.numericEntry)
            stack.push(QuestionComponent(question))
            return
        }
        guard session.editor.isDirty, let document = session.document else {
            proceed(with: purpose)
            return
        }
        stack.remove(.numericEntry)
        stack.push(QuestionComponent(.closing(for: purpose, fileName: PathNames.shown(document.name))))
    }

    mutating func proceed(with purpose: ClosePurpose) {
        switch purpose {
        case .quit: run(.quit)
        case let .open(list): show(list)
        }
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

    // MARK: Settings

    mutating func toggleRecentring() {
        settings.recentersAfterDrag.toggle()
        session.editor.apply(.setRecentersAfterDrag(settings.recentersAfterDrag))
        showNotice(settings.recentersAfterDrag ? tr("The view re-centres on the box after a drag")
            : tr("The view stays put after a drag"))
    }

    mutating func toggleLossless() {
        settings.lossless.toggle()
        session.editor.apply(.setLossless(settings.lossless))
        guard settings.lossless, let grid = session.editor.losslessGrid else {
            showNotice(tr("Lossless crops off: saving re-encodes the JPEG"))
            return
        }
        if grid.snapsEveryEdge {
            showNotice(tr("Lossless crops: every edge of the box snaps to whole chroma samples (%1$d × %2$d px); the tiles are kept as coded",
                          grid.cell.width, grid.cell.height))
            return
        }
        showNotice(tr("Lossless crops: the box’s left and top edges snap to %1$d × %2$d px blocks", grid.cell.width, grid.cell.height))
    }

    mutating func stepJPEGQuality(by steps: Int) {
        settings.jpegQuality = JPEGQuality.stepped(settings.jpegQuality, by: steps)
        showNotice(tr("JPEG quality %d for saving", settings.jpegQuality))
    }

    /// The next export size; an exact size locks the box to its shape.
    mutating func cycleExportSize() {
        let size = ExportSizes.after(settings.exportSize)
        settings.exportSize = size
        if let (width, height) = size?.aspectInLowestTerms { apply(.setAspect(.custom(width: width, height: height))) }
        guard let size else {
            showNotice(tr("Saves keep the crop’s full size"))
            return
        }
        showNotice(session.editor.isLossless
            ? tr("Saves are scaled to %s (not lossless crops: they keep their size); Cropper never enlarges a crop", size.label)
            : tr("Saves are scaled to %s; Cropper never enlarges a crop", size.label))
    }

    mutating func rememberSaveMode(_ mode: SaveMode) {
        settings.saveMode = mode
    }
}
