import CropperTestSupport
import Foundation
import EditorState
import XCTest
@testable import PhotoIO

/// The grid decoded tile by tile on every core against libheif's own decode of the whole picture: pixel for pixel,
/// under every irot/imir a file can carry, with and without its own clap (odd and even), for HEVC tiles through
/// libavcodec and through libheif, and for AV1 tiles.
final class HEIFTileDecoderTests: XCTestCase {
    nonisolated(unsafe) static var picture: HEIFGridAssembler.Picture?
    nonisolated(unsafe) static var scratch: ScratchDirectory?

    override class func setUp() {
        scratch = try? ScratchDirectory()
        picture = scratch.flatMap { try? PhoneHEIC.picture(scratch: $0) }
    }

    private func file(transform: Orientation = .normal, crop: PixelRect? = nil) throws -> [UInt8] {
        guard var picture = Self.picture else { throw XCTSkip("the phone-style HEIC could not be made") }
        picture.transform = transform
        picture.crop = crop
        return try HEIFGridAssembler.assemble(picture)
    }

    func testEveryFileOrientationAndClapDecodesAsLibheifDecodesTheWhole() throws {
        for crop in [nil, PixelRect(x: 20, y: 10, width: 560, height: 380), PixelRect(x: 131, y: 7, width: 301, height: 255)] {
            for transform in Orientation.allCases {
                let bytes = try file(transform: transform, crop: crop)
                let whole = try HEIFCodec.decodeWhole(bytes).bitmap
                for decoders in try Self.hevcDecoders() {
                    let what = "\(decoders): irot/imir \(transform), clap \(String(describing: crop))"
                    let tiled = try XCTUnwrap(try HEIFTileDecoder.decode(bytes, through: decoders), what).bitmap
                    XCTAssertEqual(tiled.size, whole.size, what)
                    XCTAssertEqual(differingPixels(tiled, whole), 0, what)
                }
            }
        }
    }

    /// libavcodec is installed wherever the tests run (scripts/install-deps), so its path is always checked.
    private static func hevcDecoders() throws -> [HEVCTileDecoders] {
        guard AVCodecHEVC.isAvailable else {
            XCTFail("libavcodec is not installed (scripts/install-deps), or CROPPER_HEVC_DECODER keeps it out")
            return [.libheif]
        }
        return [.libavcodecOnly, .libheif]
    }

    func testTilesOutsideTheClapAreNotDecodedAndProgressCountsTheRest() throws {
        // 600×400 in 128-pixel tiles is 5×4; x 300–430, y 130–250 touches columns 2–3 and rows 1–1.
        let bytes = try file(crop: PixelRect(x: 300, y: 130, width: 130, height: 120))
        let heard = ProgressLog()
        let tiled = try XCTUnwrap(try HEIFTileDecoder.decode(bytes) { done, total in heard.record(done, total) }).bitmap
        XCTAssertEqual(tiled.size, PixelSize(width: 130, height: 120))
        XCTAssertEqual(heard.calls.map(\.total), [2, 2])
        XCTAssertEqual(heard.calls.map(\.done).sorted(), [1, 2])
    }

    func testAGridOfAV1TilesDecodesAsLibheifDecodesIt() throws {
        guard let scratch = Self.scratch else { throw XCTSkip("no scratch directory") }
        var picture = try PhoneHEIC.picture(width: 400, tile: 128, format: .avif, scratch: scratch)
        picture.transform = .rotate90CW
        picture.crop = PixelRect(x: 3, y: 5, width: 390, height: 250)
        let bytes = try HEIFGridAssembler.assemble(picture)
        XCTAssertEqual(PhotoFormat(signature: bytes), .avif)
        let tiled = try XCTUnwrap(try HEIFTileDecoder.decode(bytes)).bitmap
        let whole = try HEIFCodec.decodeWhole(bytes).bitmap
        XCTAssertEqual(tiled.size, PixelSize(width: 250, height: 390))
        XCTAssertEqual(differingPixels(tiled, whole), 0)
    }

    /// 8-bit tiles come from libavcodec as YCbCr, or from libheif as planes (one conversion instead of two); deeper
    /// ones from libheif alone, interleaved and brought down to 8 bits: every way the pixels of libheif's own decode,
    /// under a turn, whatever chroma, range and matrix the tiles are coded with.
    func testTilesOfEachDepthChromaAndColourDecodeAsLibheifDecodesThem() throws {
        guard let scratch = Self.scratch else { throw XCTSkip("no scratch directory") }
        try Tools.require("heif-enc")
        let cases: [(name: String, options: [String], avcodec: Bool)] = [
            ("10-bit", ["-b", "10"], false), ("4:4:4", ["-p", "chroma=444"], true), ("4:2:2", ["-p", "chroma=422"], true),
            ("limited range", ["--full_range_flag=0"], true), ("BT.709", ["--matrix_coefficients=1"], true),
            ("BT.2020, limited", ["--matrix_coefficients=9", "--full_range_flag=0"], true),
            ("P3 chromaticity-derived", ["--matrix_coefficients=12", "--colour_primaries=12"], true),
            ("RGB (identity matrix)", ["--matrix_coefficients=0", "-p", "chroma=444"], true),
        ]
        for (name, options, avcodec) in cases {
            var tiles: [[UInt8]] = []
            for index in 0..<4 {
                let png = scratch.file("deep\(index).png"), coded = scratch.file("deep\(index).heif")
                try Tools.run("/usr/bin/convert", ["-size", "128x128", "-seed", "\(index + 1)", "plasma:", "-depth",
                                                   avcodec ? "8" : "16", png])
                // x265's fastest preset: the test reads the tiles back, whatever they cost to code.
                let made = try Tools.run("heif-enc", options + ["-p", "preset=ultrafast", "-q", "80", png, "-o", coded])
                XCTAssertEqual(made.status, 0, "\(name): \(made.stderr)")
                tiles.append(Array(try XCTUnwrap(FileManager.default.contents(atPath: coded))))
            }
            var picture = HEIFGridAssembler.Picture(tiles: tiles, columns: 2, rows: 2, size: PixelSize(width: 250, height: 200))
            picture.transform = .rotate270CW
            let bytes = try HEIFGridAssembler.assemble(picture)
            let whole = try HEIFCodec.decodeWhole(bytes).bitmap
            for decoders in avcodec ? try Self.hevcDecoders() : [.fastest] {
                let tiled = try XCTUnwrap(try HEIFTileDecoder.decode(bytes, through: decoders), "\(name), \(decoders)").bitmap
                XCTAssertEqual(tiled.size, PixelSize(width: 200, height: 250), name)
                XCTAssertEqual(differingPixels(tiled, whole), 0, "\(name), \(decoders)")
            }
        }
    }

    /// The copy for the screen is reduced from the tiles as they arrive: the same pixels as the whole decode reduced
    /// afterwards, under every turn and with a clap; tiles are taken in the order the picture shown has its rows.
    func testTheFittedCopyMadeAsTilesArriveIsTheWholePictureReduced() throws {
        for transform in Orientation.allCases {
            let bytes = try file(transform: transform, crop: PixelRect(x: 131, y: 7, width: 301, height: 255))
            let shown = transform.displayedSize(forStored: PixelSize(width: 301, height: 255))
            let fitted = PixelSize(width: shown.width / 5, height: shown.height / 5)
            let decoded = try XCTUnwrap(try HEIFTileDecoder.decode(bytes, fittedTo: fitted), "\(transform)")
            let copy = try XCTUnwrap(decoded.fitted, "\(transform)")
            let reference = try XCTUnwrap(try DownscaleAsRowsArrive(decoded.bitmap, to: fitted))
            for y in 0..<decoded.bitmap.height { reference.wrote(row: y, count: decoded.bitmap.width) }
            XCTAssertEqual(differingPixels(copy, try XCTUnwrap(reference.copy)), 0, "\(transform)")
        }
        XCTAssertNil(try HEIFTileDecoder.decode(try file(), region: PixelRect(x: 0, y: 0, width: 300, height: 300),
                                                fittedTo: PixelSize(width: 30, height: 30))?.fitted,
                     "a region is not the photo the screen fits")
    }

    func testTilesAreTakenRowByRowOfThePictureShown() throws {
        // 600×400 in 128-pixel tiles: 5 columns, 4 rows. Turned a quarter clockwise, the shown picture's top row is
        // the grid's first column read from the bottom up.
        let container = try HEIFContainer.parse(try file(transform: .rotate90CW))
        let primary = try HEIFPrimaryImage(container, bytes: try file(transform: .rotate90CW))
        let order = HEIFTileDecoder.tilesInShownOrder(primary, grid: try XCTUnwrap(primary.grid),
                                                      region: PixelRect(x: 0, y: 0, width: 600, height: 400))
        XCTAssertEqual(Array(order.prefix(5)), [15, 10, 5, 0, 16])
        XCTAssertEqual(order.count, 20)
        let upright = try HEIFPrimaryImage(try HEIFContainer.parse(try file()), bytes: try file())
        XCTAssertEqual(HEIFTileDecoder.tilesInShownOrder(upright, grid: try XCTUnwrap(upright.grid),
                                                         region: PixelRect(x: 0, y: 0, width: 600, height: 400)),
                       Array(0..<20))
    }

    /// One decoder serves a worker's tiles, flushed between them: each tile comes out as a decoder of its own gives
    /// it, and a damaged tile does not spoil the next.
    func testAReusedDecoderGivesEachTileAsAFreshOneDoes() throws {
        guard AVCodecHEVC.isAvailable else { throw XCTSkip("libavcodec is not installed") }
        let bytes = try file()
        let container = try HEIFContainer.parse(bytes)
        let tiles = container.references("dimg", from: container.primaryID)
        let coded = try tiles.map { id -> (data: [UInt8], configuration: ArraySlice<UInt8>) in
            let item = try XCTUnwrap(container.item(id))
            let hvcC = try XCTUnwrap(container.properties(of: id).first { $0.property.type == "hvcC" })
            return (container.data(of: item, in: bytes), hvcC.property.payload)
        }
        // Garbled slice data (which libavcodec may conceal) and a NAL unit longer than the data (which it refuses).
        var garbled = coded[3].data
        for index in 8..<garbled.count { garbled[index] = 0xFF }
        let overlong = [0x7F, 0xFF, 0xFF, 0xFF] + coded[3].data.dropFirst(4)
        let reused = try XCTUnwrap(AVCodecHEVCDecoder())
        for (index, tile) in coded.enumerated() {
            if index == 4 { _ = reused.decode(garbled[...], configuration: tile.configuration) { _ in () } }
            if index == 6 {
                XCTAssertNil(reused.decode(overlong[...], configuration: tile.configuration) { _ in () }, "refused")
            }
            let again = reused.decode(tile.data[...], configuration: tile.configuration, planes)
            let fresh = try XCTUnwrap(AVCodecHEVCDecoder()).decode(tile.data[...], configuration: tile.configuration, planes)
            XCTAssertNotNil(again, "tile \(index)")
            XCTAssertEqual(again, fresh, "tile \(index)")
        }
    }

    /// A decoded picture's three planes, row by row without their padding.
    private func planes(_ picture: HEVCPicture) -> [UInt8] {
        var samples: [UInt8] = []
        let chroma = PixelSize(width: (picture.size.width + 1) >> picture.chromaShiftX,
                               height: (picture.size.height + 1) >> picture.chromaShiftY)
        for y in 0..<picture.size.height {
            samples += UnsafeBufferPointer(start: picture.luma + y * picture.lumaRowBytes, count: picture.size.width)
        }
        for plane in [picture.blue, picture.red] {
            for y in 0..<chroma.height {
                samples += UnsafeBufferPointer(start: plane + y * picture.chromaRowBytes, count: chroma.width)
            }
        }
        return samples
    }

    func testASinglePictureIsLeftToLibheif() throws {
        let single = try HEIFCodec.encode(try Bitmap(width: 64, height: 64), as: .heic, quality: 50, metadata: MetadataBlocks())
        XCTAssertNil(try HEIFTileDecoder.decode(single))
        XCTAssertEqual(try HEIFCodec.decode(single).bitmap.size, PixelSize(width: 64, height: 64))
    }

    /// libavcodec hides damage where it can: a tile it flags is handed to libheif, which says what is wrong.
    func testADamagedTileIsOneClearError() throws {
        var bytes = try file()
        let container = try HEIFContainer.parse(bytes)
        let tile = try XCTUnwrap(container.item(container.references("dimg", from: container.primaryID)[7]))
        let extent = try XCTUnwrap(tile.extents.first)
        for index in extent.lowerBound + 4..<extent.upperBound { bytes[index] = 0xFF }
        for decoders in [HEVCTileDecoders.fastest, .libheif, .libavcodecOnly] {
            XCTAssertThrowsError(try HEIFTileDecoder.decode(bytes, through: decoders), "\(decoders)") { error in
                XCTAssertTrue(error is PhotoIOError, "\(decoders): \(error)")
            }
        }
    }

    func testThePhonesThumbnailComesUprightAndAStaleOneIsRefused() throws {
        let upright = try XCTUnwrap(HEIFThumbnail.decode(try file(transform: .rotate90CW)))
        XCTAssertEqual(upright.size, PixelSize(width: 64, height: 96), "the 96-pixel thumbnail of a 400×600 photo")
        // Through libavcodec (no libheif needed) it is libheif's own decode of it, pixel for pixel.
        for transform in [Orientation.rotate90CW, .transverse, .mirrorHorizontal] {
            let bytes = try file(transform: transform)
            let throughLibavcodec = try XCTUnwrap(HEIFThumbnail.decode(bytes, through: .libavcodecOnly), "\(transform)")
            let throughLibheif = try XCTUnwrap(HEIFThumbnail.decode(bytes, through: .libheif), "\(transform)")
            XCTAssertEqual(throughLibavcodec.size, throughLibheif.size, "\(transform)")
            XCTAssertEqual(differingPixels(throughLibavcodec, throughLibheif), 0, "\(transform)")
        }
        // A photo cut square by its clap no longer has its thumbnail's shape.
        XCTAssertNil(HEIFThumbnail.decode(try file(crop: PixelRect(x: 0, y: 0, width: 400, height: 400))))
    }
}

private final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var calls: [(done: Int, total: Int)] = []

    func record(_ done: Int, _ total: Int) {
        lock.lock()
        calls.append((done, total))
        lock.unlock()
    }
}
