/// Undo and redo stacks of snapshots. The owner records the state *before* each completed edit.
public struct History<Snapshot: Sendable & Hashable>: Sendable, Hashable {
    public static var defaultLimit: Int { 200 }

    public private(set) var undoStack: [Snapshot] = []
    public private(set) var redoStack: [Snapshot] = []
    public let limit: Int

    public init(limit: Int = History.defaultLimit) {
        self.limit = max(1, limit)
    }

    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

    /// A new edit was made on top of `previous`: it can be undone, and the redo stack is gone.
    public mutating func record(_ previous: Snapshot) {
        undoStack.append(previous)
        if undoStack.count > limit { undoStack.removeFirst(undoStack.count - limit) }
        redoStack.removeAll()
    }

    /// Forgets the latest step without making it redoable (an edit taken back as if it never happened).
    mutating func discardLast() -> Snapshot? {
        undoStack.popLast()
    }

    /// The snapshot to go back to, or nil when there is none. `current` becomes redoable.
    public mutating func undo(from current: Snapshot) -> Snapshot? {
        guard let previous = undoStack.popLast() else { return nil }
        redoStack.append(current)
        return previous
    }

    /// The snapshot to go forward to, or nil when there is none. `current` becomes undoable.
    public mutating func redo(from current: Snapshot) -> Snapshot? {
        guard let next = redoStack.popLast() else { return nil }
        undoStack.append(current)
        return next
    }
}

/// Everything the user edits about a photo, as one undoable value. The viewport is not part of it.
public struct CropEdit: Sendable, Hashable {
    public var crop: PixelRect?
    public var userTransform: Orientation
    public var aspect: AspectRatio
    /// The straighten angle, after the rotation and flip.
    public var straighten: StraightenAngle
    /// The box the user made, while straightening keeps `crop` smaller than it; nil when `crop` is that box.
    public var madeBox: MadeBox?
    /// Vertical and horizontal perspective, after the rotation and flip.
    public var perspective: PerspectiveAngles
    /// Guided mode's lines (displayed pixels, before the warp).
    public var guides: [LineSegment]

    public init(crop: PixelRect? = nil, userTransform: Orientation = .normal, aspect: AspectRatio = .free,
                straighten: StraightenAngle = .zero, madeBox: MadeBox? = nil, perspective: PerspectiveAngles = .zero,
                guides: [LineSegment] = []) {
        self.perspective = perspective
        self.guides = guides
        self.crop = crop
        self.userTransform = userTransform
        self.aspect = aspect
        self.straighten = straighten
        self.madeBox = madeBox
    }

    /// No crop, no rotation, flip, straightening or perspective, free aspect.
    public static let original = CropEdit()
}
