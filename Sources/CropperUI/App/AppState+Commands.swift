import EditorState
import Localization
import PhotoIO

/// A command from the binding table, a button or a menu, when it is available now. The editor's own commands
/// become editor actions (`Command.editorAction`); the rest go to the part that owns what they change (settings,
/// saving, the batch, Upright, the stack of components).
extension AppState {
    mutating func perform(_ command: Command) {
        guard command.availability(context.commandFacts).isAvailable else { return }
        if let action = command.editorAction(on: session.editor) {
            apply(action)
            return
        }
        if let change = command.windowStateChange {
            run(.setWindowState(change.name, on: change.turnsOn ?? !chrome.windowStates.contains(change.name)))
            return
        }
        switch command {
        case .open:
            if stack.component(FileDialogComponent.self)?.dialog.mode != .open {
                carryOut(stack.openFileDialog(saving: false, in: context))
            }
        case .photos:
            carryOut(stack.contains(.picker) ? stack.closePicker() : stack.openPicker(in: context))
        case .photoGrid:
            carryOut(stack.contains(.grid) ? stack.closeGrid() : stack.openGrid(in: context))
        case .save: settings.saveMode == .overOriginal ? askToReplaceOriginal() : save(to: .besideSource)
        case .saveBeside:
            settings.saveMode = .beside
            save(to: .besideSource)
        case .saveOverOriginal: askToReplaceOriginal()
        case .cycleExportSize: take(settings.cycleExportSize(isLossless: session.editor.isLossless))
        case .copyCrop: take(ClipboardOffer.copy(session, quality: settings.jpegQuality))
        case .copyCropRule: take(batch.rules.askForRule(in: batchContext))
        case .saveAs:
            if stack.component(FileDialogComponent.self).map({ $0.dialog.mode == .open }) ?? true {
                carryOut(stack.openFileDialog(saving: true, in: context))
            }
        case .quit: requestClose(.quit)
        case .nextPhoto: take(session.step(by: 1))
        case .previousPhoto: take(session.step(by: -1))
        case .firstPhoto, .lastPhoto: take(session.goToEnd(last: command == .lastPhoto))
        case .editNumbers:
            guard let imageSize = session.editor.imageSize else { return }
            stack.push(NumericEntryComponent(rect: session.editor.crop ?? PixelRect(size: imageSize)))
        case .moreCommands:
            stack.toggle(.menu) { OverflowMenuComponent() }
        case .showShortcuts:
            let overGrid = stack.contains(.grid)
            stack.toggle(.shortcuts) { ShortcutSheetComponent(overGrid: overGrid) }
        case .toggleRecentring: take(settings.toggleRecentring())
        case .toggleLossless: take(settings.toggleLossless(editor: session.editor))
        case let .upright(mode):
            if let job = upright.ask(mode, session: session) { run(job) }
        case .toggleGuides:
            stack.toggle(.guides) { GuidesComponent() }
        case .playPause: togglePlaying()
        case let .stepFrame(count): stepFrame(by: count)
        case .jpegQualityUp: take(settings.stepJPEGQuality(by: 1))
        case .jpegQualityDown: take(settings.stepJPEGQuality(by: -1))
        case .rotateLeft, .rotateRight, .flipHorizontal, .flipVertical, .cycleAspect, .swapAspectOrientation, .undo,
             .redo, .reset, .zoomIn, .zoomOut, .zoomToFit, .zoomToActualSize, .nudge, .resizeCrop, .straighten,
             .resetStraighten, .cancel, .perspective, .resetPerspective:
            // The editor's (above); `cancel` with no box has nothing to do.
            break
        default:
            // The panels and questions bind the rest themselves (selection, paths, answers, text editing), and the
            // window's states were asked for above.
            break
        }
    }

    // MARK: Saving

    mutating func save(to target: SaveTarget, allowDamaged: Bool = false) {
        take(saving.save(to: target, allowDamaged: allowDamaged, in: saveContext))
    }

    /// The first time, the question says what will happen; after that the save goes ahead.
    mutating func askToReplaceOriginal() {
        let available = Command.saveOverOriginal.availability(context.commandFacts).isAvailable
        if let answer = SaveProgress.replaceQuestion(available: available, in: saveContext) {
            take(answer)
        } else {
            saveOverOriginal()
        }
    }

    /// Replaces the photo; from now on Save does this (until "Save beside the photo" is chosen).
    mutating func saveOverOriginal(confirmed: Bool = false) {
        settings.chooseSaveOverOriginal(confirmed: confirmed)
        save(to: .overOriginal)
    }
}
