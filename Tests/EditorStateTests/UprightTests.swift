import XCTest
@testable import EditorState

final class UprightTests: XCTestCase {
    let size = PixelSize(width: 1024, height: 683)

    /// A rectified façade: verticals and horizontals of a grid of windows, in the corrected picture's frame.
    func facade() -> [LineSegment] {
        var lines: [LineSegment] = []
        for x in stride(from: 150.0, through: 870, by: 120) { lines.append(LineSegment(x, 80, x, 600)) }
        for y in stride(from: 120.0, through: 560, by: 110) { lines.append(LineSegment(140, y, 880, y)) }
        return lines
    }

    /// The photo as shot: the façade's lines seen through the inverse of a known warp.
    func shot(_ truth: WarpAngles, focal: Double = 28) -> [LineSegment] {
        let warp = WarpedPhoto(size: size, angle: truth.straighten, perspective: truth.perspective, focal35mm: focal)
        return facade().map { $0.mapped(by: warp.backward) }
    }

    func testFullRecoversAKnownWarp() {
        for truth in [WarpAngles(straighten: StraightenAngle(tenths: 23), perspective: PerspectiveAngles(verticalTenths: 121, horizontalTenths: -64)),
                      WarpAngles(straighten: StraightenAngle(tenths: -50), perspective: PerspectiveAngles(verticalTenths: -200, horizontalTenths: 150))] {
            let found = Upright.answer(.full, segments: shot(truth), size: size, focal35mm: 28)
            XCTAssertEqual(found, truth)
        }
    }

    func testVerticalRecoversTiltAndRollWithoutHorizontal() {
        let truth = WarpAngles(straighten: StraightenAngle(tenths: -17), perspective: PerspectiveAngles(verticalTenths: 183, horizontalTenths: 0))
        XCTAssertEqual(Upright.answer(.vertical, segments: shot(truth, focal: 35), size: size, focal35mm: 35), truth)
    }

    func testVerticalLeavesVerticalsUprightWithinATenth() {
        let truth = WarpAngles(straighten: StraightenAngle(tenths: 8), perspective: PerspectiveAngles(verticalTenths: 94, horizontalTenths: 0))
        let found = Upright.answer(.vertical, segments: shot(truth), size: size, focal35mm: 28)!
        let warp = WarpedPhoto(size: size, angle: found.straighten, perspective: found.perspective)
        for line in shot(truth).map({ $0.mapped(by: warp.forward) }) where line.isNearerVertical {
            XCTAssertLessThan(line.angleFromVertical, 0.1)
        }
    }

    /// A façade's seven long verticals against three hundred short slats (30 pixels) leaning 1.5° their own way:
    /// with five or more long segments, the long ones alone settle the vanishing point.
    func testTheLongVerticalsOutweighManyShortOnes() {
        let truth = WarpAngles(straighten: StraightenAngle(tenths: 6), perspective: PerspectiveAngles(verticalTenths: 112, horizontalTenths: 0))
        let warp = WarpedPhoto(size: size, angle: truth.straighten, perspective: truth.perspective, focal35mm: 28)
        let lean = 1.5 * Double.pi / 180
        let slats = (0..<300).map { i -> LineSegment in
            let x = 160 + Double(i % 30) * 24, y = 90 + Double(i / 30) * 50
            return LineSegment(x, y, x + 30 * sin(lean), y + 30 * cos(lean)).mapped(by: warp.backward)
        }
        let verticals = shot(truth).filter(\.isNearerVertical)
        XCTAssertEqual(Upright.answer(.vertical, segments: verticals + slats, size: size, focal35mm: 28), truth)
    }

    /// An answer that would leave the long verticals it was settled by leaning more than they do as shot is no
    /// turn at all; one that stands them up is kept.
    func testAnAnswerThatLeansTheLongVerticalsMoreIsNoTurn() {
        let f = CameraLens.focalPixels(focal35mm: 28, size: size)
        let upright = facade().filter(\.isNearerVertical).map {
            VanishingDirection.Line(segment: $0, normal: SphereVector.normal(of: $0, size: size, focal: f),
                                    length: $0.length, tolerance: 0.01)
        }
        let down = SphereVector(0, 1, 0)
        let turned = WarpAngles(straighten: StraightenAngle(tenths: 20))
        XCTAssertEqual(Upright.checked(turned, direction: down, settledBy: upright, size: size, focal35mm: 28),
                       WarpAngles(straighten: .zero))
        let truth = WarpAngles(straighten: StraightenAngle(tenths: -9), perspective: PerspectiveAngles(verticalTenths: 75, horizontalTenths: 0))
        let shot = shot(truth).filter(\.isNearerVertical)
        let found = VanishingDirection.find(shot, size: size, focal: f, extent: Double(size.height), minimumSupport: 100)!
        XCTAssertEqual(Upright.checked(truth, direction: found.direction, settledBy: found.settledBy, size: size,
                                       focal35mm: 28), truth)
    }

    func testNoConfidentLinesGiveNoAnswer() {
        XCTAssertNil(Upright.answer(.vertical, segments: [], size: size, focal35mm: 28))
        // Short scattered segments that meet nowhere in particular.
        let scattered = (0..<40).map { i -> LineSegment in
            let x = Double((i * 97) % 1000), y = Double((i * 61) % 650), a = Double(i) * 0.7
            return LineSegment(x, y, x + 12 * cos(a), y + 12 * sin(a))
        }
        XCTAssertNil(Upright.answer(.full, segments: scattered, size: size, focal35mm: 28))
    }

    func testTwoGuidesMakeTheirLinesUprightWithinATenth() {
        let guides = [LineSegment(200, 600, 260, 100), LineSegment(800, 620, 730, 90)]
        let found = Upright.guided(guides, size: size, focal35mm: 28)!
        XCTAssertEqual(found.perspective.horizontalTenths, 0)
        let warp = WarpedPhoto(size: size, angle: found.straighten, perspective: found.perspective)
        for guide in guides.map({ $0.mapped(by: warp.forward) }) {
            XCTAssertLessThan(guide.angleFromVertical, 0.1, "\(guide)")
        }
    }

    func testFourGuidesSetBothWays() {
        let truth = WarpAngles(straighten: StraightenAngle(tenths: 11), perspective: PerspectiveAngles(verticalTenths: 87, horizontalTenths: 132))
        let lines = shot(truth)
        let guides = [lines[0], lines[6], lines[7], lines[11]]
        XCTAssertEqual(Upright.guided(guides, size: size, focal35mm: 28), truth)
    }

    func testTwoHorizontalGuidesLevelThem() {
        let guides = [LineSegment(100, 200, 900, 150), LineSegment(120, 500, 880, 560)]
        let found = Upright.guided(guides, size: size, focal35mm: 28)!
        XCTAssertEqual(found.perspective.verticalTenths, 0)
        let warp = WarpedPhoto(size: size, angle: found.straighten, perspective: found.perspective)
        for guide in guides.map({ $0.mapped(by: warp.forward) }) {
            XCTAssertGreaterThan(guide.angleFromVertical, 89.9, "\(guide)")
        }
    }

    func testOneGuideIsNotEnough() {
        XCTAssertNil(Upright.guided([LineSegment(200, 600, 260, 100)], size: size, focal35mm: 28))
    }
}
