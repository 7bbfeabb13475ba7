import XCTest
@testable import EditorState

/// A crop copied from a 3000 × 2000 photo (box 450,300 1200×800: 3:2, centred at 35 % × 35 %, 16 % of the area)
/// put on photos of other sizes and orientations, by each of the rule's kinds.
final class CropRuleTests: XCTestCase {
    private let copied = PixelRect(x: 450, y: 300, width: 1200, height: 800)
    private let landscape = PixelSize(width: 3000, height: 2000)
    private let portrait = PixelSize(width: 2000, height: 3000)

    private func rule(_ kind: CropRule.Kind, straighten: StraightenAngle = .zero) -> CropRule {
        CropRule(kind: kind, box: copied, photoSize: landscape, straighten: straighten)
    }

    func testEveryKindGivesTheSameBoxBackOnThePhotoItCameFrom() {
        for kind in [CropRule.Kind.sameShapeSamePlace, .relative, .pixels] {
            XCTAssertEqual(rule(kind).placedBox(in: landscape), .success(copied), "\(kind)")
        }
        XCTAssertEqual(rule(.sameShapeSamePlace).shape, PixelSize(width: 3, height: 2))
    }

    func testTheSameShapeKeepsItsShareOfTheAreaAndItsPlaceOnAPortraitPhoto() {
        // 16 % of 2000 × 3000 at 3:2 is 1200 × 800; its centre at 35 % × 35 % is (700, 1050).
        XCTAssertEqual(rule(.sameShapeSamePlace).placedBox(in: portrait), .success(PixelRect(x: 100, y: 650, width: 1200, height: 800)))
        // On a smaller photo of the same shape: the same fractions, to the pixel.
        XCTAssertEqual(rule(.sameShapeSamePlace).placedBox(in: PixelSize(width: 1500, height: 1000)),
                       .success(PixelRect(x: 225, y: 150, width: 600, height: 400)))
    }

    func testTheSameShapeShrinksToFitAStripAndStaysInside() {
        // A 4000 × 300 strip: 16 % of its area at 3:2 would be 537 × 358, taller than the strip: 450 × 300,
        // centred at 35 % across (1400) and pushed down to the top edge.
        XCTAssertEqual(rule(.sameShapeSamePlace).placedBox(in: PixelSize(width: 4000, height: 300)),
                       .success(PixelRect(x: 1175, y: 0, width: 450, height: 300)))
    }

    func testRelativeTakesTheSameFractionsOfEachSide() {
        XCTAssertEqual(rule(.relative).placedBox(in: portrait), .success(PixelRect(x: 300, y: 450, width: 800, height: 1200)))
        XCTAssertEqual(rule(.relative).placedBox(in: PixelSize(width: 101, height: 67)),
                       .success(PixelRect(x: 15, y: 10, width: 40, height: 27)))
    }

    func testPixelsThatDoNotFitAreAMisfitNotACrop() {
        XCTAssertEqual(rule(.pixels).placedBox(in: portrait), .success(copied))
        XCTAssertEqual(rule(.pixels).placedBox(in: PixelSize(width: 1000, height: 800)),
                       .failure(.tooSmall(photo: PixelSize(width: 1000, height: 800), needs: PixelSize(width: 1650, height: 1100))))
        XCTAssertEqual(rule(.pixels).placedBox(in: PixelSize(width: 1650, height: 1100)), .success(copied), "an exact fit fits")
    }

    func testCentredIsTheLargestBoxOfTheShape() {
        XCTAssertEqual(rule(.centred).placedBox(in: portrait), .success(PixelRect(x: 0, y: 833, width: 2000, height: 1333)))
        XCTAssertEqual(rule(.centred).placedBox(in: landscape), .success(PixelRect(size: landscape)))
    }

    func testSmartAsksThePhotosContentWhereTheLargestBoxGoes() {
        var asked: [(PixelSize, PixelRect)] = []
        let placed = rule(.smart).placedBox(in: portrait) { size, frame in
            asked.append((size, frame))
            return PixelRect(x: 0, y: 1667, width: size.width, height: size.height)
        }
        XCTAssertEqual(placed, .success(PixelRect(x: 0, y: 1667, width: 2000, height: 1333)))
        XCTAssertEqual(asked.map(\.0), [PixelSize(width: 2000, height: 1333)])
        XCTAssertEqual(asked.map(\.1), [PixelRect(size: portrait)])
        XCTAssertTrue(rule(.smart).readsContent)
        XCTAssertEqual(rule(.smart).placedBox(in: portrait), rule(.centred).placedBox(in: portrait), "centred without the content")
    }

    func testTheEditCarriesTheTurnsAndLocksTheShape() {
        var turned = rule(.sameShapeSamePlace)
        turned.userTransform = .rotate90CW
        // Stored 3000 × 2000 with no EXIF turn, turned a quarter by the rule: shown 2000 × 3000.
        XCTAssertEqual(turned.edit(storedSize: landscape, orientation: .normal),
                       .success(CropEdit(crop: PixelRect(x: 100, y: 650, width: 1200, height: 800), userTransform: .rotate90CW,
                                         aspect: .custom(width: 3, height: 2))))
        // Stored 2000 × 3000 that EXIF turns a quarter (orientation 6), then the rule's quarter: shown 2000 × 3000.
        XCTAssertEqual(turned.edit(storedSize: portrait, orientation: .rotate90CW).map(\.crop),
                       .success(PixelRect(x: 100, y: 650, width: 1200, height: 800)))
        XCTAssertEqual(rule(.relative).edit(storedSize: landscape, orientation: .rotate270CW).map(\.aspect), .success(.free))
    }

    func testAStraightenedRuleKeepsTheBoxOnTheTurnedPhoto() throws {
        let angle = StraightenAngle(tenths: 50)
        let turned = WarpedPhoto(size: portrait, angle: angle)
        for kind in [CropRule.Kind.sameShapeSamePlace, .relative, .centred] {
            let box = try rule(kind, straighten: angle).placedBox(in: portrait).get()
            XCTAssertTrue(turned.contains(box), "\(kind): \(box)")
        }
        XCTAssertEqual(rule(.relative, straighten: angle).placedBox(in: portrait),
                       .success(turned.fitted(PixelRect(x: 300, y: 450, width: 800, height: 1200))))
        XCTAssertEqual(rule(.centred, straighten: angle).placedBox(in: portrait).map { $0.width * 2 / $0.height }, .success(3))
        let corner = CropRule(kind: .pixels, box: PixelRect(x: 0, y: 0, width: 300, height: 200), photoSize: landscape, straighten: angle)
        XCTAssertEqual(corner.placedBox(in: portrait), .failure(.offTheTurnedPhoto))
    }

    func testAPerspectiveRuleReProjectsEveryPhotoTheSameWayAboutItsOwnLens() throws {
        let angles = PerspectiveAngles(verticalTenths: 80, horizontalTenths: -30)
        let keystoned = CropRule(kind: .relative, box: copied, photoSize: landscape, perspective: angles)
        XCTAssertTrue(keystoned.warps)
        let edit = try keystoned.edit(storedSize: portrait, orientation: .normal, focal35mm: 50).get()
        XCTAssertEqual(edit.perspective, angles)
        XCTAssertEqual(edit.straighten, .zero)
        XCTAssertEqual(edit.guides, [])
        // The box stays on the re-projected photo, as the lens of 50 mm (not the default 28 mm) re-projects it.
        let warp = WarpedPhoto(size: portrait, angle: .zero, perspective: angles, focal35mm: 50)
        let box = try XCTUnwrap(edit.crop)
        XCTAssertTrue(warp.contains(box), "\(box)")
        XCTAssertEqual(box, warp.fitted(PixelRect(x: 300, y: 450, width: 800, height: 1200)))
        // The largest box of the shape depends on how far the lens lets the corners move.
        let largest = CropRule(kind: .centred, box: copied, photoSize: landscape, perspective: angles)
        let at50 = try XCTUnwrap(largest.edit(storedSize: portrait, orientation: .normal, focal35mm: 50).get().crop)
        let at28 = try XCTUnwrap(largest.edit(storedSize: portrait, orientation: .normal).get().crop)
        XCTAssertNotEqual(at50, at28, "the lens counts")
        XCTAssertTrue(warp.contains(at50))
    }

    func testGuidesAreCarriedAtTheSameFractionsAndSolvedOnEachPhoto() throws {
        // Two leaning verticals on the 3000 × 2000 photo it was copied from.
        let lines = [LineSegment(600, 200, 660, 1800), LineSegment(2400, 200, 2340, 1800)]
        let guided = CropRule(kind: .centred, box: copied, photoSize: landscape, guides: lines)
        XCTAssertTrue(guided.warps)
        let half = PixelSize(width: 1500, height: 1000)
        XCTAssertEqual(guided.guides(on: half), [LineSegment(300, 100, 330, 900), LineSegment(1200, 100, 1170, 900)])
        let edit = try guided.edit(storedSize: half, orientation: .normal, focal35mm: 35).get()
        let answer = try XCTUnwrap(Upright.guided(guided.guides(on: half), size: half, focal35mm: 35))
        XCTAssertEqual(edit.guides, guided.guides(on: half))
        XCTAssertEqual(edit.perspective, answer.perspective)
        XCTAssertEqual(edit.straighten, answer.straighten)
        XCTAssertFalse(edit.perspective.isZero, "converging verticals are re-projected upright")
        let warp = WarpedPhoto(size: half, angle: answer.straighten, perspective: answer.perspective, focal35mm: 35)
        XCTAssertTrue(warp.contains(try XCTUnwrap(edit.crop)))

        // Guides that give nothing (a single line) leave the photo as it is, as the command line's do.
        let single = CropRule(kind: .relative, box: copied, photoSize: landscape, guides: [lines[0]])
        let plain = try single.edit(storedSize: landscape, orientation: .normal).get()
        XCTAssertEqual([plain.straighten.tenths, plain.perspective.verticalTenths, plain.perspective.horizontalTenths], [0, 0, 0])
        XCTAssertEqual(plain.crop, copied)
    }

    func testAnAdoptedEditIsOneUndoStepAndAResumedOneKeepsItsSteps() {
        var state = EditorState()
        state.apply(.loadImage(storedSize: landscape, orientation: .normal))
        let edit = CropEdit(crop: copied, userTransform: .normal, aspect: .custom(width: 3, height: 2))
        state.apply(.adoptEdit(edit))
        XCTAssertEqual(state.edit, edit)
        XCTAssertTrue(state.isDirty)
        state.apply(.undo)
        XCTAssertNil(state.crop)
        state.apply(.redo)
        let steps = state.history
        var reopened = EditorState()
        reopened.apply(.loadImage(storedSize: landscape, orientation: .normal))
        reopened.apply(.resume(edit, history: steps))
        XCTAssertEqual(reopened.crop, copied)
        XCTAssertTrue(reopened.isDirty)
        reopened.apply(.undo)
        XCTAssertNil(reopened.crop, "the photo's own undo step came back with it")
    }
}
