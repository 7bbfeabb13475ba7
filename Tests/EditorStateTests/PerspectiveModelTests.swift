import XCTest
@testable import EditorState

final class PerspectiveModelTests: XCTestCase {
    let photo = PixelSize(width: 3000, height: 2000)

    func testTheFocalLengthSpansTheDiagonalAsOnA35mmFrame() {
        // 28 mm on a 43.2666 mm diagonal; the photo's diagonal is √(3000² + 2000²) = 3605.551…
        XCTAssertEqual(CameraLens.focalPixels(focal35mm: 28, size: photo), 28 / 43.266615305567875 * 3605.5512754639893,
                       accuracy: 1e-9)
        XCTAssertEqual(CameraLens.focalPixels(focal35mm: .nan, size: photo),
                       CameraLens.focalPixels(focal35mm: 28, size: photo))
    }

    func testAnglesAreTenthsWithinFortyDegrees() {
        XCTAssertEqual(PerspectiveAngles(vertical: -6.54, horizontal: 2).verticalTenths, -65)
        XCTAssertEqual(PerspectiveAngles(vertical: 55, horizontal: -41).horizontalTenths, -400)
        XCTAssertEqual(PerspectiveAngles(vertical: 55, horizontal: 0).verticalTenths, 400)
        XCTAssertEqual(PerspectiveAngles(vertical: .infinity, horizontal: 1).verticalTenths, 0)
        XCTAssertEqual(PerspectiveAngles(verticalTenths: 65, horizontalTenths: -20).description, "[+6.5°, −2.0°]")
    }

    /// A pinhole turned down by v: a photo point (x, y) about the centre goes to f·(x, y·cos v − f·sin v) /
    /// (y·sin v + f·cos v), then the centre's own image is taken off.
    func testVerticalIsTheCameraTurnedAboutItsHorizontalAxisWithTheCentreKept() {
        let warped = WarpedPhoto(size: photo, angle: .zero, perspective: PerspectiveAngles(verticalTenths: 100, horizontalTenths: 0))
        let f = warped.focalPixels, v = 10 * Double.pi / 180
        func expected(_ x: Double, _ y: Double) -> Point {
            let z = y * sin(v) + f * cos(v)
            let centreY = -f * tan(v)
            return Point(x: 1500 + f * x / z, y: 1000 + f * (y * cos(v) - f * sin(v)) / z - centreY)
        }
        for (x, y) in [(-1500.0, -1000.0), (1500, -1000), (1500, 1000), (0, 0), (300, -700)] {
            let p = warped.warpedPoint(fromPhoto: Point(x: 1500 + x, y: 1000 + y)), e = expected(x, y)
            assertPoint(p, e.x, e.y, accuracy: 1e-6)
            assertPoint(warped.photoPoint(fromWarped: p), 1500 + x, 1000 + y, accuracy: 1e-6)
        }
        // The top widens, the bottom narrows: verticals that met above the photo part.
        let corners = warped.corners
        XCTAssertGreaterThan(corners[1].x - corners[0].x, 3000)
        XCTAssertLessThan(corners[2].x - corners[3].x, 3000)
        assertPoint(warped.warpedPoint(fromPhoto: Point(x: 1500, y: 1000)), 1500, 1000, accuracy: 1e-9)
    }

    func testHorizontalWidensTheLeftSide() {
        let warped = WarpedPhoto(size: photo, angle: .zero, perspective: PerspectiveAngles(verticalTenths: 0, horizontalTenths: 100))
        let corners = warped.corners
        XCTAssertGreaterThan(corners[3].y - corners[0].y, 2000)
        XCTAssertLessThan(corners[2].y - corners[1].y, 2000)
    }

    /// Turning or flipping the picture and then warping by the transformed angles is the same as warping first:
    /// the order the docs state holds for all eight orientations.
    func testEveryQuarterTurnAndFlipCommutesWithTheWarp() {
        let angle = StraightenAngle(tenths: 37), angles = PerspectiveAngles(verticalTenths: 123, horizontalTenths: -71)
        let before = WarpedPhoto(size: photo, angle: angle, perspective: angles, focal35mm: 35)
        for step in Orientation.allCases {
            let size = step.displayedSize(forStored: photo)
            let after = WarpedPhoto(size: size, angle: step.isMirror ? angle.mirrored : angle,
                                    perspective: angles.transformed(by: step), focal35mm: 35)
            for p in [Point(x: 10, y: 20), Point(x: 2900, y: 150), Point(x: 1700, y: 1900)] {
                let there = step.displayedPoint(fromStored: before.warpedPoint(fromPhoto: p), storedSize: photo)
                let here = after.warpedPoint(fromPhoto: step.displayedPoint(fromStored: p, storedSize: photo))
                assertPoint(here, there.x, there.y, accuracy: 1e-6)
            }
            XCTAssertEqual(angles.transformed(by: step).transformed(by: step.inverse), angles, "\(step)")
        }
    }

    func testAPureTurnIsTheStraightenTurn() {
        let warped = WarpedPhoto(size: photo, angle: StraightenAngle(tenths: 50))
        let p = warped.warpedPoint(fromPhoto: Point(x: 0, y: 0))
        let c = cos(5 * Double.pi / 180), s = sin(5 * Double.pi / 180)
        assertPoint(p, 1500 - 1500 * c + 1000 * s, 1000 - 1500 * s - 1000 * c, accuracy: 1e-9)
        assertPoint(warped.forward.apply(Point(x: 0, y: 0)), p.x, p.y, accuracy: 1e-9)
    }

    func testTheLargestBoxOfThePhotosShapeFillsTheKeystonedPhoto() {
        for (v, h, focal) in [(100, 0, 28.0), (-250, 0, 28), (0, 150, 50), (120, -80, 24), (400, 400, 14)] {
            let warped = WarpedPhoto(size: photo, angle: StraightenAngle(tenths: 20),
                                     perspective: PerspectiveAngles(verticalTenths: v, horizontalTenths: h), focal35mm: focal)
            let box = warped.largestBoxOfItsShape, label = "\(v) \(h) \(focal)mm: \(box)"
            XCTAssertTrue(warped.contains(box), label)
            XCTAssertTrue(PixelRect(size: photo).contains(box), label)
            XCTAssertLessThanOrEqual(abs(Double(box.width) / Double(box.height) * 2000 - 3000), 3, label)
            // Nowhere does a box of this shape a few pixels larger fit.
            let real = warped.largestFitting(ratio: 1.5)
            XCTAssertLessThan(Double(box.width), real.width + 1e-6, label)
            XCTAssertGreaterThan(Double(box.width), real.width - 4, label)
            for dx in stride(from: -60, through: 60, by: 20) {
                for dy in stride(from: -60, through: 60, by: 20) {
                    let bigger = px(box.x + dx - 3, box.y + dy - 2, box.width + 6, box.height + 4)
                    XCTAssertFalse(warped.contains(bigger) && PixelRect(size: photo).contains(bigger), label)
                }
            }
        }
    }

    /// The keystone's wide end holds a larger box than its centre: the largest box sits off centre.
    func testTheLargestBoxLeansTowardsTheWideEnd() {
        let warped = WarpedPhoto(size: photo, angle: .zero, perspective: PerspectiveAngles(verticalTenths: 200, horizontalTenths: 0))
        let box = warped.largestBoxOfItsShape, centred = warped.largestCentred(ratio: 1.5)
        XCTAssertGreaterThan(box.width, centred.width)
        XCTAssertLessThan(box.center.y, 1000)
        XCTAssertEqual(abs(2 * box.x + box.width - 3000), 0, accuracy: 1)
        // The left edge runs from (−391.3, −341.8) to (119.1, 1979.7): at y = 1872 it is at x = 95.4, and the
        // canvas's top stops the box from rising further.
        XCTAssertEqual(box, px(96, 0, 2808, 1872))
    }

    func testAPhotoTurnedPartlyBehindTheCameraStillHasABox() {
        // 14 mm with 40° both ways turns a corner past 90° from the axis: it has no image; the rest still does.
        let warped = WarpedPhoto(size: photo, angle: .zero, perspective: PerspectiveAngles(verticalTenths: 400, horizontalTenths: 400),
                                 focal35mm: 14)
        XCTAssertTrue(warped.corners.contains { !$0.isFinite || abs($0.x) > 1e6 || abs($0.y) > 1e6 }
                      || warped.corners.count == 4)
        let box = warped.largestBoxOfItsShape
        XCTAssertTrue(warped.contains(box), "\(box)")
        XCTAssertGreaterThan(box.width, 100)
    }
}
