import CX11
import Foundation
import PhotoIO
import PhotoLibrary

/// Photos dragged from a file manager onto the window: the first opens, several become the list.
extension EditorApp {
    func dragMessage(_ message: XdndMessage) -> String? {
        guard let event = dropTarget.handle(message, canAccept: !ui.isModal) else { return nil }
        let hovering: Bool
        switch event {
        case let .hovering(accepting): hovering = accepting
        case .ended, .fetching: hovering = false
        }
        if hovering != ui.dropHovering {
            ui.dropHovering = hovering
            needsRedraw = true
        }
        switch message {
        case .enter: return "dragEnter"
        case .position: return "dragPosition"
        case .leave: return "dragLeave"
        case .drop: return event == .fetching ? "drop" : "dropRefused"
        }
    }

    func dropDataArrived(selection: Atom, property: Atom) -> String? {
        guard let text = dropTarget.dataArrived(selection: selection, property: property) else { return nil }
        let photos = URIList.localPaths(in: text).map(SavePaths.absolute).filter(Self.isPhotoFile)
        guard let list = DocumentList(paths: photos) else {
            dropTarget.finish(accepted: false)
            showNotice("Nothing to open there: Cropper opens JPEG and PNG photos")
            return "dropHadNoPhotos"
        }
        dropTarget.finish(accepted: true)
        ui.numeric = nil
        ui.showsShortcuts = false
        requestClose(.open(list))
        return "dropped"
    }

    /// A regular file named like a photo Cropper reads.
    static func isPhotoFile(_ path: String) -> Bool {
        PhotoFormat(pathExtensionOf: path) != nil && Folder.isFile(path)
    }
}
