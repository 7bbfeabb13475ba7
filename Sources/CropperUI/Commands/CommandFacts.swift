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
}

/// Whether a command can run, and if not, why (for the tooltip of its greyed button).
enum Availability: Equatable {
    case available
    case unavailable(reason: String)

    var isAvailable: Bool { self == .available }
}

extension Command {
    /// The one rule for every command's availability: the toolbar greys out what this refuses, and the shell
    /// does nothing for it.
    func availability(_ facts: CommandFacts) -> Availability {
        let noImage = Availability.unavailable(reason: tr("open a photo first"))
        if let change = windowStateChange, change.turnsOn == false, !facts.windowStates.contains(change.name) {
            return .unavailable(reason: tr("the window is not in that state"))
        }
        switch self {
        case .undo: return facts.canUndo ? .available : .unavailable(reason: tr("nothing to undo"))
        case .redo: return facts.canRedo ? .available : .unavailable(reason: tr("nothing to redo"))
        case .reset: return facts.isDirty || facts.canUndo ? .available : .unavailable(reason: tr("nothing to reset"))
        case .save, .saveAs, .saveBeside, .saveOverOriginal:
            if !facts.hasImage { return noImage }
            if facts.isSaving { return .unavailable(reason: tr("saving…")) }
            if self == .saveOverOriginal, let why = facts.replaceUnavailable { return .unavailable(reason: why) }
            return .available
        case .straighten, .autoLevel, .perspective, .toggleGuides:
            if !facts.hasImage { return noImage }
            return facts.isAnimation
                ? .unavailable(reason: tr("an animation is cut, turned and flipped frame by frame; straightening would resample every frame"))
                : .available
        case .rotateLeft, .rotateRight, .flipHorizontal, .flipVertical, .cycleAspect, .swapAspectOrientation,
             .zoomIn, .zoomOut, .zoomToFit, .zoomToActualSize, .nudge, .resizeCrop, .editNumbers,
             .resetStraighten, .copyCrop, .resetPerspective:
            return facts.hasImage ? .available : noImage
        case .playPause, .stepFrame:
            return facts.isAnimation ? .available : .unavailable(reason: tr("the photo is not an animation"))
        case .photoGrid:
            return facts.hasList ? .available : .unavailable(reason: tr("open a photo or a folder first"))
        case .toggleLossless:
            if !facts.hasImage { return noImage }
            return facts.losslessUnavailable.map { .unavailable(reason: $0) } ?? .available
        default:
            return .available
        }
    }
}
