import Foundation
import PhotoIO

/// Animations made at test time by ImageMagick, gif2webp and img2webp: a GIF whose frames use every disposal,
/// transparency, local palettes and sub-rectangles, an optimised GIF, and animated WebPs from both tools.
public struct AnimationPhotos {
    /// 4 frames on 96×64: background disposal with transparency, a local palette restored by "previous", and a
    /// frame that keeps; delays 10, 20, 30, 40 cs; loops forever.
    public let disposals: String
    /// ImageMagick's `-layers optimize` of 6 moving frames: sub-rectangles and transparency; loop count 3.
    public let optimised: String
    /// gif2webp of `optimised` (lossless frames) and img2webp of three PNGs (lossy, 80, 120, 160 ms, loop 2).
    public let gifToWebP: String
    public let webP: String
    public let webPFrames: [String]
    /// apngasm of the three WebP frames (100, 250, 400 ms; plays twice).
    public let apng: String

    public static func make(in scratch: ScratchDirectory) throws -> AnimationPhotos {
        for tool in ["convert", "gif2webp", "img2webp", "apngasm"] { try Tools.require(tool) }
        let disposals = scratch.file("disposals.gif")
        try check(Tools.run("/usr/bin/convert", [
            "-dispose", "Background", "-delay", "10", "-size", "96x64", "xc:none", "-fill", "red", "-draw", "circle 30,30 30,10",
            "-dispose", "Previous", "-delay", "20", "-page", "+40+8", "-size", "40x40", "plasma:fractal",
            "-dispose", "None", "-delay", "30", "-page", "+10+20", "-size", "50x30", "xc:blue",
            "-dispose", "None", "-delay", "40", "-page", "+0+0", "-size", "96x64", "xc:none", "-fill", "yellow",
            "-draw", "rectangle 60,40 90,60", "-loop", "0", disposals]))
        var moving: [String] = []
        for frame in 0..<6 {
            let x = 8 + frame * 10
            moving += ["(", "-size", "120x90", "xc:white", "-fill", "green", "-draw", "circle \(x),45 \(x + 14),45",
                       "-fill", "navy", "-draw", "rectangle 70,\(10 + frame * 5) 110,\(30 + frame * 5)", ")"]
        }
        let optimised = scratch.file("optimised.gif")
        try check(Tools.run("/usr/bin/convert", ["-delay", "8"] + moving + ["-loop", "3", "-layers", "optimize", optimised]))
        let gifToWebP = scratch.file("from-gif.webp")
        try check(Tools.run("gif2webp", ["-quiet", optimised, "-o", gifToWebP]))
        var frames: [String] = []
        for (index, colour) in ["orange", "purple", "teal"].enumerated() {
            let frame = scratch.file("webp-frame\(index).png")
            try check(Tools.run("/usr/bin/convert", ["-size", "100x70", "plasma:fractal", "-fill", colour, "-draw",
                                                     "circle \(20 + index * 25),35 \(30 + index * 25),35", "-depth", "8", frame]))
            frames.append(frame)
        }
        let webP = scratch.file("img2webp.webp")
        try check(Tools.run("img2webp", ["-loop", "2", "-lossy", "-q", "80", "-d", "80", frames[0], "-d", "120", frames[1],
                                         "-d", "160", frames[2], "-o", webP]))
        // apngasm reads each frame's delay from a .txt file beside it.
        for (frame, delay) in zip(frames, ["10/100", "25/100", "40/100"]) {
            try "delay=\(delay)\n".write(toFile: String(frame.dropLast(4)) + ".txt", atomically: true, encoding: .utf8)
        }
        let apng = scratch.file("apngasm.png")
        try check(Tools.run("apngasm", [apng] + frames + ["-l2"]))
        return AnimationPhotos(disposals: disposals, optimised: optimised, gifToWebP: gifToWebP, webP: webP,
                               webPFrames: frames, apng: apng)
    }

    private static func check(_ result: ToolResult) throws {
        guard result.status == 0 else { throw PhotoIOError.cannotWrite("fixture tool failed: \(result.stderr)") }
    }
}

/// ImageMagick's own view of an animation: every frame coalesced (and cropped, turned as asked), as PNGs.
public enum CoalescedFrames {
    public static func of(_ path: String, in scratch: ScratchDirectory, name: String, operations: [String] = []) throws -> [String] {
        let pattern = scratch.file("\(name)-%03d.png")
        let result = try Tools.run("/usr/bin/convert", [path, "-coalesce"] + operations + [pattern])
        guard result.status == 0 else { throw PhotoIOError.cannotWrite("convert failed: \(result.stderr)") }
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.path)
            .filter { $0.hasPrefix("\(name)-") && $0.hasSuffix(".png") }.sorted()
        return names.map(scratch.file)
    }
}

/// What two frames show differently: pixels whose alpha differs, or whose colour does where either is visible
/// (a wholly transparent pixel's colour is not seen).
public enum VisiblePixels {
    public static func differing(_ a: Bitmap, _ b: Bitmap) -> Int {
        guard a.size == b.size else { return a.width * a.height }
        var count = 0
        for y in 0..<a.height {
            let left = a.row(y), right = b.row(y)
            for x in 0..<a.width where left[x] != right[x] && (left[x] >> 24 != 0 || right[x] >> 24 != 0) { count += 1 }
        }
        return count
    }
}
