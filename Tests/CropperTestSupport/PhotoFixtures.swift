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

public struct ToolResult {
    public let status: Int32
    public let stdout: String
    public let stderr: String
    public let stdoutData: Data
}

public enum Tools {
    public static func available(_ name: String) -> Bool {
        ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") } ?? false
    }

    /// The tests' one way to run a tool to its end: its status, standard output and error. `environment` adds to
    /// or overrides the test's own variables (DISPLAY for an X tool on another display).
    @discardableResult
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> ToolResult {
        let process = Process()
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        }
        if executable.hasPrefix("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ToolResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                          stderr: String(decoding: errData, as: UTF8.self), stdoutData: outData)
    }

    public static func require(_ name: String) throws {
        guard available(name) else { throw skipping("\(name) is not installed") }
    }

    /// exiftool -j for one file, as a dictionary (numbers with -n when asked).
    public static func exiftool(_ path: String, numeric: Bool = false, groups: Bool = false) throws -> [String: Any] {
        var arguments = ["-j"]
        if numeric { arguments.append("-n") }
        if groups { arguments.append("-G") }
        let result = try run("exiftool", arguments + [path])
        let parsed = try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]]
        return parsed?.first ?? [:]
    }
}

public func readBytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}

/// Mean absolute difference per colour channel, 0–255.
public func meanAbsoluteDifference(_ a: Bitmap, _ b: Bitmap) -> Double {
    precondition(a.size == b.size, "sizes differ: \(a.size) vs \(b.size)")
    var total = 0
    for y in 0..<a.height {
        let ra = a.row(y), rb = b.row(y)
        for x in 0..<a.width {
            let p = ra[x], q = rb[x]
            for shift: UInt32 in [0, 8, 16] {
                total += abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF))
            }
        }
    }
    return Double(total) / Double(a.width * a.height * 3)
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

    public init(_ bitmap: Bitmap) {
        self.init(width: bitmap.width, height: bitmap.height) { bitmap.pixel(x: $0, y: $1) }
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

/// The built `cropper` executable, next to the test bundle in the products directory.
public func cropperBinary() throws -> String {
    let exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    var directory = URL(fileURLWithPath: exe).deletingLastPathComponent()
    if directory.lastPathComponent == "Contents" || directory.lastPathComponent == "MacOS" {
        directory = directory.deletingLastPathComponent()
    }
    let candidate = directory.appendingPathComponent("cropper").path
    guard FileManager.default.isExecutableFile(atPath: candidate) else {
        throw HarnessError.noExecutable(candidate)
    }
    return candidate
}
