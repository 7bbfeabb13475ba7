import CropperTestSupport
import EditorState
import Foundation
import Glibc
@testable import PhotoIO

/// A file made to trip a photo reader, and what reading it must give.
struct HostileFile {
    enum Verdict: Equatable {
        /// Read without complaint (warnings allowed).
        case opens
        /// Refused with exactly this reason (the text after `cropper: FILE: `).
        case refused(String)
        /// Either, as long as it is one of the two.
        case either
    }

    let name: String
    let path: String
    /// What `cropper info` and PhotoSource.open must make of it.
    let info: Verdict
    /// What decoding it (the window, a crop) must make of it.
    let decode: Verdict

    init(name: String, path: String, info: Verdict, decode: Verdict? = nil) {
        self.name = name
        self.path = path
        self.info = info
        self.decode = decode ?? (info == .opens ? .either : info)
    }
}

/// Builds the hostile-file suite in a scratch directory: empty, truncated, bit-flipped, bombs, unusual
/// codings, EXIF with loops and wild offsets, and things that are not files at all.
enum HostileFiles {
    static let photo = Fixtures.path("Landscape", 6)

    static func make(in scratch: ScratchDirectory) throws -> [HostileFile] {
        var files: [HostileFile] = []
        func add(_ name: String, _ bytes: [UInt8], _ info: HostileFile.Verdict, decode: HostileFile.Verdict? = nil) throws {
            files.append(HostileFile(name: name, path: try scratch.write(bytes, as: name), info: info, decode: decode))
        }
        let jpeg = try readBytes(photo)
        let png = try smallPNG(in: scratch)

        try add("empty.jpg", [], .refused(PhotoIOError.notAnImage.reason))
        for (index, cut) in truncationPoints(of: jpeg).enumerated() {
            try add("cut\(index)-at-\(cut).jpg", Array(jpeg.prefix(cut)), cut == 1 ? .refused(PhotoIOError.notAnImage.reason) : .either)
        }
        for (index, cut) in [1, 8, 12, 20, 33, png.count / 10, png.count / 3, png.count / 2, png.count - 30, png.count - 12]
            .enumerated() {
            try add("cut\(index)-at-\(cut).png", Array(png.prefix(cut)), .either)
        }
        for seed in 1...8 { try add("flipped\(seed).jpg", flipBits(jpeg, seed: seed, headerBytes: 4096), .either) }
        for seed in 1...4 { try add("flipped\(seed).png", flipBits(png, seed: seed, headerBytes: 256), .either) }
        // Damage libjpeg and libpng read past: these open, decoded as far as they go.
        try add("damaged-cut-at-60.jpg", DamagedFiles.truncated(jpeg, at: 0.6), .opens)
        try add("damaged-junk-before-markers.jpg", DamagedFiles.splicing(jpeg, junk: [0x12, 0x34], at: 2), .opens)
        let scan = DamagedFiles.scanDataStart(jpeg)
        let middle = scan + (jpeg.count - scan) / 2
        try add("damaged-bogus-marker-in-data.jpg", DamagedFiles.splicing(jpeg, junk: [0xFF, 0x10], at: middle), .opens)
        try add("damaged-other-photo-spliced.jpg", Array(jpeg[..<middle]) + Array(png[(png.count / 2)...]), .opens)
        try add("damaged-bad-ancillary-crc.png", DamagedFiles.pngWithBadAncillaryCRC(png), .opens)
        try add("damaged-cut-at-60.png", DamagedFiles.truncated(png, at: 0.6), .opens)

        let tooLarge = PhotoIOError.tooLarge(width: 65535, height: 65535).reason
        try add("bomb-65535.jpg", try declaring(jpeg, width: 65535, height: 65535), .opens, decode: .refused(tooLarge))
        try add("bomb-65535.png", declaringPNG(png, width: 65535, height: 65535), .opens, decode: .refused(tooLarge))
        let zero = PhotoIOError.corrupt("declared size 0x7").reason
        try add("zero-size.png", declaringPNG(png, width: 0, height: 7), .refused(zero))

        for (name, tiff) in hostileExif() {
            let segment = TIFFBlock.exifSegment(tiff)
            try add(name, try JPEGEdit.replacingMetadata(of: jpeg, with: [segment]), .opens)
        }
        files += try madeByTools(in: scratch)
        files += try containers(in: scratch)
        return files
    }

    /// Files that are no photo file at all; `cropper info` names the problem.
    static func nonFiles(in scratch: ScratchDirectory) throws -> [HostileFile] {
        let fifo = scratch.file("pipe.jpg")
        guard mkfifo(fifo, 0o644) == 0 else { throw PhotoIOError.cannotWrite("mkfifo") }
        let folder = scratch.file("folder.jpg")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let loop = scratch.file("loop.jpg")
        symlink(loop, loop)
        let vanished = try scratch.copy(photo, as: "vanished.jpg")
        unlink(vanished)
        return [
            HostileFile(name: "named pipe", path: fifo, info: .refused("not readable (not a regular file)")),
            HostileFile(name: "directory", path: folder, info: .refused("not readable (is a directory)")),
            HostileFile(name: "character device", path: "/dev/zero", info: .refused("not readable (not a regular file)")),
            HostileFile(name: "symlink loop", path: loop, info: .refused("not readable (Too many levels of symbolic links)")),
            HostileFile(name: "vanished", path: vanished, info: .refused("not found")),
        ]
    }

    /// Ten cuts: inside the SOI, inside the headers, at and just past the first scan, and
    /// through the image data up to a missing EOI.
    static func truncationPoints(of jpeg: [UInt8]) -> [Int] {
        let scan = (try? JPEGStructure.parse(jpeg).firstScanOffset) ?? 600
        return [1, 2, 20, scan / 2, scan, scan + 14, jpeg.count / 10, jpeg.count / 2, jpeg.count * 9 / 10, jpeg.count - 2]
    }

    /// `count` bit flips at seeded positions, half of them in the first `headerBytes`.
    static func flipBits(_ bytes: [UInt8], seed: Int, headerBytes: Int, count: Int = 12) -> [UInt8] {
        var out = bytes
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15
        for flip in 0..<count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let span = flip % 2 == 0 ? min(headerBytes, out.count) : out.count
            let index = Int((state >> 33) % UInt64(span))
            out[index] ^= UInt8(1 << ((state >> 20) % 8))
        }
        return out
    }

    /// The JPEG with its frame header rewritten to declare another size: a decompression bomb.
    static func declaring(_ jpeg: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        var out = jpeg
        guard let sof = try JPEGStructure.parse(jpeg).segments.first(where: { JPEGFrame.isStartOfFrame($0.marker) })
        else { throw PhotoIOError.corrupt("no frame header") }
        out.replaceSubrange(sof.offset + 5..<sof.offset + 9,
                            with: [UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)])
        return out
    }

    /// The PNG with IHDR declaring another size, its CRC recomputed so libpng believes it.
    static func declaringPNG(_ png: [UInt8], width: UInt32, height: UInt32) -> [UInt8] {
        var out = png
        out.writeU32(width, at: 16, bigEndian: true)
        out.writeU32(height, at: 20, bigEndian: true)
        return PNGFuzzTarget.withValidCRCs(out)
    }

    /// EXIF blocks whose IFDs loop, point past the end, or claim counts near 2^32.
    static func hostileExif() -> [(String, [UInt8])] {
        typealias T = TIFFBlock
        let at = T.offsets([3, 1])
        let loops = T.build(bigEndian: true, ifds: [
            ([T.short(0x0112, 6), T.long(0x8769, UInt32(at.ifds[1])), T.long(0x8825, 8)], 8),
            ([T.long(0xA005, 8)], UInt32(at.ifds[1])),
        ])
        let pastTheEnd = T.build(bigEndian: false, ifds: [
            ([T.short(0x0112, 3), T.Entry(tag: 0x010F, type: 2, count: 40, field: 0xFFFF_0000),
              T.long(0x8769, 0x7FFF_FFFF), T.long(0x8825, 0xFFFF_FFFF)], 0x10_0000),
        ])
        let hugeCounts = T.build(bigEndian: true, ifds: [
            ([T.Entry(tag: 0x0112, type: 3, count: 0xFFFF_FFFF, field: 8),
              T.Entry(tag: 0x0110, type: 2, count: 0xFFFF_FFFF, field: 8),
              T.Entry(tag: 0x9999, type: 12, count: 0xFFFF_FFFF, field: 0xFFFF_FFF0),
              T.Entry(tag: 0x0201, type: 4, count: 0xFFFF_FFFF, field: 8)], 0),
        ])
        var manyEntries = T.build(bigEndian: true, ifds: [([T.short(0x0112, 8)], 0)])
        manyEntries.writeU16(0xFFFF, at: 8, bigEndian: true)
        return [("exif-loops.jpg", loops), ("exif-past-the-end.jpg", pastTheEnd),
                ("exif-huge-counts.jpg", hugeCounts), ("exif-65535-entries.jpg", manyEntries)]
    }

    /// A 240x160 RGB PNG of the photo, made in process.
    static func smallPNG(in scratch: ScratchDirectory) throws -> [UInt8] {
        let bitmap = try PhotoSource.open(path: photo).decodePreview(maxWidth: 240, maxHeight: 240)
        return try PNGCodec.encode(bitmap)
    }

    /// Unusual but valid codings, made by the tools the tests already rely on (skipped without them).
    static func madeByTools(in scratch: ScratchDirectory) throws -> [HostileFile] {
        guard Tools.available("convert"), Tools.available("cjpeg") else { return [] }
        let ppm = scratch.file("source.ppm")
        try Tools.run("convert", [photo, "-resize", "480x320", ppm])
        var files: [HostileFile] = []
        /// Runs `convert` with `arguments`, then the output path (with an optional format prefix).
        func convert(_ name: String, _ arguments: [String], format: String = "", decode: HostileFile.Verdict = .opens) throws {
            let path = scratch.file(name)
            guard try Tools.run("convert", [ppm] + arguments + [format + path]).status == 0 else { return }
            files.append(HostileFile(name: name, path: path, info: .opens, decode: decode))
        }
        try convert("progressive.jpg", ["-interlace", "Plane", "-quality", "85"])
        try convert("cmyk.jpg", ["-colorspace", "CMYK", "-quality", "85"])
        try convert("grey.jpg", ["-colorspace", "Gray", "-quality", "85"])
        try convert("png16.png", ["-depth", "16"])
        try convert("palette.png", ["-colors", "64", "-type", "Palette"])
        try convert("grey-alpha.png", ["-colorspace", "Gray", "-alpha", "set"])
        try convert("interlaced.png", ["-interlace", "PNG"])
        // Read by content, not by name.
        try convert("really-a-png.jpg", [], format: "png:")
        let arithmetic = scratch.file("arithmetic.jpg")
        if try Tools.run("cjpeg", ["-arithmetic", "-outfile", arithmetic, ppm]).status == 0 {
            files.append(HostileFile(name: "arithmetic.jpg", path: arithmetic, info: .opens, decode: .opens))
        }
        return files
    }
}
