/// The app state's saving part: the save under way (one at a time), what to do once it is done, and the last
/// file written for the open photo.
struct SaveProgress: Equatable {
    /// The plan of the save under way; nil when none is.
    private(set) var plan: SavePlan?
    /// What to do once the save under way has finished (the close question's "Save").
    var afterSave: ClosePurpose?
    /// The last file written from the open photo (nil again when another photo opens).
    private(set) var lastSaved: String?
    /// How far the save under way has come, in per cent, when its encoder says (re-encoded HEIC and AVIF do).
    private(set) var percent: Int?

    var isSaving: Bool { plan != nil }

    /// Starts a save; false while another is under way (its plan stays).
    mutating func begin(_ plan: SavePlan) -> Bool {
        guard self.plan == nil else { return false }
        self.plan = plan
        percent = nil
        return true
    }

    /// The save is done: what was waiting for it, handed over once.
    mutating func finish() -> ClosePurpose? {
        let continuation = afterSave
        plan = nil
        afterSave = nil
        percent = nil
        return continuation
    }

    /// The encoder's word on the save under way; false when none is. Tiles finish on several threads: a late
    /// message never takes the figure back.
    mutating func advanced(to percent: Int) -> Bool {
        guard isSaving else { return false }
        self.percent = max(self.percent ?? 0, percent)
        return true
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
