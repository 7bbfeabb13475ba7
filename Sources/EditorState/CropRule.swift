/// A crop copied from one photo to be applied to many (the grid's Ctrl+Shift+V): how the box is carried over,
/// plus the quarter turns, flips and straightening. Everything is in displayed pixels: the photo as its EXIF
/// orientation shows it, then turned and flipped by the rule.
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

    public init(kind: Kind = .sameShapeSamePlace, box: PixelRect, photoSize: PixelSize, userTransform: Orientation = .normal,
                straighten: StraightenAngle = .zero) {
        self.kind = kind
        self.box = box
        self.photoSize = photoSize
        self.userTransform = userTransform
        self.straighten = straighten
    }

    /// The box's shape in lowest terms (3:2 for 1500 × 1000).
    public var shape: PixelSize {
        let divisor = Self.greatestCommonDivisor(box.width, box.height)
        return PixelSize(width: box.width / max(1, divisor), height: box.height / max(1, divisor))
    }

    /// Whether the box depends on the photo's content, so the photo must be read to place it.
    public var readsContent: Bool { kind == .smart }

    /// The edit that puts this rule on a photo of `storedSize` shown by `orientation`: the box, turns and
    /// straightening, the shape locked for the shape rules. `smart` places a box of a size inside a frame by
    /// the photo's content (needed only for `.smart`; centred without it).
    public func edit(storedSize: PixelSize, orientation: Orientation,
                     smart: ((PixelSize, PixelRect) -> PixelRect)? = nil) -> Result<CropEdit, Misfit> {
        let displayed = orientation.followed(by: userTransform).displayedSize(forStored: storedSize)
        return placedBox(in: displayed, smart: smart).map { rect in
            let locksShape = kind == .sameShapeSamePlace || kind == .centred || kind == .smart
            return CropEdit(crop: rect, userTransform: userTransform,
                            aspect: locksShape ? .custom(width: shape.width, height: shape.height) : .free,
                            straighten: straighten)
        }
    }

    /// The box on a photo of displayed size `size` (after the rule's turns).
    public func placedBox(in size: PixelSize, smart: ((PixelSize, PixelRect) -> PixelRect)? = nil) -> Result<PixelRect, Misfit> {
        let whole = PixelRect(size: size)
        let turned = WarpedPhoto(size: size, angle: straighten)
        switch kind {
        case .pixels:
            guard box.maxX <= size.width, box.maxY <= size.height else {
                return .failure(.tooSmall(photo: size, needs: PixelSize(width: box.maxX, height: box.maxY)))
            }
            guard straighten.isZero || turned.contains(box) else { return .failure(.offTheTurnedPhoto) }
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
            if !straighten.isZero { return .success(Placement.largest(width: shape.width, height: shape.height, on: turned, towards: target)) }
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
        straighten.isZero ? rect : turned.fitted(rect)
    }

    private static func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (abs(a), abs(b))
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
