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
