import CropperTestSupport
import Foundation

/// Photos made by ImageMagick for trim and smart placement, whose answer is known from how they were made.
enum PlacementPhotos {
    static let convert = "/usr/bin/convert"

    /// A detailed 600 × 400 picture (a plasma fractal with noise) inside a border of `colour`, `sides` wide
    /// (left, top, right, bottom), saved as a JPEG of quality 90 with 4:2:0 chroma.
    static func bordered(_ name: String, colour: String, sides: (Int, Int, Int, Int), seed: Int,
                         in scratch: ScratchDirectory) throws -> String {
        let path = scratch.file(name)
        try run([convert, "-size", "600x400", "-seed", "\(seed)", "plasma:fractal", "-attenuate", "0.6", "+noise",
                 "Gaussian", "-background", colour, "-gravity", "northwest", "-splice", "\(sides.0)x\(sides.1)",
                 "-gravity", "southeast", "-splice", "\(sides.2)x\(sides.3)", "+repage", "-sampling-factor", "2x2",
                 "-quality", "90", path])
        return path
    }

    /// A detailed subject (noise, a line and a circle on a plasma) of `subject` size at `at` on a `size` picture
    /// whose background is a plain colour or, when `blurred`, a plasma blurred to nothing but soft gradients.
    static func subject(_ name: String, size: (Int, Int), subject: (Int, Int), at: (Int, Int), blurred: Bool,
                        seed: Int, in scratch: ScratchDirectory) throws -> String {
        let path = scratch.file(name)
        let background = blurred ? ["-size", "\(size.0)x\(size.1)", "-seed", "\(seed)", "plasma:fractal", "-blur", "0x24"]
            : ["-size", "\(size.0)x\(size.1)", "xc:#5b7fa6"]
        let (w, h) = subject
        try run([convert] + background + ["(", "-size", "\(w)x\(h)", "-seed", "\(seed + 1)", "plasma:fractal",
                 "-attenuate", "1.5", "+noise", "Gaussian", "-fill", "none", "-stroke", "#101010", "-strokewidth", "3",
                 "-draw", "line 0,0 \(w),\(h)", "-draw", "circle \(w / 2),\(h / 2) \(w / 2),\(h / 5)", ")",
                 "-geometry", "+\(at.0)+\(at.1)", "-composite", "-sampling-factor", "2x2", "-quality", "90", path])
        return path
    }

    /// `vips find_trim` with the top-left pixel as the background and `threshold` levels.
    static func vipsTrim(_ path: String, threshold: Double) throws -> (Int, Int, Int, Int) {
        let corner = try Tools.run("vips", ["getpoint", path, "0", "0"]).stdout.split(separator: " ").prefix(3)
        let found = try Tools.run("vips", ["find_trim", path, "--threshold", "\(threshold)", "--background",
                                           corner.joined(separator: " ")]).stdout.split(separator: "\n").compactMap { Int($0) }
        return (found[0], found[1], found[2], found[3])
    }

    private static func run(_ arguments: [String]) throws {
        let result = try Tools.run(arguments[0], Array(arguments.dropFirst()))
        guard result.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: ["stderr": result.stderr]) }
    }
}
