import EditorState
import Localization

/// What part of each photo to crop: an exact rect, or the largest box of an aspect placed by a gravity or by the
/// photo's content, inside the whole photo or inside what a trimmed border leaves. The command line resolves it
/// for every photo of a batch; the window's grid will for every thumbnail.
public struct CropPlacement: Sendable, Equatable {
    public enum Position: Sendable, Equatable {
        case gravity(Gravity)
        case smart
    }

    /// An exact rect in displayed pixels; the other choices are then unused.
    public var rect: PixelRect?
    /// Width and height of the box's shape, e.g. 4 and 5.
    public var aspect: PixelSize?
    public var position: Position = .gravity(.centre)
    /// Remove a uniform border first, with this fuzz (percent of the channel range).
    public var trimFuzz: Double?

    public init(rect: PixelRect? = nil, aspect: PixelSize? = nil, position: Position = .gravity(.centre),
                trimFuzz: Double? = nil) {
        self.rect = rect
        self.aspect = aspect
        self.position = position
        self.trimFuzz = trimFuzz
    }

    /// The box for one photo, with notes for the user, and where the interest lay when it was placed smartly.
    public struct Resolved: Sendable, Equatable {
        public let rect: PixelRect
        public let notes: [String]
        public let centreOfInterest: Point?
    }

    /// The box for `source`, in displayed pixels, or (when `warped`: straightened, corrected for perspective) in
    /// the corrected frame, where an aspect box is the largest of its shape moved towards the gravity's place.
    public func resolve(for source: PhotoSource, warped: WarpedPhoto? = nil) throws -> Resolved {
        let warped = warped.flatMap { $0.isIdentity ? nil : $0 }
        if let rect { return Resolved(rect: rect, notes: [], centreOfInterest: nil) }
        let whole = PixelRect(size: source.displayedSize)
        var frame = whole, notes: [String] = []
        if let trimFuzz {
            guard warped == nil else {
                throw PhotoIOError.invalidRequest(tr("a border is trimmed from the photo as it is, not straightened"))
            }
            switch try BorderTrim.find(in: source, fuzzPercent: trimFuzz) {
            case .border(let inside): frame = inside
            case .noBorder: notes.append(tr("no uniform border found; the photo is left whole"))
            case .allBorder: notes.append(tr("the photo is all one colour; it is left whole"))
            }
        }
        guard let aspect else { return Resolved(rect: frame, notes: notes, centreOfInterest: nil) }
        let interest = position == .smart ? try InterestScore.map(for: source) : nil
        func target(_ size: PixelSize, in frame: PixelRect) -> (PixelRect, Point?) {
            switch position {
            case .gravity(let gravity): return (Placement.place(size, in: frame, gravity: gravity), nil)
            case .smart:
                let choice = interest!.bestBox(size, in: frame)
                return (choice.rect, choice.centreOfInterest)
            }
        }
        if let warped {
            var centre: Point?
            let rect = Placement.largest(width: aspect.width, height: aspect.height, on: warped) { size in
                let (box, point) = target(size, in: whole)
                centre = point
                return box
            }
            return Resolved(rect: rect, notes: notes, centreOfInterest: centre)
        }
        let size = Placement.largestSize(width: aspect.width, height: aspect.height, in: frame.size)
        let (rect, centre) = target(size, in: frame)
        return Resolved(rect: rect, notes: notes, centreOfInterest: centre)
    }
}
