import EditorState
import Foundation
import PhotoIO

/// What the window remembers between runs (window size, last folder, last aspect, re-centring, JPEG quality)
/// and the keys that change the last two.
extension EditorApp {
    /// The user's settings on a fresh editor.
    func applySettings(to fresh: inout EditorState) {
        fresh.apply(.setRecentersAfterDrag(settings.settings.recentersAfterDrag))
        fresh.apply(.setAspectForNewPhotos(settings.settings.aspect))
    }

    /// The aspect lock in use becomes the one new photos start with.
    func rememberAspect() {
        guard state.imageSize != nil, state.aspect != settings.settings.aspect else { return }
        let aspect = state.aspect
        settings.update(now: MonotonicClock.now()) { $0.aspect = aspect }
    }

    func rememberWindowSize() {
        let width = layout.deviceWidth, height = layout.deviceHeight
        settings.update(now: MonotonicClock.now()) {
            $0.windowWidth = width
            $0.windowHeight = height
        }
    }

    /// The folder of a photo the user opened is where the Open field starts next time.
    func rememberFolder(of path: String) {
        let folder = PathNames.folder(of: path)
        settings.update(now: MonotonicClock.now()) { $0.lastFolder = folder }
    }

    /// Where the Open dialog starts: the folder it was last in this session, else the open photo's folder (not the
    /// sample's), else the last folder remembered, else Pictures or home.
    var openDialogFolder: String {
        existingFolder(ui.lastOpenFolder)
            ?? document.flatMap { $0.path == samplePath ? nil : existingFolder($0.directory) }
            ?? existingFolder(settings.settings.lastFolder)
            ?? existingFolder(library.picturesDirectory) ?? existingFolder(library.home) ?? "/"
    }

    /// The folder the Open dialog was left in is where it starts next time, in this run and the next.
    func rememberDialogFolder(_ folder: String) {
        ui.lastOpenFolder = folder
        settings.update(now: MonotonicClock.now()) { $0.lastFolder = folder }
    }

    func toggleRecentring() {
        let recentres = !settings.settings.recentersAfterDrag
        settings.update(now: MonotonicClock.now()) { $0.recentersAfterDrag = recentres }
        state.apply(.setRecentersAfterDrag(recentres))
        showNotice(recentres ? "The view re-centres on the box after a drag" : "The view stays put after a drag")
    }

    func stepJPEGQuality(by steps: Int) {
        let quality = JPEGQuality.stepped(settings.settings.jpegQuality, by: steps)
        settings.update(now: MonotonicClock.now()) { $0.jpegQuality = quality }
        showNotice("JPEG quality \(quality) for saving")
    }

    /// The current value shown beside a setting's row on the shortcut sheet.
    func settingValue(for command: Command) -> String? {
        switch command {
        case .toggleRecentring: settings.settings.recentersAfterDrag ? "on" : "off"
        case .jpegQualityUp, .jpegQualityDown: "\(settings.settings.jpegQuality)"
        default: nil
        }
    }

    func showNotice(_ text: String) {
        ui.toast = Toast(text: text, shownAt: MonotonicClock.now())
        needsRedraw = true
    }
}
