import EditorState
import Localization

/// The size a crop is saved at, when not its own: exactly W×H, or scaled so its long edge is N pixels.
public enum ExportSize: Equatable, Sendable, Codable {
    case exact(width: Int, height: Int)
    case longEdge(Int)

    /// The output size for a crop of `crop` pixels (after the user's turn). Never below one pixel.
    public func outputSize(for crop: PixelSize) -> PixelSize {
        switch self {
        case let .exact(width, height):
            return PixelSize(width: width, height: height)
        case let .longEdge(edge):
            let long = max(crop.width, crop.height)
            guard long > 0 else { return crop }
            let scale = Double(edge) / Double(long)
            func side(_ value: Int) -> Int { value == long ? edge : max(1, Int((Double(value) * scale).rounded())) }
            return PixelSize(width: side(crop.width), height: side(crop.height))
        }
    }

    /// `1080x1080` (or `1080×1080`) for an exact size, a plain number for the long edge; nil otherwise.
    public init?(text: String) {
        let parts = text.lowercased().split(whereSeparator: { $0 == "x" || $0 == "×" }).map { Int($0) }
        switch parts.count {
        case 1: guard let edge = parts[0], edge > 0 else { return nil }; self = .longEdge(edge)
        case 2:
            guard let width = parts[0], let height = parts[1], width > 0, height > 0 else { return nil }
            self = .exact(width: width, height: height)
        default: return nil
        }
        guard isWithinLimits else { return nil }
    }

    /// How the size is written for people and in the settings: `1080×1080`, `long edge 2048`.
    public var label: String {
        switch self {
        case let .exact(width, height): "\(width) × \(height)"
        case let .longEdge(edge): tr("long edge %d", edge)
        }
    }

    /// The aspect ratio an exact size asks the box to keep; nil for a long edge (any shape fits).
    public var aspect: (width: Int, height: Int)? {
        if case let .exact(width, height) = self { return (width, height) }
        return nil
    }

    /// `aspect` with the common factor taken out (1080 × 1080 is 1:1), as an aspect lock names it.
    public var aspectInLowestTerms: (width: Int, height: Int)? {
        guard let (width, height) = aspect else { return nil }
        func divisor(_ a: Int, _ b: Int) -> Int { b == 0 ? max(1, a) : divisor(b, a % b) }
        let common = divisor(width, height)
        return (width / common, height / common)
    }

    var isWithinLimits: Bool {
        switch self {
        case let .exact(width, height): width <= PixelLimits.maxSide && height <= PixelLimits.maxSide
        case let .longEdge(edge): edge <= PixelLimits.maxSide
        }
    }

    /// Throws when the size would enlarge the crop and that was not asked for, or is beyond the limits.
    func check(crop: PixelSize, allowUpscale: Bool) throws -> PixelSize {
        let output = outputSize(for: crop)
        try PixelLimits.check(output)
        if !allowUpscale && (output.width > crop.width || output.height > crop.height) {
            throw UpscaleRefused(output: output, crop: crop)
        }
        return output
    }
}

/// The export size would enlarge the crop, which was not asked for.
public struct UpscaleRefused: Error, Equatable, Sendable, CustomStringConvertible {
    public let output: PixelSize
    public let crop: PixelSize

    public var description: String {
        tr("%1$d×%2$d would enlarge the %3$d×%4$d crop; Cropper only scales down", output.width, output.height, crop.width, crop.height)
    }
}
