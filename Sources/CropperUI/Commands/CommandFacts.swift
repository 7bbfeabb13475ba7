import Localization

/// The editor's facts that decide whether a command can run now.
struct CommandFacts: Equatable {
    var hasImage: Bool
    var canUndo: Bool
    var canRedo: Bool
    var isDirty: Bool
    var isSaving: Bool
    /// Why lossless mode cannot be on for this photo as turned now; nil when it can.
    var losslessUnavailable: String? = nil
    /// Why the photo cannot be replaced (the shipped sample, gone from its folder); nil when it can.
    var replaceUnavailable: String? = nil
    /// The window manager's states of the window (`_NET_WM_STATE_FULLSCREEN`, …).
    var windowStates: Set<String> = []
    /// There is a list of photos (a folder, or photos given together) for the grid to show.
    var hasList = false
    /// The open photo is an animation (it plays; straightening would resample every frame).
    var isAnimation = false
    /// The grid's photos are being saved in the background.
    var isBatchSaving = false
}

/// Whether a command can run, and if not, why (for the tooltip of its greyed button).
enum Availability: Equatable {
    case available
    case unavailable(reason: String)

    var isAvailable: Bool { self == .available }
}

extension CommandFacts {
    /// Whether a command of this declaration can run now, and if not, why (for the tooltip of its greyed button).
    func availability(of declaration: CommandDeclaration) -> Availability {
        let noImage = Availability.unavailable(reason: tr("open a photo first"))
        if let change = declaration.windowState, change.turnsOn == false, !windowStates.contains(change.name) {
            return .unavailable(reason: tr("the window is not in that state"))
        }
        switch declaration.needs {
        case .nothing: return .available
        case .photo: return hasImage ? .available : noImage
        case .undo: return canUndo ? .available : .unavailable(reason: tr("nothing to undo"))
        case .redo: return canRedo ? .available : .unavailable(reason: tr("nothing to redo"))
        case .edits: return isDirty || canUndo ? .available : .unavailable(reason: tr("nothing to reset"))
        case .savable, .replaceable:
            if !hasImage { return noImage }
            if isSaving { return .unavailable(reason: tr("saving…")) }
            if declaration.needs == .replaceable, let why = replaceUnavailable { return .unavailable(reason: why) }
            return .available
        case .lossless:
            if !hasImage { return noImage }
            return losslessUnavailable.map { .unavailable(reason: $0) } ?? .available
        case .list:
            return hasList ? .available : .unavailable(reason: tr("open a photo or a folder first"))
        case .batchSaving:
            return isBatchSaving ? .available : .unavailable(reason: tr("no photos are being saved"))
        case .animation:
            return isAnimation ? .available : .unavailable(reason: tr("the photo is not an animation"))
        case .stillPhoto:
            if !hasImage { return noImage }
            return isAnimation
                ? .unavailable(reason: tr("an animation is cut, turned and flipped frame by frame; straightening would resample every frame"))
                : .available
        }
    }
}
