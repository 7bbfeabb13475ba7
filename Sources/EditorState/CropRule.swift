/// A crop copied from one photo to be applied to many (the grid's Ctrl+Shift+V): how the box is carried over,
/// plus the quarter turns, flips, straightening and perspective, or the guide lines the correction is worked out
/// from on each photo. Everything is in displayed pixels: the photo as its EXIF orientation shows it, then turned
/// and flipped by the rule.
public struct CropRule: Sendable, Equatable {
    /// How the box of the photo it was copied from becomes a box on another photo.
    public enum Kind: String, Sendable, CaseIterable {
        /// The same shape (width : height in pixels), centred at the same fraction of the photo and covering the
        /// same fraction of its area, shrunk to fit when the photo is narrower. The default.
        case sameShapeSamePlace
        /// The same fractions of the photo's width and height: the shape follows the photo's.
        case relative
        /// The same pixels; a photo too small for them is not cropped.
        case pixels
        /// The largest box of the shape, centred.
        case centred
        /// The largest box of the shape where the photo's content is (the command line's `--gravity smart`).
        case smart
    }

    /// Why a photo does not take the rule.
    public enum Misfit: Sendable, Equatable, Error {
        /// The pixels reach past the photo's edge (`needs` is the box's far corner).
        case tooSmall(photo: PixelSize, needs: PixelSize)
        /// The pixels fall off the straightened photo's corners.
        case offTheTurnedPhoto
    }

    public var kind: Kind
    /// The box on the photo it was copied from, and that photo's displayed size (after the turns).
    public let box: PixelRect
    public let photoSize: PixelSize
    public var userTransform: Orientation
    public var straighten: StraightenAngle
    /// The same re-projection on every photo (the command line's `--perspective`); unused with guides.
    public var perspective: PerspectiveAngles
    /// Guide lines on the photo it was copied from (displayed pixels of `photoSize`, before the warp): each photo
    /// gets them at the same fractions of its size and its own correction worked out from them (the command
    /// line's `--guides`), in place of the straightening and perspective above.
    public var guides: [LineSegment]

    public init(kind: Kind = .sameShapeSamePlace, box: PixelRect, photoSize: PixelSize, userTransform: Orientation = .normal,
                straighten: StraightenAngle = .zero, perspective: PerspectiveAngles = .zero, guides: [LineSegment] = []) {
        self.kind = kind
        self.box = box
        self.photoSize = photoSize
        self.userTransform = userTransform
        self.straighten = straighten
        self.perspective = perspective
        self.guides = guides
    }

    /// Whether the photos are turned off the pixel grid or re-projected (so their crops are resampled).
    public var warps: Bool { !straighten.isZero || !perspective.isZero || !guides.isEmpty }

    /// The box's shape in lowest terms (3:2 for 1500 × 1000).
    public var shape: PixelSize {
        let divisor = Self.greatestCommonDivisor(box.width, box.height)
        return PixelSize(width: box.width / max(1, divisor), height: box.height / max(1, divisor))
    }

    /// Whether the box depends on the photo's content, so the photo must be read to place it.
    public var readsContent: Bool { kind == .smart }

    /// The edit that puts this rule on a photo of `storedSize` shown by `orientation`, taken with a lens of
    /// `focal35mm` (what the perspective turns about): the box, turns, straightening and perspective (or the
    /// guides and what they give on this photo), the shape locked for the shape rules. `smart` places a box of a
    /// size inside a frame by the photo's content (needed only for `.smart`; centred without it).
    public func edit(storedSize: PixelSize, orientation: Orientation, focal35mm: Double? = nil,
                     smart: ((PixelSize, PixelRect) -> PixelRect)? = nil) -> Result<CropEdit, Misfit> {
        let displayed = orientation.followed(by: userTransform).displayedSize(forStored: storedSize)
        let lens = focal35mm ?? CameraLens.defaultFocal35mm
        let lines = guides(on: displayed)
        var angles = WarpAngles(straighten: straighten, perspective: perspective)
        if !lines.isEmpty {
            // Guides that give nothing on this photo leave it as it is, as the command line's do.
            angles = Upright.guided(lines, size: displayed, focal35mm: lens) ?? WarpAngles(straighten: .zero)
        }
        let warp = WarpedPhoto(size: displayed, angle: angles.straighten, perspective: angles.perspective, focal35mm: lens)
        return placedBox(in: displayed, warp: warp, smart: smart).map { rect in
            let locksShape = kind == .sameShapeSamePlace || kind == .centred || kind == .smart
            return CropEdit(crop: rect, userTransform: userTransform,
                            aspect: locksShape ? .custom(width: shape.width, height: shape.height) : .free,
                            straighten: angles.straighten, perspective: angles.perspective, guides: lines)
        }
    }

    /// The guides at the same fractions of a photo of displayed size `size`.
    public func guides(on size: PixelSize) -> [LineSegment] {
        let sx = Double(size.width) / Double(max(1, photoSize.width))
        let sy = Double(size.height) / Double(max(1, photoSize.height))
        return guides.map { LineSegment($0.start.x * sx, $0.start.y * sy, $0.end.x * sx, $0.end.y * sy) }
    }

    /// The box on a photo of displayed size `size` (after the rule's turns), turned and re-projected as `warp`
    /// (the rule's straightening alone when not given).
    public func placedBox(in size: PixelSize, warp: WarpedPhoto? = nil,
                          smart: ((PixelSize, PixelRect) -> PixelRect)? = nil) -> Result<PixelRect, Misfit> {
        let whole = PixelRect(size: size)
        let turned = warp ?? WarpedPhoto(size: size, angle: straighten, perspective: perspective)
        switch kind {
        case .pixels:
            guard box.maxX <= size.width, box.maxY <= size.height else {
                return .failure(.tooSmall(photo: size, needs: PixelSize(width: box.maxX, height: box.maxY)))
            }
            guard turned.isIdentity || turned.contains(box) else { return .failure(.offTheTurnedPhoto) }
            return .success(box)
        case .relative:
            return .success(onTurnedPhoto(relativeBox(in: size), turned))
        case .sameShapeSamePlace:
            return .success(onTurnedPhoto(sameShapeBox(in: size), turned))
        case .centred, .smart:
            let target: (PixelSize) -> PixelRect = { boxSize in
                if kind == .smart, let smart { return smart(boxSize, whole) }
                return Placement.place(boxSize, in: whole, gravity: .centre)
            }
            if !turned.isIdentity { return .success(Placement.largest(width: shape.width, height: shape.height, on: turned, towards: target)) }
            return .success(target(Placement.largestSize(width: shape.width, height: shape.height, in: size)))
        }
    }

    /// The same fractions of the width and height, at least a pixel, inside the photo.
    func relativeBox(in size: PixelSize) -> PixelRect {
        let sx = Double(size.width) / Double(photoSize.width), sy = Double(size.height) / Double(photoSize.height)
        let width = min(size.width, max(1, Int((Double(box.width) * sx).rounded())))
        let height = min(size.height, max(1, Int((Double(box.height) * sy).rounded())))
        let x = min(size.width - width, max(0, Int((Double(box.x) * sx).rounded())))
        let y = min(size.height - height, max(0, Int((Double(box.y) * sy).rounded())))
        return PixelRect(x: x, y: y, width: width, height: height)
    }

    /// The same shape and share of the area, centred at the same fraction of the photo (as far as the edges allow).
    func sameShapeBox(in size: PixelSize) -> PixelRect {
        let areaShare = Double(box.width) * Double(box.height) / (Double(photoSize.width) * Double(photoSize.height))
        let ratio = Double(box.width) / Double(box.height)
        let area = areaShare * Double(size.width) * Double(size.height)
        var width = (area * ratio).squareRoot(), height = (area / ratio).squareRoot()
        let shrink = min(1, Double(size.width) / width, Double(size.height) / height)
        width *= shrink
        height *= shrink
        let boxSize: PixelSize
        if width >= height {
            let w = min(size.width, max(1, Int(width.rounded())))
            boxSize = PixelSize(width: w, height: min(size.height, max(1, Int((Double(w) / ratio).rounded()))))
        } else {
            let h = min(size.height, max(1, Int(height.rounded())))
            boxSize = PixelSize(width: min(size.width, max(1, Int((Double(h) * ratio).rounded()))), height: h)
        }
        let centre = Point(x: box.center.x / Double(photoSize.width) * Double(size.width),
                           y: box.center.y / Double(photoSize.height) * Double(size.height))
        return Placement.place(boxSize, in: PixelRect(size: size), centredOn: centre)
    }

    private func onTurnedPhoto(_ rect: PixelRect, _ turned: WarpedPhoto) -> PixelRect {
        turned.isIdentity ? rect : turned.fitted(rect)
    }

    private static func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (abs(a), abs(b))
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
