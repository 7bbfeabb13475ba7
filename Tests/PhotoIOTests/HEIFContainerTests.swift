import EditorState
import XCTest
@testable import PhotoIO

/// Cropper's own HEIF box parser and container writer, without any encoder: what the writer lays out reads back
/// item for item, the transformation properties round-trip, and hostile sizes and offsets are refused, never
/// followed.
final class HEIFContainerTests: XCTestCase {
    private func sample(ids: [UInt32] = [1, 2, 3], extraProperties: Int = 0) throws -> [UInt8] {
        var writer = HEIFWriter(fileType: ftyp, primaryID: ids[0])
        let grid = HEIFGrid(rows: 1, columns: 2, outputSize: PixelSize(width: 120, height: 64))
        writer.items.append(.init(info: .init(id: ids[0], type: "grid"), data: grid.data,
                                  associations: [.init(index: writer.property(HEIFProperties.ispe(grid.outputSize)), essential: false)]))
        for _ in 0..<extraProperties { _ = writer.property(HEIFProperties.ispe(PixelSize(width: writer.properties.count, height: 1))) }
        let tileSize = writer.property(HEIFProperties.ispe(PixelSize(width: 64, height: 64)))
        for (n, id) in ids.dropFirst().enumerated() {
            writer.items.append(.init(info: .init(id: id, type: "hvc1", isHidden: true), data: [UInt8](repeating: UInt8(n + 1), count: 10 + n),
                                      associations: [.init(index: tileSize, essential: false)]))
        }
        writer.items.append(.init(info: .init(id: 9, type: "mime", contentType: "application/rdf+xml"), data: [], associations: []))
        writer.references = [.init(type: "dimg", from: ids[0], to: Array(ids.dropFirst())), .init(type: "cdsc", from: 9, to: [ids[0]])]
        return try writer.write()
    }

    private let ftyp: [UInt8] = {
        var writer = BoxWriter()
        writer.box("ftyp") { box in box.fourCC("heic"); box.u32(0); box.fourCC("mif1"); box.fourCC("heic") }
        return writer.bytes
    }()

    func testWhatTheWriterLaysOutReadsBackItemForItem() throws {
        for (ids, extra) in [([UInt32(1), 2, 3], 0), ([70_000, 70_001, 2], 0), ([1, 2, 3], 200)] {
            let bytes = try sample(ids: ids, extraProperties: extra)
            let container = try HEIFContainer.parse(bytes)
            XCTAssertEqual(container.brands, ["heic", "mif1", "heic"])
            XCTAssertEqual(container.primaryID, ids[0])
            XCTAssertEqual(container.references("dimg", from: ids[0]), Array(ids.dropFirst()))
            XCTAssertEqual(container.referrers("cdsc", to: ids[0]), [9])
            let tile = try XCTUnwrap(container.item(ids[2]))
            XCTAssertTrue(tile.isHidden)
            XCTAssertEqual(container.data(of: tile, in: bytes), [UInt8](repeating: 2, count: 11))
            XCTAssertEqual(container.properties(of: ids[2]).compactMap { HEIFProperties.size($0.property) },
                           [PixelSize(width: 64, height: 64)])
            XCTAssertEqual(container.item(9)?.contentType, "application/rdf+xml")
            XCTAssertEqual(container.item(9)?.extents.reduce(0) { $0 + $1.count }, 0, "an empty item has no data")
            let primary = try HEIFPrimaryImage(container, bytes: bytes)
            XCTAssertEqual(primary.codedSize, PixelSize(width: 120, height: 64))
            XCTAssertEqual(primary.tiles, Array(ids.dropFirst()))
        }
    }

    func testCleanApertureTurnAndMirrorRoundTrip() {
        let size = PixelSize(width: 4032, height: 3024)
        for rect in [PixelRect(x: 0, y: 0, width: 4032, height: 3024), PixelRect(x: 2, y: 1000, width: 3000, height: 2001),
                     PixelRect(x: 1031, y: 7, width: 1, height: 3017)] {
            XCTAssertEqual(HEIFProperties.cleanAperture(HEIFProperties.clap(rect, in: size), in: size), rect)
        }
        for orientation in Orientation.allCases {
            let (turns, mirror) = HEIFTransform.properties(for: orientation)
            var made = HEIFTransform.rotation(quarterTurnsAnticlockwise: turns)
            if let mirror { made = made.followed(by: HEIFTransform.mirror(axis: mirror)) }
            XCTAssertEqual(made, orientation)
            XCTAssertEqual(HEIFProperties.quarterTurns(HEIFProperties.irot(quarterTurnsAnticlockwise: turns)), turns)
        }
        XCTAssertEqual(HEIFTransform.mirror(axis: 0), .mirrorVertical, "libheif's and the amended HEIF's mode 0")
    }

    func testHostileSizesAndOffsetsAreRefused() throws {
        var bytes = try sample()
        // The meta box claims a byte more than the file holds.
        let meta = ftyp.count
        bytes[meta + 3] &+= 1
        XCTAssertThrowsError(try HEIFContainer.parse(bytes)) { error in
            guard case HEIFContainerError.malformed = error else { return XCTFail("\(error)") }
        }
        // An extent that reaches past the end of the file.
        var shortened = try sample()
        shortened.removeLast(5)
        XCTAssertThrowsError(try HEIFContainer.parse(shortened))
    }

    func testAGridWhoseTilesDifferInChromaSubsamplingIsRefused() throws {
        // hvcC's byte 16 holds chroma_format_idc in its low bits: 1 is 4:2:0, 3 is 4:4:4.
        func hvcC(chromaFormat: UInt8) -> HEIFProperty {
            var writer = BoxWriter()
            writer.box("hvcC") { $0.append([UInt8](repeating: 0, count: 16) + [0xFC | chromaFormat] + [UInt8](repeating: 0, count: 6)) }
            return HEIFProperty(type: "hvcC", box: writer.bytes)
        }
        func file(formats: [UInt8]) throws -> [UInt8] {
            var writer = HEIFWriter(fileType: ftyp, primaryID: 1)
            let grid = HEIFGrid(rows: 1, columns: 2, outputSize: PixelSize(width: 128, height: 64))
            writer.items.append(.init(info: .init(id: 1, type: "grid"), data: grid.data, associations: []))
            let size = writer.property(HEIFProperties.ispe(PixelSize(width: 64, height: 64)))
            for (index, format) in formats.enumerated() {
                let config = writer.property(hvcC(chromaFormat: format))
                writer.items.append(.init(info: .init(id: UInt32(index + 2), type: "hvc1", isHidden: true), data: [1],
                                          associations: [.init(index: config, essential: true), .init(index: size, essential: false)]))
            }
            writer.references = [.init(type: "dimg", from: 1, to: [2, 3])]
            return try writer.write()
        }
        let same = try file(formats: [1, 1])
        XCTAssertEqual(try HEIFPrimaryImage(try HEIFContainer.parse(same), bytes: same).chromaStep, PixelSize(width: 2, height: 2))
        let mixed = try file(formats: [1, 3])
        XCTAssertThrowsError(try HEIFPrimaryImage(try HEIFContainer.parse(mixed), bytes: mixed)) { error in
            XCTAssertEqual(error as? HEIFContainerError, .malformed("the grid's tiles differ in chroma subsampling"))
        }
    }

    func testEveryTruncationOfAFileIsReadOrRefused() throws {
        let bytes = try sample()
        for length in 0..<bytes.count {
            let prefix = Array(bytes.prefix(length))
            if let container = try? HEIFContainer.parse(prefix) {
                for item in container.items { XCTAssertTrue(item.extents.allSatisfy { $0.upperBound <= length }) }
            }
        }
    }
}
