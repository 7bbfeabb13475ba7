import CCairo
@testable import CropperUI
import EditorState
import PhotoIO
import XCTest

/// Photos wider or taller than one Cairo surface (32767 pixels) are shown through tiles over the same pixels.
final class SurfaceTilingTests: XCTestCase {
    private typealias Tile = SurfaceTiling.Tile

    private func tile(_ core: (Int, Int, Int, Int), _ extent: (Int, Int, Int, Int)) -> Tile {
        Tile(core: PixelRect(x: core.0, y: core.1, width: core.2, height: core.3),
             extent: PixelRect(x: extent.0, y: extent.1, width: extent.2, height: extent.3))
    }

    func testAPhotoThatFitsIsOneTile() {
        for size in [PixelSize(width: 6000, height: 4000), PixelSize(width: 32767, height: 32767),
                     PixelSize(width: 1, height: 1)] {
            let tiling = SurfaceTiling(size: size)
            XCTAssertEqual(tiling.tiles, [tile((0, 0, size.width, size.height), (0, 0, size.width, size.height))])
            XCTAssertTrue(tiling.isSingle)
        }
    }

    func testAWidePanoramaIsCutIntoEvenColumnsThatReachIntoEachOther() {
        XCTAssertEqual(SurfaceTiling(size: PixelSize(width: 48000, height: 3200)).tiles, [
            tile((0, 0, 24000, 3200), (0, 0, 24064, 3200)),
            tile((24000, 0, 24000, 3200), (23936, 0, 24064, 3200)),
        ])
        XCTAssertEqual(SurfaceTiling(size: PixelSize(width: 39600, height: 3600)).tiles, [
            tile((0, 0, 19800, 3600), (0, 0, 19864, 3600)),
            tile((19800, 0, 19800, 3600), (19736, 0, 19864, 3600)),
        ])
        XCTAssertEqual(SurfaceTiling(size: PixelSize(width: 32768, height: 100)).tiles, [
            tile((0, 0, 16384, 100), (0, 0, 16448, 100)),
            tile((16384, 0, 16384, 100), (16320, 0, 16448, 100)),
        ])
    }

    func testTheWidestPhotoTakesThreeColumnsEachWithinCairosLimit() {
        let tiling = SurfaceTiling(size: PixelSize(width: 65500, height: 3000))
        XCTAssertEqual(tiling.tiles, [
            tile((0, 0, 21834, 3000), (0, 0, 21898, 3000)),
            tile((21834, 0, 21834, 3000), (21770, 0, 21962, 3000)),
            tile((43668, 0, 21832, 3000), (43604, 0, 21896, 3000)),
        ])
        XCTAssertTrue(tiling.tiles.allSatisfy { $0.extent.width <= SurfaceTiling.cairoMaxSide })
    }

    func testATallPanoramaIsCutIntoRowsAndATallWideOneIntoAGrid() {
        XCTAssertEqual(SurfaceTiling(size: PixelSize(width: 3200, height: 48000)).tiles, [
            tile((0, 0, 3200, 24000), (0, 0, 3200, 24064)),
            tile((0, 24000, 3200, 24000), (0, 23936, 3200, 24064)),
        ])
        XCTAssertEqual(SurfaceTiling(size: PixelSize(width: 40000, height: 34000)).tiles, [
            tile((0, 0, 20000, 17000), (0, 0, 20064, 17064)),
            tile((20000, 0, 20000, 17000), (19936, 0, 20064, 17064)),
            tile((0, 17000, 20000, 17000), (0, 16936, 20064, 17064)),
            tile((20000, 17000, 20000, 17000), (19936, 16936, 20064, 17064)),
        ])
    }

    func testCoresCoverEveryPixelOnceAndExtentsStayInside() {
        for width in [32768, 40001, 65500] {
            let tiling = SurfaceTiling(size: PixelSize(width: width, height: 10))
            XCTAssertEqual(tiling.tiles.map(\.core.width).reduce(0, +), width)
            for (left, right) in zip(tiling.tiles, tiling.tiles.dropFirst()) {
                XCTAssertEqual(left.core.x + left.core.width, right.core.x, "cores abut")
                XCTAssertEqual(left.extent.x + left.extent.width - right.core.x, 64, "the left reaches 64 px right")
                XCTAssertEqual(right.core.x - right.extent.x, 64, "the right reaches 64 px left")
            }
        }
    }

    func testOnlyTheTilesAViewMeetsAreDrawn() {
        let tiling = SurfaceTiling(size: PixelSize(width: 48000, height: 3200))
        XCTAssertEqual(tiling.indices(meeting: Rect(x: 100, y: 10, width: 1280, height: 800)), [0])
        XCTAssertEqual(tiling.indices(meeting: Rect(x: 23400, y: 1200, width: 1280, height: 800)), [0, 1])
        XCTAssertEqual(tiling.indices(meeting: Rect(x: 24000, y: 1200, width: 1280, height: 800)), [1])
        XCTAssertEqual(tiling.indices(meeting: Rect(x: 23999.5, y: 1200, width: 1280, height: 800)), [0, 1])
        // Past the picture's edges (the padded border round it) the edge tiles draw.
        XCTAssertEqual(tiling.indices(meeting: Rect(x: -500, y: -50, width: 300, height: 3400)), [0])
        XCTAssertEqual(tiling.indices(meeting: Rect(x: 48100, y: 0, width: 10, height: 10)), [1])
    }
}

/// The tiles join without a seam: a tiled bitmap paints the pixels one surface would, at any zoom and turn.
final class TiledPaintTests: XCTestCase {
    private func noise(width: Int, height: Int) throws -> Bitmap {
        let bitmap = try Bitmap(width: width, height: height)
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for y in 0..<height {
            let row = bitmap.row(y)
            for x in 0..<width {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                row[x] = 0xFF00_0000 | UInt32(truncatingIfNeeded: state >> 40) & 0x00FF_FFFF
            }
        }
        return bitmap
    }

    /// What `bitmap` paints on a 400 × 300 target through `matrix` with `filter`.
    private func painted(_ bitmap: DisplayBitmap, matrix: cairo_matrix_t, filter: cairo_filter_t) -> [UInt32] {
        let target = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 400, 300)!
        defer { cairo_surface_destroy(target) }
        let cr = cairo_create(target)!
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1)
        cairo_paint(cr)
        var matrix = matrix
        cairo_transform(cr, &matrix)
        bitmap.paint(on: cr, filter: filter)
        cairo_destroy(cr)
        cairo_surface_flush(target)
        let data = cairo_image_surface_get_data(target)!
        return data.withMemoryRebound(to: UInt32.self, capacity: 400 * 300) { Array(UnsafeBufferPointer(start: $0, count: 400 * 300)) }
    }

    private static func largestChannelDifference(_ a: UInt32, _ b: UInt32) -> Int {
        var worst = 0
        for shift: UInt32 in [0, 8, 16] {
            let one = Int((a >> shift) & 0xFF), other = Int((b >> shift) & 0xFF)
            worst = max(worst, abs(one - other))
        }
        return worst
    }

    private func matrix(scale: Double, degrees: Double = 0, x: Double, y: Double) -> cairo_matrix_t {
        var matrix = cairo_matrix_t()
        cairo_matrix_init_translate(&matrix, x, y)
        cairo_matrix_rotate(&matrix, degrees * .pi / 180)
        cairo_matrix_scale(&matrix, scale, scale)
        return matrix
    }

    func testTilesPaintWhatOneSurfaceWouldAcrossTheirBorders() throws {
        let photo = try noise(width: 1000, height: 700)
        let whole = try DisplayBitmap(photo)
        // Cores of 167 × 140 pixels: a dozen borders cross the target at every zoom below.
        let tiled = try DisplayBitmap(photo, maxSide: 300)
        XCTAssertEqual(whole.tiling.tiles.count, 1)
        XCTAssertEqual(tiled.tiling.tiles.count, 30)
        let cases: [(String, cairo_matrix_t, cairo_filter_t)] = [
            ("100 %", matrix(scale: 1, x: -120, y: -80), CAIRO_FILTER_BILINEAR),
            ("100 % at a fraction of a pixel", matrix(scale: 1, x: -120.4, y: -80.7), CAIRO_FILTER_BILINEAR),
            ("300 %, nearest", matrix(scale: 3, x: -480.2, y: -510.7), CAIRO_FILTER_NEAREST),
            ("170 %", matrix(scale: 1.7, x: -230.3, y: -300.6), CAIRO_FILTER_BILINEAR),
            ("45 %, GOOD", matrix(scale: 0.45, x: -20.2, y: -7.9), CAIRO_FILTER_GOOD),
            ("straightened 7.5° at 130 %", matrix(scale: 1.3, degrees: 7.5, x: -100, y: -300), CAIRO_FILTER_BILINEAR),
        ]
        for (name, matrix, filter) in cases {
            let expected = painted(whole, matrix: matrix, filter: filter)
            let actual = painted(tiled, matrix: matrix, filter: filter)
            let worst = zip(expected, actual).map(Self.largestChannelDifference).max() ?? 0
            // A tile's samples are placed from its own corner, in pixman's 16.16 fixed point: a sample can move by
            // 1/65536 of a pixel and a bilinear weight (7 bits) by 1/128, a few levels on this noise. A seam (a
            // padded edge, the ground showing through, a pixel of the wrong tile) would be tens of levels off.
            XCTAssertLessThanOrEqual(worst, 4, "\(name): the largest difference from one surface, in levels")
            XCTAssertGreaterThan(Set(actual).count, 1000, "\(name): the photo was painted")
        }
    }

    func testACopyMadeFromTilesIsTheCopyOfOneSurface() throws {
        let photo = try noise(width: 1000, height: 700)
        let whole = try DisplayBitmap(photo)
        let tiled = try DisplayBitmap(photo, maxSide: 300)
        for (orientation, width, height) in [(Orientation.normal, 333, 233), (.rotate90CW, 233, 333)] {
            func bytes(_ source: DisplayBitmap) throws -> [UInt8] {
                let key = ScaledCopyKey(epoch: 0, source: ObjectIdentifier(source), orientation: orientation,
                                        width: width, height: height)
                let copy = try XCTUnwrap(ScaledCopyBuilder.make(key, from: source, bands: 2))
                return withExtendedLifetime(copy) {
                    let count = Int(cairo_image_surface_get_stride(copy.surface)) * height
                    return Array(UnsafeBufferPointer(start: cairo_image_surface_get_data(copy.surface), count: count))
                }
            }
            let expected = try bytes(whole), actual = try bytes(tiled)
            XCTAssertLessThanOrEqual(zip(expected, actual).map { abs(Int($0) - Int($1)) }.max() ?? 0, 2, "\(orientation)")
        }
    }
}
