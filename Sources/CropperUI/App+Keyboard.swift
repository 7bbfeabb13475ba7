import CX11
import EditorState

/// Keys: open text fields and overlays take them first, then the binding table.
extension EditorApp {
    func keyPressed(_ key: KeyInput) -> String {
        if ui.confirm != nil { return confirmKey(key) }
        if ui.showsShortcuts {
            ui.showsShortcuts = false
            needsRedraw = true
            return "closeShortcuts"
        }
        if ui.fileDialog != nil { return dialogKey(key) }
        if ui.picker != nil { return pickerKey(key) }
        if ui.numeric != nil { return numericKey(key) }
        if key.level0 == UInt(XK_space) && key.modifiers.isEmpty {
            spaceHeld = true
            updatePointerShape()
            return "spaceDown"
        }
        guard let command = Bindings.command(level0: key.level0, typed: key.typed, modifiers: key.modifiers) else {
            return "key"
        }
        perform(command)
        return "key:\(command)"
    }

    func keyReleased(_ level0: UInt) {
        if level0 == UInt(XK_space) && spaceHeld {
            spaceHeld = false
            updatePointerShape()
        }
    }

    private func confirmKey(_ key: KeyInput) -> String {
        switch Int32(truncatingIfNeeded: key.level0) {
        case XK_Return, XK_KP_Enter, XK_s: answer(.save)
        case XK_Escape, XK_c: answer(.cancel)
        case XK_d, XK_n: answer(.discard)
        default: return "key"
        }
        return "confirmKey"
    }

    private func numericKey(_ key: KeyInput) -> String {
        guard var entry = ui.numeric else { return "key" }
        needsRedraw = true
        switch entry.fields[entry.focus].handle(key) {
        case .submitted:
            guard let imageSize = state.imageSize else { ui.numeric = nil; return "numericCancel" }
            switch entry.parse(imageSize: imageSize) {
            case let .success(rect):
                ui.numeric = nil
                apply(.setCrop(rect))
                return "numericApply"
            case let .failure(error):
                entry.error = error.message
                entry.focus(error.field)
            }
        case .cancelled:
            ui.numeric = nil
            return "numericCancel"
        case let .tabbed(backwards):
            entry.focusNext(backwards: backwards)
        case .edited:
            entry.error = nil
        case .ignored:
            break
        }
        ui.numeric = entry
        return "numericKey"
    }
}
