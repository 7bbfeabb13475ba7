import EditorState

/// What a decoder could not read of a photo: the stored rows from `intactRows` down are
/// damaged (missing or decoded from corrupt data); the rows above are exactly the pixels an
/// undamaged file gives.
public struct Damage: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The data stops before the picture does.
        case endsEarly
        /// The data is there but parts of it are corrupt.
        case corrupt
    }

    public let kind: Kind
    /// Stored rows 0..<intactRows are intact.
    public let intactRows: Int
    /// Stored rows whose coded blocks are all intact (a whole number of iMCU rows): what a
    /// lossless crop may take. At least `intactRows`: a pixel row may need the chroma block below it.
    public let intactBlockRows: Int
    public let storedSize: PixelSize
    /// The decoder's own words for the first problem.
    public let detail: String

    public init(kind: Kind, intactRows: Int, intactBlockRows: Int, storedSize: PixelSize, detail: String) {
        self.kind = kind
        self.intactRows = max(0, min(intactRows, storedSize.height))
        self.intactBlockRows = max(self.intactRows, min(intactBlockRows, storedSize.height))
        self.storedSize = storedSize
        self.detail = detail
    }

    /// The share of the picture that could be read, in whole percent, rounded down.
    public var intactPercent: Int { storedSize.height == 0 ? 0 : intactRows * 100 / storedSize.height }

    /// Whether a stored rect lies within the intact rows.
    public func contains(stored rect: PixelRect) -> Bool { rect.maxY <= intactRows }
}
