import CropperTestSupport
import XCTest
import PhotoIO
@testable import PhotoLibrary

final class ThumbnailKeysTests: XCTestCase {
    private func smallPNG() throws -> [UInt8] {
        let bitmap = try Bitmap(width: 3, height: 2, alpha: .opaque)
        for y in 0..<2 { for x in 0..<3 { bitmap.row(y)[x] = UInt32(0xFF10_2030 + x * 16 + y) } }
        return try bitmap.encodedPNG()
    }

    func testInsertedKeysReadBackAndThePNGStillDecodes() throws {
        let entries = [("Thumb::URI", "file:///tmp/a%20b.jpg"), ("Thumb::MTime", "1714557600"),
                       ("Software", "cropper 0.1.0"), ("Description", "Fotos de São Paulo"), ("Title", "€ and 日本")]
        let png = try XCTUnwrap(ThumbnailKeys.inserting(entries.map { (key: $0.0, value: $0.1) }, into: try smallPNG()))
        XCTAssertEqual(ThumbnailKeys.read(pngData: png), Dictionary(uniqueKeysWithValues: entries))
        let decoded = try PhotoSource(bytes: png).decodeUndamaged(scale: .full)
        XCTAssertEqual([decoded.width, decoded.height], [3, 2])
        XCTAssertEqual(decoded.pixel(x: 2, y: 1), 0xFF10_2030 + 32 + 1)
    }

    /// ImageMagick writes short values as tEXt and long ones as zTXt; both are read.
    func testReadsKeysWrittenByImageMagick() throws {
        try Tools.require("convert")
        let tree = try ScratchTree()
        let longURI = "file:///tmp/" + String(repeating: "long-folder-name/", count: 12) + "photo.jpg"
        let out = tree.path("im.png")
        let result = try Tools.run("convert", ["-size", "20x10", "xc:red", "-set", "Thumb::URI", longURI,
                                               "-set", "Thumb::MTime", "1234567890", "-set", "Software", "ImageMagick", out])
        XCTAssertEqual(result.status, 0)
        let bytes = try readBytes(out)
        XCTAssertTrue(bytes.containsChunk("zTXt"), "the long URI is compressed")
        let keys = ThumbnailKeys.read(pngData: bytes)
        XCTAssertEqual(keys["Thumb::URI"], longURI)
        XCTAssertEqual(keys["Thumb::MTime"], "1234567890")
        XCTAssertEqual(keys["Software"], "ImageMagick")
    }

    /// Our keys are read by ImageMagick, so other programs see them too.
    func testImageMagickReadsOurKeys() throws {
        try Tools.require("identify")
        let tree = try ScratchTree()
        let png = try XCTUnwrap(ThumbnailKeys.inserting([(key: "Thumb::URI", value: "file:///x/y.jpg"),
                                                         (key: "Thumb::MTime", value: "42")], into: try smallPNG()))
        let path = try tree.write(png, to: "ours.png")
        let result = try Tools.run("identify", ["-format", "%[Thumb::URI]|%[Thumb::MTime]", path])
        XCTAssertEqual(result.stdout, "file:///x/y.jpg|42")
    }

    func testFirstOfARepeatedKeyWins() throws {
        let png = try XCTUnwrap(ThumbnailKeys.inserting([(key: "K", value: "first"), (key: "K", value: "second")],
                                                        into: try smallPNG()))
        XCTAssertEqual(ThumbnailKeys.read(pngData: png), ["K": "first"])
    }

    func testBadCrcDropsOnlyThatChunk() throws {
        var png = try XCTUnwrap(ThumbnailKeys.inserting([(key: "A", value: "1"), (key: "B", value: "2")], into: try smallPNG()))
        // The first text chunk follows IHDR at offset 33: length 4, type 4, "A\01" 3, CRC at 44.
        png[44] ^= 0xFF
        XCTAssertEqual(ThumbnailKeys.read(pngData: png), ["B": "2"])
    }

    func testTruncationAnywhereKeepsTheChunksBeforeItAndNeverTraps() throws {
        let png = try XCTUnwrap(ThumbnailKeys.inserting([(key: "A", value: "1"), (key: "B", value: "22")], into: try smallPNG()))
        let firstEnd = 33 + 12 + 3, secondEnd = firstEnd + 12 + 4
        for length in 0...png.count {
            let keys = ThumbnailKeys.read(pngData: Array(png[0..<length]))
            let expected: [String: String] = length >= secondEnd ? ["A": "1", "B": "22"] : length >= firstEnd ? ["A": "1"] : [:]
            XCTAssertEqual(keys, expected, "cut at \(length)")
        }
    }

    func testHostileChunksAreIgnored() throws {
        let signature = ThumbnailKeys.pngSignature
        let inputs: [[UInt8]] = [
            [], Array(signature.prefix(5)), signature,
            signature + [0xFF, 0xFF, 0xFF, 0xF0] + Array("tEXt".utf8) + [1, 2, 3],
            signature + [0, 0, 0, 3] + Array("tEXt".utf8) + [0, 0, 0] + [0, 0, 0, 0],
            Array("not a png at all".utf8),
        ]
        for input in inputs { XCTAssertEqual(ThumbnailKeys.read(pngData: input), [:]) }
    }

    func testRandomMutationsNeverTrap() throws {
        let png = try XCTUnwrap(ThumbnailKeys.inserting([(key: "Thumb::URI", value: "file:///a.jpg"),
                                                         (key: "Title", value: "日本")], into: try smallPNG()))
        var generator = SplitMix64(seed: 7)
        for _ in 0..<3_000 {
            var bytes = png
            for _ in 0..<4 { bytes[8 + Int(generator.next() % UInt64(bytes.count - 8))] = UInt8(truncatingIfNeeded: generator.next()) }
            XCTAssertLessThanOrEqual(ThumbnailKeys.read(pngData: bytes).count, 2)
        }
    }

    func testCompressedTextBeyondTheLimitIsDropped() throws {
        try Tools.require("convert")
        let tree = try ScratchTree()
        let huge = String(repeating: "a", count: ThumbnailKeys.maximumTextBytes + 10)
        let out = tree.path("bomb.png")
        XCTAssertEqual(try Tools.run("convert", ["-size", "2x2", "xc:red", "-set", "Big", huge, "-set", "Small", "ok", out]).status, 0)
        XCTAssertEqual(ThumbnailKeys.read(pngData: try readBytes(out))["Big"], nil)
        XCTAssertEqual(ThumbnailKeys.read(pngData: try readBytes(out))["Small"], "ok")
    }
}

extension Array where Element == UInt8 {
    func containsChunk(_ type: String) -> Bool {
        let pattern = Array(type.utf8)
        guard count >= pattern.count else { return false }
        return (0...(count - pattern.count)).contains { Array(self[$0..<$0 + pattern.count]) == pattern }
    }
}
