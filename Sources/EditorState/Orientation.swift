/// The eight EXIF orientations, as the elements of the dihedral group D4 acting on an image.
///
/// Each case names the transform that turns the stored bitmap into the displayed picture
/// (EXIF semantics: `.rotate90CW` = 6 means "rotate the stored bitmap 90° clockwise to display it").
/// The same values describe the user's own rotations and flips, so they compose with `followed(by:)`.
public enum Orientation: Int, Sendable, Hashable, CaseIterable {
    case normal = 1
    case mirrorHorizontal = 2
    case rotate180 = 3
    case mirrorVertical = 4
    /// Mirror horizontal, then rotate 270° CW: swaps x and y.
    case transpose = 5
    case rotate90CW = 6
    /// Mirror horizontal, then rotate 90° CW.
    case transverse = 7
    case rotate270CW = 8

    /// The name exiftool prints for this orientation.
    public var name: String {
        switch self {
        case .normal: "Horizontal (normal)"
        case .mirrorHorizontal: "Mirror horizontal"
        case .rotate180: "Rotate 180"
        case .mirrorVertical: "Mirror vertical"
        case .transpose: "Mirror horizontal and rotate 270 CW"
        case .rotate90CW: "Rotate 90 CW"
        case .transverse: "Mirror horizontal and rotate 90 CW"
        case .rotate270CW: "Rotate 270 CW"
        }
    }

    /// True when the displayed picture is the stored bitmap turned a quarter: width and height trade places.
    public var swapsAxes: Bool { matrix.a == 0 }

    /// This transform, then `next`.
    public func followed(by next: Orientation) -> Orientation {
        Orientation(matrix: next.matrix.multiplied(by: matrix))
    }

    /// The transform that undoes this one: `o.followed(by: o.inverse) == .normal`.
    public var inverse: Orientation { Orientation(matrix: matrix.transposed) }

    var rotatedRight: Orientation { followed(by: .rotate90CW) }
    var rotatedLeft: Orientation { followed(by: .rotate270CW) }
    var rotated180: Orientation { followed(by: .rotate180) }
    public var flippedHorizontally: Orientation { followed(by: .mirrorHorizontal) }
    public var flippedVertically: Orientation { followed(by: .mirrorVertical) }
}

/// A 2×2 matrix with entries in {-1, 0, 1}: x' = a·x + b·y, y' = c·x + d·y, with y pointing down.
struct OrientationMatrix: Hashable {
    var a: Int, b: Int, c: Int, d: Int

    /// self · other: apply `other` first, then `self`.
    func multiplied(by other: OrientationMatrix) -> OrientationMatrix {
        OrientationMatrix(a: a * other.a + b * other.c, b: a * other.b + b * other.d,
                          c: c * other.a + d * other.c, d: c * other.b + d * other.d)
    }

    var transposed: OrientationMatrix { OrientationMatrix(a: a, b: c, c: b, d: d) }
}

extension Orientation {
    var matrix: OrientationMatrix {
        switch self {
        case .normal: OrientationMatrix(a: 1, b: 0, c: 0, d: 1)
        case .mirrorHorizontal: OrientationMatrix(a: -1, b: 0, c: 0, d: 1)
        case .rotate180: OrientationMatrix(a: -1, b: 0, c: 0, d: -1)
        case .mirrorVertical: OrientationMatrix(a: 1, b: 0, c: 0, d: -1)
        case .transpose: OrientationMatrix(a: 0, b: 1, c: 1, d: 0)
        case .rotate90CW: OrientationMatrix(a: 0, b: -1, c: 1, d: 0)
        case .transverse: OrientationMatrix(a: 0, b: -1, c: -1, d: 0)
        case .rotate270CW: OrientationMatrix(a: 0, b: 1, c: -1, d: 0)
        }
    }

    /// The products of group elements are always group elements, so the lookup cannot miss.
    init(matrix: OrientationMatrix) {
        self = Orientation.allCases.first { $0.matrix == matrix } ?? .normal
    }
}
