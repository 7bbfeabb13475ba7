import CropperTestSupport
import Dispatch
import EditorState
import XCTest
@testable import PhotoIO

/// The copy reduced while a picture decodes: each pixel the mean of the area it covers, whole and partly covered
/// pixels counted by their share; rows made as soon as all the rows under them are written, in whatever order and
/// from whichever threads the decoder writes them.
final class DownscaleAsRowsArriveTests: XCTestCase {
    func testEachPixelIsTheMeanOfTheBlockUnderIt() throws {
        // 6 × 4 to 2 × 2: blocks of 3 × 2; red counts the column, green the row, blue is the column times 10.
        let picture = try bitmap(width: 6, height: 4) { x, y in rgb(x * 30, y * 40, x * 10) }
        let copy = try XCTUnwrap(try reduce(picture, to: PixelSize(width: 2, height: 2)))
        XCTAssertEqual(copy.pixel(x: 0, y: 0), rgb(30, 20, 10), "columns 0–2 (0, 30, 60), rows 0–1 (0, 40)")
        XCTAssertEqual(copy.pixel(x: 1, y: 0), rgb(120, 20, 40))
        XCTAssertEqual(copy.pixel(x: 0, y: 1), rgb(30, 100, 10))
        XCTAssertEqual(copy.pixel(x: 1, y: 1), rgb(120, 100, 40))
    }

    func testAPixelPartlyCoveredCountsByItsShare() throws {
        // 5 × 5 to 2 × 2: each pixel of the copy covers 2.5 × 2.5, the middle pixel a quarter of it in each.
        let picture = try bitmap(width: 5, height: 5) { x, y in x == 2 && y == 2 ? rgb(200, 100, 0) : rgb(0, 0, 0) }
        let copy = try XCTUnwrap(try reduce(picture, to: PixelSize(width: 2, height: 2)))
        for (x, y) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            XCTAssertEqual(copy.pixel(x: x, y: y), rgb(8, 4, 0), "200 × 0.25 / 6.25 = 8 at (\(x), \(y))")
        }
        XCTAssertEqual(AreaSpan.spans(from: 5, to: 2), [AreaSpan(first: 0, last: 2, firstWeight: 1, lastWeight: 0.5),
                                                      AreaSpan(first: 2, last: 4, firstWeight: 0.5, lastWeight: 1)])
    }

    func testRowsInAnyOrderFromManyThreadsMakeTheSameCopyAsTheReferenceMean() throws {
        let picture = try bitmap(width: 301, height: 203) { x, y in
            UInt32(truncatingIfNeeded: (x &* 2_654_435_761) ^ (y &* 40_503)) | 0xFF00_0000
        }
        let size = PixelSize(width: 97, height: 64)
        let downscale = try XCTUnwrap(try DownscaleAsRowsArrive(picture, to: size))
        // Runs of 64 pixels, in groups the way a tiled decoder writes them, the groups shuffled, on every core.
        var runs: [(y: Int, x: Int)] = []
        for y in 0..<picture.height { for x in stride(from: 0, to: picture.width, by: 64) { runs.append((y, x)) } }
        var generator = SplitMix64(seed: 7)
        runs.shuffle(using: &generator)
        let shuffled = runs
        DispatchQueue.concurrentPerform(iterations: shuffled.count) { i in
            let run = shuffled[i]
            if i == 0 { XCTAssertNil(downscale.copy, "not before every row is in") }
            downscale.wrote(row: run.y, count: min(64, picture.width - run.x))
        }
        let copy = try XCTUnwrap(downscale.copy)
        let reference = referenceMean(picture, to: size)
        var largest = 0
        for y in 0..<size.height {
            for x in 0..<size.width {
                for shift in [0, 8, 16] {
                    let a = Int(copy.pixel(x: x, y: y) >> UInt32(shift) & 0xFF)
                    largest = max(largest, abs(a - Int(reference[y * size.width + x] >> UInt32(shift) & 0xFF)))
                }
            }
        }
        XCTAssertLessThanOrEqual(largest, 1, "within rounding of the mean computed in doubles")
    }

    /// A tiled decoder reports a tile's rows at once: bands of rows in any order, from many threads, make the copy
    /// that whole rows top to bottom make.
    func testBandsOfRowsMakeTheSameCopyAsWholeRows() throws {
        let picture = try bitmap(width: 301, height: 203) { x, y in
            UInt32(truncatingIfNeeded: (x &* 2_654_435_761) ^ (y &* 40_503)) | 0xFF00_0000
        }
        let size = PixelSize(width: 60, height: 41)
        let downscale = try XCTUnwrap(try DownscaleAsRowsArrive(picture, to: size))
        // 64 × 64 tiles: each reports its rows with its own width, the last column and row of tiles cut short.
        var tiles: [(rows: Range<Int>, width: Int)] = []
        for top in stride(from: 0, to: picture.height, by: 64) {
            for left in stride(from: 0, to: picture.width, by: 64) {
                tiles.append((top..<min(top + 64, picture.height), min(64, picture.width - left)))
            }
        }
        var generator = SplitMix64(seed: 11)
        tiles.shuffle(using: &generator)
        let shuffled = tiles
        DispatchQueue.concurrentPerform(iterations: shuffled.count) { i in
            downscale.wrote(rows: shuffled[i].rows, count: shuffled[i].width)
        }
        let copy = try XCTUnwrap(downscale.copy)
        XCTAssertEqual(differingPixels(copy, try XCTUnwrap(try reduce(picture, to: size))), 0)
    }

    func testAlphaAndReductionsOfLessThanFourToThreeAreLeftToTheCanvas() throws {
        let opaque = try bitmap(width: 40, height: 30) { _, _ in rgb(1, 2, 3) }
        XCTAssertNil(try DownscaleAsRowsArrive(opaque, to: PixelSize(width: 31, height: 20)), "40 → 31 is bilinear's")
        XCTAssertNotNil(try DownscaleAsRowsArrive(opaque, to: PixelSize(width: 30, height: 22)))
        let transparent = try Bitmap(width: 40, height: 30, alpha: .straight)
        XCTAssertNil(try DownscaleAsRowsArrive(transparent, to: PixelSize(width: 10, height: 7)))
    }

    // MARK: - Helpers

    private func rgb(_ r: Int, _ g: Int, _ b: Int) -> UInt32 {
        0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }

    private func bitmap(width: Int, height: Int, _ pixel: (Int, Int) -> UInt32) throws -> Bitmap {
        let bitmap = try Bitmap(width: width, height: height)
        for y in 0..<height { for x in 0..<width { bitmap.row(y)[x] = pixel(x, y) } }
        return bitmap
    }

    /// Every row written whole, top to bottom.
    private func reduce(_ picture: Bitmap, to size: PixelSize) throws -> Bitmap? {
        guard let downscale = try DownscaleAsRowsArrive(picture, to: size) else { return nil }
        for y in 0..<picture.height { downscale.wrote(row: y, count: picture.width) }
        return downscale.copy
    }

    /// The mean of the area under each pixel, integrated in doubles over the picture's pixel squares.
    private func referenceMean(_ picture: Bitmap, to size: PixelSize) -> [UInt32] {
        let sx = Double(picture.width) / Double(size.width), sy = Double(picture.height) / Double(size.height)
        func overlap(_ k: Int, _ start: Double, _ end: Double) -> Double {
            max(0, min(Double(k + 1), end) - max(Double(k), start))
        }
        return (0..<size.height).flatMap { j in
            (0..<size.width).map { i in
                var sums = [0.0, 0.0, 0.0]
                for y in Int(Double(j) * sy)..<min(picture.height, Int((Double(j + 1) * sy).rounded(.up))) {
                    let wy = overlap(y, Double(j) * sy, Double(j + 1) * sy)
                    for x in Int(Double(i) * sx)..<min(picture.width, Int((Double(i + 1) * sx).rounded(.up))) {
                        let w = wy * overlap(x, Double(i) * sx, Double(i + 1) * sx), v = picture.pixel(x: x, y: y)
                        for (c, shift) in [16, 8, 0].enumerated() { sums[c] += w * Double(v >> UInt32(shift) & 0xFF) }
                    }
                }
                let channels = sums.map { UInt32(($0 / (sx * sy)).rounded()) }
                return 0xFF00_0000 | channels[0] << 16 | channels[1] << 8 | channels[2]
            }
        }
    }
}
