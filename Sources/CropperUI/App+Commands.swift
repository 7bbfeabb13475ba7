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
            if ui.fileDialog?.mode != .open { openFileDialog(saving: false) }
        case .photos:
            if ui.picker != nil { closePicker() } else { openPicker() }
        case .save:
            if hasImage { saveBesideSource() }
        case .saveAs:
            if hasImage, ui.fileDialog.map({ $0.mode == .open }) ?? true { openFileDialog(saving: true) }
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
        case .selectPrevious, .selectNext, .selectFirst, .selectLast, .selectPageUp, .selectPageDown, .openSelected,
             .parentFolder, .focusPathBar, .completePath, .toggleHiddenFiles:
            if ui.fileDialog != nil { performInDialog(command) } else if ui.picker != nil { performInPicker(command) }
        }
        if let pointer { updateHover(x: pointer.x, y: pointer.y) }
    }

    /// Quitting or opening another photo: asks first when there are unsaved edits.
    func requestClose(_ purpose: ConfirmOverlay.Purpose) {
        if state.isDirty, let document {
            ui.confirm = ConfirmOverlay(purpose: purpose, fileName: document.name)
            ui.confirmHovered = nil
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
}
