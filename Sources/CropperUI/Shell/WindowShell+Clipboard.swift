import EditorState
import PhotoIO

extension WindowShell {
    /// Ctrl+C: the crop with every edit, at full resolution, on the CLIPBOARD; rendered when a program pastes it.
    func copyCrop() {
        guard let document = session.document, document.loadError == nil, let geometry = session.editor.exportRequest
        else { return }
        let size = geometry.outputSize
        let export = CropExport(geometry, quality: services.settings.settings.jpegQuality)
        let cmyk = (try? PhotoSource.open(path: document.path).pixelLayout).map { $0 != .bgra } ?? false
        let crop = CopiedCrop(path: document.path, export: export, offersPNG: !cmyk, size: size)
        if services.clipboard.own(image: crop) {
            showNotice("Copied the crop (\(size.width) × \(size.height)) to the clipboard")
        } else {
            showNotice("Another program kept the clipboard: nothing was copied")
        }
    }
}
