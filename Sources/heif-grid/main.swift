import EditorState
import Glibc
import PhotoIO

// heif-grid INPUT OUTPUT.heic [--tile 512] [--quality 80] [--thumbnail 320] [--turn 1..8] [--crop X,Y,W,H] [--preset P]
// Makes a phone-style HEIC (a grid of HEVC tiles, a thumbnail, the input's ICC profile, EXIF and XMP) for tests and
// benchmarks: libheif 1.15's heif-enc cannot write grids. --turn stores the picture with irot/imir that show it
// upright: the pixels are turned by the inverse of the EXIF orientation given, and the file says how to turn them back.

func fail(_ message: String) -> Never {
    let line = "heif-grid: \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(1)
}

nonisolated(unsafe) var arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    defer { arguments.removeSubrange(index...index + 1) }
    return arguments[index + 1]
}
let tile = option("--tile").flatMap { Int($0) } ?? 512
// libheif codes a picture under 64 pixels as a one-tile grid of its own, which cannot be a tile.
guard tile >= 64 else { fail("--tile must be 64 or more") }
let quality = option("--quality").flatMap { Int($0) } ?? 80
let thumbnail = option("--thumbnail").flatMap { Int($0) }
let turn = Orientation(rawValue: option("--turn").flatMap { Int($0) } ?? 1) ?? .normal
// x265's preset for the tiles (libheif's default, "slow", without it).
let preset = option("--preset")
let crop = option("--crop").map { $0.split(separator: ",").compactMap { Int($0) } }
guard arguments.count == 2 else { fail("usage: heif-grid INPUT OUTPUT.heic [--tile N] [--quality Q] [--thumbnail N] [--turn 1-8] [--crop X,Y,W,H] [--preset P]") }

do {
    let source = try PhotoSource.open(path: arguments[0])
    var picture = try HEIFGridAssembler.picture(of: source, tile: tile, quality: quality, thumbnailSide: thumbnail,
                                                storedAs: turn.inverse, preset: preset)
    picture.transform = turn
    if let crop {
        guard crop.count == 4 else { fail("--crop takes X,Y,W,H") }
        picture.crop = PixelRect(x: crop[0], y: crop[1], width: crop[2], height: crop[3])
    }
    try AtomicFile.write(try HEIFGridAssembler.assemble(picture), to: arguments[1], overwrite: true)
} catch let error as PhotoIOError {
    fail(error.reason)
} catch {
    fail("\(error)")
}
