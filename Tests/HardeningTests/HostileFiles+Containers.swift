import CropperTestSupport
import Foundation
@testable import PhotoIO

/// HEIC, AVIF, WebP and TIFF made by their own encoders, then truncated, bit-flipped and made to declare
/// sizes no photo has: each is read or refused with one clear line.
extension HostileFiles {
    static func containers(in scratch: ScratchDirectory) throws -> [HostileFile] {
        guard ["convert", "heif-enc", "avifenc", "cwebp"].allSatisfy(Tools.available) else { return [] }
        let png = try scratch.write(try smallPNG(in: scratch), as: "container-source.png")
        let alpha = scratch.file("container-alpha.png")
        try Tools.run("/usr/bin/convert", [png, "-alpha", "set", "-channel", "A", "-evaluate", "set", "60%", alpha])
        let made: [(String, String, [String])] = [
            ("heic", "heif-enc", ["-q", "50", png, "-o"]),
            ("avif", "avifenc", ["-s", "10", png]),
            ("webp", "cwebp", ["-quiet", "-q", "70", alpha, "-o"]),
            ("tif", "/usr/bin/convert", [png, "-compress", "LZW"]),
            ("jxl", "cjxl", [alpha, "-d", "1"]),
            ("gif", "/usr/bin/convert", ["-delay", "5", png, "(", png, "-negate", ")", "-loop", "0", "-layers", "optimize"]),
        ]
        var files: [HostileFile] = []
        func add(_ name: String, _ bytes: [UInt8], _ verdict: HostileFile.Verdict) throws {
            files.append(HostileFile(name: name, path: try scratch.write(bytes, as: name), info: verdict))
        }
        for (ext, tool, arguments) in made {
            let path = scratch.file("whole.\(ext)")
            // cjxl takes its output after the input, the others after "-o" or at the end.
            let command = ext == "jxl" ? [arguments[0], path] + arguments.dropFirst() : arguments + [path]
            guard Tools.available(tool), try Tools.run(tool, command).status == 0 else { continue }
            let bytes = try readBytes(path)
            files.append(HostileFile(name: "whole.\(ext)", path: path, info: .opens, decode: .opens))
            for cut in [1, 12, 40, bytes.count / 4, bytes.count / 2, bytes.count * 9 / 10, bytes.count - 2] {
                try add("cut-at-\(cut).\(ext)", Array(bytes.prefix(cut)), cut < 12 ? .refused(PhotoIOError.notAnImage.reason) : .either)
            }
            for seed in 1...4 { try add("flipped\(seed).\(ext)", flipBits(bytes, seed: seed, headerBytes: 600), .either) }
        }
        if let heic = try? readBytes(scratch.file("whole.heic")), let huge = declaringISPE(heic, side: 100_000) {
            try add("bomb-100000.heic", huge, .either)
        }
        if let webp = try? readBytes(scratch.file("whole.webp")), let huge = declaringCanvas(webp, side: 16_000) {
            try add("bomb-16000.webp", huge, .either)
        }
        let tooLarge = PhotoIOError.tooLarge(width: 100_000, height: 100_000).reason
        try add("bomb-100000.tif", tiffDeclaring(side: 100_000), .refused(tooLarge))
        try add("bomb-100000.jxl", jxlCodestreamDeclaring(side: 100_000), .refused(tooLarge))
        let gifTooLarge = PhotoIOError.tooLarge(width: 65_535, height: 65_535).reason
        try add("bomb-screen.gif", gifDeclaring(screen: 65_535, frame: 1), .refused(gifTooLarge))
        try add("bomb-frame.gif", gifDeclaring(screen: 8, frame: 65_535), .refused(gifTooLarge))
        if let apng = try? readBytes(FuzzCrasherTests.root.appendingPathComponent("fuzz/seeds/apng/two.png").path) {
            try add("frame-outside.apng", apngWithFrameAt(x: 1000, in: apng),
                    .refused(PhotoIOError.corrupt("an APNG frame of 12x8 at 1000,0 outside its 12x8 canvas").reason))
            for cut in [40, apng.count / 2, apng.count - 13] { try add("cut-at-\(cut).apng", Array(apng.prefix(cut)), .either) }
        }
        return files
    }

    /// The APNG with its first frame control moved to `x` (the chunk's CRC made right again).
    static func apngWithFrameAt(x: UInt32, in apng: [UInt8]) -> [UInt8] {
        guard let control = PNGChunks.list(apng).first(where: { $0.type == "fcTL" }) else { return apng }
        var data = Array(apng[control.data])
        data.replaceSubrange(12..<16, with: PNGChunks.bigEndian(x))
        return Array(apng[..<(control.data.lowerBound - 8)]) + PNGChunks.make("fcTL", data)
            + Array(apng[(control.data.upperBound + 4)...])
    }

    /// A GIF whose screen is `screen` pixels a side and whose one frame claims `frame` a side, its data cut short.
    static func gifDeclaring(screen: UInt16, frame: UInt16) -> [UInt8] {
        func le(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        return Array("GIF89a".utf8) + le(screen) + le(screen) + [0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
            + [0x2C] + le(0) + le(0) + le(frame) + le(frame) + [0, 2, 2, 0x44, 0x01, 0] + [0x3B]
    }

    /// A bare JPEG XL codestream whose size header says side x side and whose image metadata is all defaults:
    /// enough for libjxl's basic info, nothing after it. Fields are written least significant bit first.
    static func jxlCodestreamDeclaring(side: UInt32) -> [UInt8] {
        var bits: [Bool] = []
        func put(_ value: UInt32, _ count: Int) { for i in 0..<count { bits.append(value >> UInt32(i) & 1 == 1) } }
        put(0, 1)                               // not a small (multiple of 8) size
        put(3, 2); put(side - 1, 30)            // height − 1 in the 30-bit distribution
        put(0, 3)                               // no fixed aspect ratio: the width follows
        put(3, 2); put(side - 1, 30)
        put(1, 1)                               // image metadata: all defaults
        var bytes: [UInt8] = [0xFF, 0x0A]
        for start in stride(from: 0, to: bits.count, by: 8) {
            var byte: UInt8 = 0
            for (i, bit) in bits[start..<min(start + 8, bits.count)].enumerated() where bit { byte |= 1 << UInt8(i) }
            bytes.append(byte)
        }
        return bytes + [UInt8](repeating: 0, count: 16)
    }

    /// The HEIF with every `ispe` (image spatial extents) box claiming side x side pixels.
    static func declaringISPE(_ heif: [UInt8], side: UInt32) -> [UInt8]? {
        var bytes = heif
        var found = false
        for at in 0..<max(0, bytes.count - 16) where bytes[at..<at + 4].elementsEqual("ispe".utf8) {
            let size = TIFFBlock.u32(side, true)
            bytes.replaceSubrange(at + 8..<at + 16, with: size + size)
            found = true
        }
        return found ? bytes : nil
    }

    /// The extended WebP with its VP8X canvas claiming side x side pixels.
    static func declaringCanvas(_ webp: [UInt8], side: Int) -> [UInt8]? {
        guard webp.count > 30, webp[12..<16].elementsEqual("VP8X".utf8) else { return nil }
        var bytes = webp
        let minusOne = side - 1
        for start in [24, 27] {
            bytes[start] = UInt8(minusOne & 0xFF)
            bytes[start + 1] = UInt8((minusOne >> 8) & 0xFF)
            bytes[start + 2] = UInt8((minusOne >> 16) & 0xFF)
        }
        return bytes
    }

    /// A 40-byte TIFF whose one strip is said to hold side x side RGB pixels.
    static func tiffDeclaring(side: UInt32) -> [UInt8] {
        let entries: [TIFFBlock.Entry] = [
            TIFFBlock.long(256, side), TIFFBlock.long(257, side), TIFFBlock.short(258, 8), TIFFBlock.short(259, 1),
            TIFFBlock.short(262, 2), TIFFBlock.long(273, 200), TIFFBlock.short(277, 3), TIFFBlock.long(278, side),
            TIFFBlock.long(279, side * 3),
        ]
        return TIFFBlock.build(bigEndian: false, ifds: [(entries, 0)], tail: [UInt8](repeating: 0x55, count: 64))
    }
}
