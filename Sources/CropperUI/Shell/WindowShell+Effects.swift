import EditorState
import Foundation
import Localization
import PhotoIO
import X11Platform

/// Carrying out what components ask for: editor actions, commands, opening and closing components, the close
/// question, and what the window remembers between runs.
extension WindowShell {
    func carryOut(_ effects: [Effect]) {
        for effect in effects { carryOut(effect) }
    }

    func carryOut(_ effect: Effect) {
        switch effect {
        case let .edit(action): apply(action)
        case let .perform(command): perform(command)
        case let .openPhoto(path): requestClose(.open(session.documents?.opening(path) ?? DocumentList.inFolder(of: path)))
        case let .proceed(purpose): proceed(with: purpose)
        case let .saveThen(purpose):
            session.afterSave = purpose
            if settings.settings.saveMode == .overOriginal && settings.settings.replaceConfirmed {
                saveOverOriginal()
            } else {
                saveBesideSource()
            }
        case let .saveAs(path, overwrite): save(to: path, pickFreeName: false, overwrite: overwrite)
        case let .replaceOriginal(confirmed):
            if confirmed { settings.update(now: services.clock()) { $0.replaceConfirmed = true } }
            saveOverOriginal()
        case let .saveAnyway(retry):
            save(to: retry.destination, pickFreeName: retry.pickFreeName, overwrite: retry.overwrite, allowDamaged: true)
        case let .close(kind): stack.remove(kind)
        case let .listDirectory(path, generation): BackgroundListing.directory(path, generation: generation, replyTo: services.wakePipe)
        case .listPlaces: BackgroundListing.places(environment: services.library, replyTo: services.wakePipe)
        case .listRecentPhotos: BackgroundListing.recentPhotos(environment: services.library, replyTo: services.wakePipe)
        case let .wantThumbnails(wanted): services.thumbnails.want(wanted)
        case let .notice(text): showNotice(text)
        case let .rememberOpenFolder(folder): rememberOpenFolder(folder)
        case let .rememberSaveFolder(folder): session.lastSaveFolder = folder
        case .openSample: openSample()
        case let .own(selection, text): window.clipboard.own(selection, text: text)
        case let .requestPaste(selection): window.clipboard.requestText(from: selection)
        }
    }

    /// The one way the window changes the editor.
    func apply(_ action: EditorAction) {
        session.editor.apply(action)
        rememberAspect()
    }

    func perform(_ command: Command) {
        guard command.availability(context.commandFacts).isAvailable else { return }
        switch command {
        case .open:
            if stack.component(FileDialogComponent.self)?.dialog.mode != .open { openFileDialog(saving: false) }
        case .photos:
            if stack.contains(.picker) { closePicker() } else { openPicker() }
        case .save: settings.settings.saveMode == .overOriginal ? askToReplaceOriginal() : saveBesideSource()
        case .saveBeside:
            rememberSaveMode(.beside)
            saveBesideSource()
        case .saveOverOriginal: askToReplaceOriginal()
        case .cycleExportSize: cycleExportSize()
        case .copyCrop:
            // Rendered only when a program pastes it (Clipboard+Image).
            guard let document = session.document, document.loadError == nil,
                  let crop = CopiedCrop(path: document.path, editor: session.editor,
                                        quality: services.settings.settings.jpegQuality) else { break }
            showNotice(window.clipboard.own(rendered: crop.offer(replyTo: services.wakePipe))
                ? tr("Copied the crop (%1$d × %2$d) to the clipboard", crop.size.width, crop.size.height)
                : tr("Another program kept the clipboard: nothing was copied"))
        case .saveAs:
            if stack.component(FileDialogComponent.self).map({ $0.dialog.mode == .open }) ?? true {
                openFileDialog(saving: true)
            }
        case .quit: requestClose(.quit)
        case .nextPhoto: step(by: 1)
        case .previousPhoto: step(by: -1)
        case .firstPhoto, .lastPhoto:
            if let target = session.documents?.end(command == .lastPhoto) { requestClose(.open(target)) }
        case .rotateLeft: apply(.rotateLeft)
        case .rotateRight: apply(.rotateRight)
        case .flipHorizontal: apply(.flipHorizontal)
        case .flipVertical: apply(.flipVertical)
        case .cycleAspect: apply(.cycleAspect)
        case .swapAspectOrientation: apply(.swapAspectOrientation)
        case .undo: apply(.undo)
        case .redo: apply(.redo)
        case .reset: apply(.reset)
        case .zoomIn: apply(.zoom(factor: StepSizes.keyZoomFactor, at: session.editor.viewport.availableCenter))
        case .zoomOut: apply(.zoom(factor: 1 / StepSizes.keyZoomFactor, at: session.editor.viewport.availableCenter))
        case .zoomToFit: apply(.zoomToFit)
        case .zoomToActualSize: apply(.zoomToActualSize(at: nil))
        case let .nudge(dx, dy): apply(.nudge(dx: dx, dy: dy))
        case let .resizeCrop(dw, dh): apply(.resizeCrop(dw: dw, dh: dh))
        case .editNumbers:
            guard let imageSize = session.editor.imageSize else { return }
            stack.push(NumericEntryComponent(rect: session.editor.crop ?? PixelRect(size: imageSize)))
        case .cancel:
            if session.editor.crop != nil { apply(.setCrop(nil)) }
        case .moreCommands:
            if stack.contains(.menu) { stack.remove(.menu) } else { stack.push(OverflowMenuComponent()) }
        case .showShortcuts:
            if stack.contains(.shortcuts) { stack.remove(.shortcuts) } else { stack.push(ShortcutSheetComponent()) }
        case .toggleRecentring: toggleRecentring()
        case .toggleLossless: toggleLossless()
        case let .straighten(tenths): apply(.turnStraighten(tenths: tenths))
        case .resetStraighten: apply(.setStraighten(.zero))
        case .autoLevel:
            if let document = session.document {
                AutoLevelJob.start(on: document, shownAs: session.editor.displayOrientation, replyTo: services.wakePipe)
            }
        case .jpegQualityUp: stepJPEGQuality(by: 1)
        case .jpegQualityDown: stepJPEGQuality(by: -1)
        case .selectPrevious, .selectNext, .selectFirst, .selectLast, .selectPageUp, .selectPageDown, .openSelected,
             .parentFolder, .focusPathBar, .completePath, .toggleHiddenFiles, .typePath, .holdToPan, .answer, .editText:
            // The panels and questions bind these themselves; the editor has nothing to do for them.
            break
        }
    }

    // MARK: Opening components

    func openPicker(isStartup: Bool = false) {
        stack.remove(.dialog)
        stack.remove(.numericEntry)
        let (picker, effects) = PickerComponent.open(in: context, isStartup: isStartup)
        stack.push(picker)
        carryOut(effects)
    }

    func closePicker() {
        stack.remove(.picker)
        services.thumbnails.want([:])
    }

    func openFileDialog(saving: Bool) {
        guard let (dialog, effects) = FileDialogComponent.open(saving: saving, in: context) else { return }
        stack.remove(.picker)
        stack.remove(.numericEntry)
        stack.push(dialog)
        carryOut(effects)
    }

    /// A photo is opening: the panels and the numbers are done.
    func closePanels() {
        for kind in [ComponentKind.picker, .dialog, .numericEntry] { stack.remove(kind) }
        services.thumbnails.want([:])
    }

    // MARK: The close question

    /// Quitting or opening another photo: asks first when there are unsaved edits. The question goes on top of
    /// whatever is up, so it is always the one seen and answered.
    func requestClose(_ purpose: ClosePurpose) {
        guard session.editor.isDirty, let document = session.document else {
            proceed(with: purpose)
            return
        }
        stack.remove(.numericEntry)
        stack.push(ConfirmComponent(purpose: purpose, fileName: PathNames.shown(document.name)))
    }

    func proceed(with purpose: ClosePurpose) {
        switch purpose {
        case .quit: stop()
        case let .open(list): show(list)
        }
    }

    /// Makes `list` the window's list and opens its current photo.
    func show(_ list: DocumentList) {
        session.documents = list
        services.folders.follow(list, replyTo: services.wakePipe)
        load(path: list.current)
    }

    func step(by offset: Int) {
        guard let target = session.documents?.stepped(by: offset) else { return }
        requestClose(.open(target))
    }

    /// `cropper` without a file and nothing in the picker: the shipped sample, as before the picker existed.
    func openSample() {
        if let samplePath = session.samplePath {
            show(DocumentList(samplePath))
        } else {
            stack.modify(ChromeComponent.self) {
                $0.showBanner(tr("No photo given and the sample photo was not found. Press Ctrl+O to open one."))
            }
        }
    }

    func showNotice(_ text: String) {
        let now = services.clock()
        stack.modify(ChromeComponent.self) { $0.showNotice(text, at: now) }
    }

    // MARK: Remembered between runs

    private var settings: SettingsStore { services.settings }

    /// The aspect lock in use becomes the one new photos start with.
    func rememberAspect() {
        guard session.editor.imageSize != nil, session.editor.aspect != settings.settings.aspect else { return }
        let aspect = session.editor.aspect
        settings.update(now: services.clock()) { $0.aspect = aspect }
    }

    func rememberWindowSize() {
        let width = layout.deviceWidth, height = layout.deviceHeight
        settings.update(now: services.clock()) {
            $0.windowWidth = width
            $0.windowHeight = height
        }
    }

    /// The folder of a photo the user opened is where the Open dialog starts next time.
    func rememberFolder(of path: String) {
        let folder = PathNames.folder(of: path)
        settings.update(now: services.clock()) { $0.lastFolder = folder }
    }

    /// The folder the Open dialog was left in is where it starts next time, in this run and the next.
    func rememberOpenFolder(_ folder: String) {
        session.lastOpenFolder = folder
        settings.update(now: services.clock()) { $0.lastFolder = folder }
    }

    func toggleRecentring() {
        let recentres = !settings.settings.recentersAfterDrag
        settings.update(now: services.clock()) { $0.recentersAfterDrag = recentres }
        session.editor.apply(.setRecentersAfterDrag(recentres))
        showNotice(recentres ? tr("The view re-centres on the box after a drag") : tr("The view stays put after a drag"))
    }

    func toggleLossless() {
        let on = !settings.settings.lossless
        settings.update(now: services.clock()) { $0.lossless = on }
        session.editor.apply(.setLossless(on))
        guard on, let grid = session.editor.losslessGrid else {
            showNotice(tr("Lossless crops off: saving re-encodes the JPEG"))
            return
        }
        showNotice(tr("Lossless crops: the box’s left and top edges snap to %1$d × %2$d px blocks", grid.cell.width, grid.cell.height))
    }

    func stepJPEGQuality(by steps: Int) {
        let quality = JPEGQuality.stepped(settings.settings.jpegQuality, by: steps)
        settings.update(now: services.clock()) { $0.jpegQuality = quality }
        showNotice(tr("JPEG quality %d for saving", quality))
    }

    /// The next export size; an exact size locks the box to its shape.
    func cycleExportSize() {
        let size = ExportSizes.after(services.settings.settings.exportSize)
        services.settings.update(now: services.clock()) { $0.exportSize = size }
        if let (width, height) = size?.aspectInLowestTerms { apply(.setAspect(.custom(width: width, height: height))) }
        guard let size else {
            showNotice(tr("Saves keep the crop’s full size"))
            return
        }
        showNotice(session.editor.isLossless
            ? tr("Saves are scaled to %s (not lossless crops: they keep their size); Cropper never enlarges a crop", size.label)
            : tr("Saves are scaled to %s; Cropper never enlarges a crop", size.label))
    }
}
