/// The app state's saving part: the save under way (one at a time), what to do once it is done, and the last
/// file written for the open photo.
struct SaveProgress: Equatable {
    /// The plan of the save under way; nil when none is.
    private(set) var plan: SavePlan?
    /// What to do once the save under way has finished (the close question's "Save").
    var afterSave: ClosePurpose?
    /// The last file written from the open photo (nil again when another photo opens).
    private(set) var lastSaved: String?

    var isSaving: Bool { plan != nil }

    /// Starts a save; false while another is under way (its plan stays).
    mutating func begin(_ plan: SavePlan) -> Bool {
        guard self.plan == nil else { return false }
        self.plan = plan
        return true
    }

    /// The save is done: what was waiting for it, handed over once.
    mutating func finish() -> ClosePurpose? {
        let continuation = afterSave
        plan = nil
        afterSave = nil
        return continuation
    }

    /// A file written for the open photo.
    mutating func wrote(_ path: String) {
        lastSaved = path
    }

    /// Another photo opened: its saves start afresh.
    mutating func photoChanged() {
        lastSaved = nil
    }
}
