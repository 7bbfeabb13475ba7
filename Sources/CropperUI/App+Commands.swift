import EditorState
import Foundation

/// What each command does: an `EditorAction`, or a window-level flow (open, save, quit, overlays).
extension EditorApp {
    static let keyZoomFactor = 1.25

    func perform(_ command: Command) {
        needsRedraw = true
        let hasImage = state.imageSize != nil
        switch command {
        case .open:
            ui.prompt = PathPrompt(purpose: .open, initialText: openFieldStart)
            ui.numeric = nil
        case .photos:
            break
        case .save:
            if hasImage { saveBesideSource() }
        case .saveAs:
            guard hasImage, let document else { return }
            ui.prompt = PathPrompt(purpose: .saveAs, initialText: SavePaths.suggestedName(for: document.path))
            ui.numeric = nil
        case .quit:
            requestClose(.quit)
        case .nextPhoto: step(by: 1)
        case .previousPhoto: step(by: -1)
        case .rotateLeft: if hasImage { apply(.rotateLeft) }
        case .rotateRight: if hasImage { apply(.rotateRight) }
        case .flipHorizontal: if hasImage { apply(.flipHorizontal) }
        case .flipVertical: if hasImage { apply(.flipVertical) }
        case .cycleAspect: if hasImage { apply(.cycleAspect) }
        case .swapAspectOrientation: if hasImage { apply(.swapAspectOrientation) }
        case .undo: apply(.undo)
        case .redo: apply(.redo)
        case .reset: apply(.reset)
        case .zoomIn: apply(.zoom(factor: Self.keyZoomFactor, at: state.viewport.availableCenter))
        case .zoomOut: apply(.zoom(factor: 1 / Self.keyZoomFactor, at: state.viewport.availableCenter))
        case .zoomToFit: apply(.zoomToFit)
        case .zoomToActualSize: apply(.zoomToActualSize(at: nil))
        case let .nudge(dx, dy): apply(.nudge(dx: dx, dy: dy))
        case let .resizeCrop(dw, dh): apply(.resizeCrop(dw: dw, dh: dh))
        case .editNumbers:
            guard let imageSize = state.imageSize else { return }
            ui.prompt = nil
            ui.numeric = NumericEntry(rect: state.crop ?? PixelRect(size: imageSize))
        case .cancel:
            if ui.banner != nil {
                ui.banner = nil
            } else if state.crop != nil {
                apply(.setCrop(nil))
            }
        case .showShortcuts:
            ui.showsShortcuts.toggle()
        case .toggleRecentring: toggleRecentring()
        case .jpegQualityUp: stepJPEGQuality(by: 1)
        case .jpegQualityDown: stepJPEGQuality(by: -1)
        }
        if let pointer { updateHover(x: pointer.x, y: pointer.y) }
    }

    /// Quitting or opening another photo: asks first when there are unsaved edits.
    func requestClose(_ purpose: ConfirmOverlay.Purpose) {
        if state.isDirty, let document {
            ui.confirm = ConfirmOverlay(purpose: purpose, fileName: document.name)
            ui.confirmHovered = nil
            ui.prompt = nil
            ui.numeric = nil
            needsRedraw = true
        } else {
            proceed(with: purpose)
        }
    }

    func proceed(with purpose: ConfirmOverlay.Purpose) {
        switch purpose {
        case .quit: stop()
        case let .open(list): show(list)
        }
    }

    func answer(_ choice: ConfirmOverlay.Choice) {
        guard let confirm = ui.confirm else { return }
        ui.confirm = nil
        ui.confirmHovered = nil
        needsRedraw = true
        switch choice {
        case .cancel:
            break
        case .discard:
            proceed(with: confirm.purpose)
        case .save:
            afterSave = confirm.purpose
            saveBesideSource()
        }
    }

    func submit(_ prompt: PathPrompt) {
        var prompt = prompt
        let typed = PathCompletion.expandTilde(prompt.field.text.trimmingCharacters(in: .whitespaces))
        switch prompt.purpose {
        case .open:
            switch SavePaths.checkReadable(typed) {
            case let .failure(problem):
                prompt.message = problem.message
                prompt.isError = true
                ui.prompt = prompt
            case let .success(path):
                ui.prompt = nil
                requestClose(.open(ui.documents?.opening(path) ?? DocumentList(path)))
            }
        case .saveAs:
            guard let document else { return }
            switch SavePaths.checkNewFile(typed, relativeTo: document.directory, source: document.path) {
            case let .failure(problem):
                prompt.message = problem.message
                prompt.isError = true
                ui.prompt = prompt
            case let .success(path):
                ui.prompt = nil
                save(to: path, pickFreeName: false)
            }
        }
    }
}
