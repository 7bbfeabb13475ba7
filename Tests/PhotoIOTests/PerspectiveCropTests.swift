import CropperTestSupport
import EditorState
import Foundation
import XCTest
@testable import PhotoIO

/// The full-resolution perspective render against ImageMagick's `-distort Perspective` given the same corners.
final class PerspectiveCropTests: XCTestCase {
    func testMatchesImageMagickAbove33dBInEveryOrientation() throws {
        let scratch = try ScratchDirectory()
        for orientation in [1, 3, 6, 8] {
            let input = Fixtures.path("Landscape", orientation)
            let source = try PhotoSource.open(path: input)
            var export = CropExport(rect: .init(x: 0, y: 0, width: 1, height: 1), quality: 95)
            export.perspective = PerspectiveAngles(verticalTenths: -65, horizontalTenths: 20)
            export.straighten = StraightenAngle(tenths: 15)
            let warp = export.warpedPhoto(uprightSize: source.displayedSize)
            let largest = warp.largestBoxOfItsShape
            export.rect = PixelRect(x: largest.x + 20, y: largest.y + 10, width: largest.width - 60, height: largest.height - 30)
            let ours = scratch.file("\(orientation).jpg"), theirs = scratch.file("\(orientation).png")
            _ = try CropExporter.export(source, export, to: ours, overwrite: false)
            try PerspectiveFixtures.imageMagickCrop(input, warp: warp, rect: export.rect, to: theirs)
            let decibels = psnr(try PhotoSource.open(path: ours).decodeFull(), try PhotoSource.open(path: theirs).decodeFull())
            XCTAssertGreaterThanOrEqual(decibels, 33, "\(orientation)")
            let saved = try PhotoSource.open(path: ours)
            XCTAssertEqual(saved.exif?.orientation, 1)
            XCTAssertEqual(saved.storedSize, export.rect.size)
        }
    }

    func testARectOffTheWarpedPhotoIsRefusedNamingTheLargestBoxThatFits() throws {
        let source = try PhotoSource.open(path: Fixtures.path("Landscape", 1))
        var export = CropExport(rect: PixelRect(size: source.displayedSize))
        export.perspective = PerspectiveAngles(verticalTenths: 100, horizontalTenths: 0)
        let largest = export.warpedPhoto(uprightSize: source.displayedSize).largestBoxOfItsShape
        XCTAssertThrowsError(try CropExporter.render(source, export, as: .jpeg)) { error in
            XCTAssertEqual((error as? PhotoIOError)?.description,
                           "rect \(export.rect) reaches outside the picture corrected for perspective [+10.0°, 0.0°] and "
                           + "turned by 0.0° (it would show an empty corner); the largest box of that shape there is \(largest)")
        }
        export.lossless = true
        XCTAssertThrowsError(try CropExporter.render(source, export, as: .jpeg))
    }

    func testOnlyTheRectsSourceRegionIsRead() {
        let warp = WarpedPhoto(size: PixelSize(width: 6000, height: 4000), angle: .zero,
                               perspective: PerspectiveAngles(verticalTenths: 120, horizontalTenths: 0))
        let rect = PixelRect(x: 2800, y: 1800, width: 400, height: 300)
        let region = WarpRender.sourceRegion(for: rect, in: warp)
        XCTAssertLessThan(region.width, 600)
        XCTAssertLessThan(region.height, 500)
        for corner in [Point(x: 2800, y: 1800), Point(x: 3200, y: 2100)] {
            let p = warp.photoPoint(fromWarped: corner)
            XCTAssertTrue(region.rect.contains(p), "\(p) in \(region)")
        }
    }

    func testTheFocalLengthComesFromExif() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("lens.jpg")
        XCTAssertEqual(try Tools.run("/usr/bin/convert", ["-size", "64x48", "xc:gray", path]).status, 0)
        XCTAssertNil(try PhotoSource.open(path: path).focal35mm)
        let tagged = try Tools.run("exiftool", ["-q", "-overwrite_original", "-FocalLengthIn35mmFormat=50", path])
        XCTAssertEqual(tagged.status, 0, tagged.stderr)
        XCTAssertEqual(try PhotoSource.open(path: path).focal35mm, 50)
    }
}
