import EditorState
import Foundation
import PhotoIO

public enum Fixtures {
    public static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/exif-orientation").path

    public static func path(_ set: String, _ orientation: Int) -> String {
        "\(directory)/\(set)_\(orientation).jpg"
    }

    public static let sets = ["Landscape", "Portrait"]
}

/// A scratch directory removed when the test ends.
public final class ScratchDirectory {
    public let path: String

    public init() throws {
        var template = Array("\(NSTemporaryDirectory())/cropper-test.XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw PhotoIOError.cannotWrite("mkdtemp")
        }
        // NSTemporaryDirectory() ends in a slash: the path is made clean, as the window reports paths.
        path = URL(fileURLWithPath: String(cString: made)).standardizedFileURL.path
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    public func file(_ name: String) -> String { "\(path)/\(name)" }

    public func copy(_ source: String, as name: String) throws -> String {
        let destination = file(name)
        try FileManager.default.copyItem(atPath: source, toPath: destination)
        return destination
    }

    public func write(_ bytes: [UInt8], as name: String) throws -> String {
        let destination = file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: destination))
        return destination
    }

    public var entries: [String] { (try? FileManager.default.contentsOfDirectory(atPath: path))?.sorted() ?? [] }
}

public func readBytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}

/// Mean absolute difference per colour channel, 0–255.
public func meanAbsoluteDifference(_ a: Bitmap, _ b: Bitmap) -> Double {
    Double(channelDifferences(a, b).absolute) / Double(a.width * a.height * 3)
}

/// The sums of |a − b| and (a − b)² over every colour channel of two bitmaps of one size (the alpha byte left
/// out). Plain while loops over bytes: the tests are built unoptimised, where an iterator or a generic call per
/// pixel costs seconds on a photo.
public func channelDifferences(_ a: Bitmap, _ b: Bitmap) -> (absolute: Int, squared: Int) {
    precondition(a.size == b.size, "sizes differ: \(a.size) vs \(b.size)")
    var absolute = 0, squared = 0
    let bytesPerRow = a.width * 4
    var y = 0
    while y < a.height {
        let ra = UnsafeRawPointer(a.row(y)).assumingMemoryBound(to: UInt8.self)
        let rb = UnsafeRawPointer(b.row(y)).assumingMemoryBound(to: UInt8.self)
        var i = 0
        while i < bytesPerRow {
            // Blue, green, red; byte 3 is alpha.
            if i & 3 != 3 {
                let d = Int(ra[i]) - Int(rb[i])
                absolute += d < 0 ? -d : d
                squared += d * d
            }
            i += 1
        }
        y += 1
    }
    return (absolute, squared)
}

/// Reference semantics of the EXIF Orientation tag, written from its definition
/// (which stored row/column becomes the displayed top/left), independent of PixelTransform.
public func uprightPixel(_ stored: Bitmap, orientation: Int, x: Int, y: Int) -> UInt32 {
    let w = stored.width, h = stored.height
    let (sx, sy): (Int, Int)
    switch orientation {
    case 2: (sx, sy) = (w - 1 - x, y)
    case 3: (sx, sy) = (w - 1 - x, h - 1 - y)
    case 4: (sx, sy) = (x, h - 1 - y)
    case 5: (sx, sy) = (y, x)
    case 6: (sx, sy) = (y, h - 1 - x)
    case 7: (sx, sy) = (w - 1 - y, h - 1 - x)
    case 8: (sx, sy) = (w - 1 - y, x)
    default: (sx, sy) = (x, y)
    }
    return stored.pixel(x: sx, y: sy)
}

/// The user's turn named as the command line names it: clockwise degrees, then the flips.
public func userTurn(_ degrees: Int, flipH: Bool = false, flipV: Bool = false) -> Orientation {
    var turn = Orientation.normal
    for _ in 0..<(degrees / 90) { turn = turn.followed(by: .rotate90CW) }
    if flipH { turn = turn.flippedHorizontally }
    if flipV { turn = turn.flippedVertically }
    return turn
}

/// A grid of pixels computed with plain loops, for exact comparisons.
public struct PixelGrid: Equatable {
    /// Compared as memory: the synthesised comparison goes element by element, unoptimised.
    public static func == (a: PixelGrid, b: PixelGrid) -> Bool {
        guard a.width == b.width, a.height == b.height, a.pixels.count == b.pixels.count else { return false }
        guard !a.pixels.isEmpty else { return true }
        return a.pixels.withUnsafeBytes { x in b.pixels.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
    }

    public var width: Int
    public var height: Int
    public var pixels: [UInt32]

    public init(width: Int, height: Int, _ value: (Int, Int) -> UInt32) {
        self.width = width
        self.height = height
        pixels = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height { for x in 0..<width { pixels.append(value(x, y)) } }
    }

    /// The bitmap's pixels as `Bitmap.pixel` reads them, copied a row at a time (the tests are built
    /// unoptimised, where a call per pixel costs seconds on a photo).
    public init(_ bitmap: Bitmap) {
        width = bitmap.width
        height = bitmap.height
        var pixels = [UInt32](repeating: 0, count: bitmap.width * bitmap.height)
        let opaque = bitmap.alpha == .opaque
        pixels.withUnsafeMutableBufferPointer { grid in
            for y in 0..<bitmap.height {
                let start = grid.baseAddress! + y * bitmap.width
                start.update(from: bitmap.row(y), count: bitmap.width)
                if opaque {
                    for x in 0..<bitmap.width { start[x] |= 0xFF00_0000 }
                }
            }
        }
        self.pixels = pixels
    }

    public subscript(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }

    /// Clockwise quarter turns, then mirrors, each written out as loops.
    public func rotated(_ degrees: Int) -> PixelGrid {
        switch degrees {
        case 90: return PixelGrid(width: height, height: width) { x, y in self[y, height - 1 - x] }
        case 180: return PixelGrid(width: width, height: height) { x, y in self[width - 1 - x, height - 1 - y] }
        case 270: return PixelGrid(width: height, height: width) { x, y in self[width - 1 - y, x] }
        default: return self
        }
    }

    public func flippedHorizontally() -> PixelGrid { PixelGrid(width: width, height: height) { self[width - 1 - $0, $1] } }
    public func flippedVertically() -> PixelGrid { PixelGrid(width: width, height: height) { self[$0, height - 1 - $1] } }
}
