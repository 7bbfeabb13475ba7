import CX11

/// Quitting while the copied crop is on the CLIPBOARD would take it away with the process. When a clipboard
/// manager runs (it owns `CLIPBOARD_MANAGER`), the window asks it to keep the crop — freedesktop's clipboard
/// manager convention, as GTK and Qt do: a `SAVE_TARGETS` conversion naming the target to keep; the manager
/// fetches it from us (usually through `MULTIPLE`) and answers with a SelectionNotify. The window is hidden
/// meanwhile. The process ends at the answer; or when the manager has been silent for `patience` seconds while
/// nothing of ours was rendering or in transfer (xfce4-clipman, which copies every clipboard as it changes, never
/// answers); or after `limit` seconds whatever happens.
struct ClipboardHandoff {
    static let patience = 5.0
    static let limit = 30.0
    let started = MonotonicClock.now()
    private(set) var lastActivity = MonotonicClock.now()
    var answered = false

    func isWaiting(busy: Bool, now: Double = MonotonicClock.now()) -> Bool {
        !answered && now < started + Self.limit && (busy || now < lastActivity + Self.patience)
    }

    mutating func noteActivity() {
        lastActivity = MonotonicClock.now()
    }
}

extension Clipboard {
    /// Asks the clipboard manager to keep the copied crop; false when there is no crop or no manager.
    public func beginHandoff() -> Bool {
        guard handoff == nil, let kept = renderedOffer?.offer.mimeTypes.first,
              XGetSelectionOwner(display, clipboardManager) != Window(0)
        else { return false }
        // One format is enough to paste the crop later, and the manager renders nothing twice.
        writeAtoms([atom(for: kept)], to: window, property: handoffProperty, type: Self.atomType)
        XConvertSelection(display, clipboardManager, saveTargets, handoffProperty, window, lastEventTime)
        XFlush(display)
        handoff = ClipboardHandoff()
        return true
    }

    /// The manager's SelectionNotify: it kept the crop, or (property None) would not.
    func handoffAnswered() {
        handoff?.answered = true
    }

    func isHandoffAnswer(selection: Atom) -> Bool {
        selection == clipboardManager
    }

    /// True until the manager answered or went quiet for too long.
    public var isHandingOff: Bool {
        handoff?.isWaiting(busy: !rendering.isEmpty || !transfers.isEmpty) ?? false
    }
}
