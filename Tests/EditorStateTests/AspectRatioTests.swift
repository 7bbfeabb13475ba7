import XCTest
@testable import EditorState

final class AspectRatioTests: XCTestCase {
    func testCycleOrder() {
        var aspect = AspectRatio.free
        var seen: [AspectRatio] = []
        for _ in 0..<6 {
            aspect = aspect.next
            seen.append(aspect)
        }
        XCTAssertEqual(seen, [.original, .square, .fourThree, .threeTwo, .sixteenNine, .free])
        XCTAssertEqual(seen.map(\.label), ["Original", "1:1", "4:3", "3:2", "16:9", "Free"])
    }

    func testPortraitCycleStaysPortraitAndCustomLeavesTheCycle() {
        XCTAssertEqual(AspectRatio.custom(width: 3, height: 4).next, .custom(width: 2, height: 3))
        XCTAssertEqual(AspectRatio.custom(width: 9, height: 16).next, .free)
        XCTAssertEqual(AspectRatio.originalSwapped.next, .square)
        XCTAssertEqual(AspectRatio.custom(width: 5, height: 7).next, .free)
    }

    func testSwappedAndRatio() {
        let photo = PixelSize(width: 6000, height: 4000)
        XCTAssertEqual(AspectRatio.fourThree.swapped, .custom(width: 3, height: 4))
        XCTAssertEqual(AspectRatio.square.swapped, .square)
        XCTAssertEqual(AspectRatio.free.swapped, .free)
        XCTAssertEqual(AspectRatio.original.swapped, .originalSwapped)
        XCTAssertNil(AspectRatio.free.ratio(for: photo))
        XCTAssertEqual(AspectRatio.original.ratio(for: photo), 1.5)
        XCTAssertEqual(AspectRatio.originalSwapped.ratio(for: photo)!, 2.0 / 3.0, accuracy: 1e-15)
        XCTAssertEqual(AspectRatio.sixteenNine.ratio(for: photo)!, 16.0 / 9.0, accuracy: 1e-15)
        XCTAssertNil(AspectRatio.custom(width: 0, height: 3).ratio(for: photo))
    }

    func testSettingAnAspectReshapesTheBoxAboutItsCentre() {
        var state = makeState()
        state.apply(.setCrop(px(1000, 1000, 3000, 2000)))
        state.apply(.setAspect(.square))
        XCTAssertEqual(state.crop, px(1500, 1000, 2000, 2000))
        state.apply(.setAspect(.free))
        XCTAssertEqual(state.crop, px(1500, 1000, 2000, 2000), "free leaves the box alone")
    }

    func testSettingAnAspectWithoutACropCreatesTheLargestCentredBox() {
        var state = makeState()
        state.apply(.setAspect(.sixteenNine))
        XCTAssertEqual(state.crop, px(0, 312, 6000, 3375))
        var portrait = makeState()
        portrait.apply(.setAspect(.custom(width: 4, height: 5)))
        XCTAssertEqual(portrait.crop, px(1400, 0, 3200, 4000))
    }

    func testCycleAspectFromNoCrop() {
        var state = makeState()
        state.apply(.cycleAspect)
        XCTAssertEqual(state.aspect, .original)
        XCTAssertEqual(state.crop, px(0, 0, 6000, 4000))
        state.apply(.cycleAspect)
        XCTAssertEqual(state.aspect, .square)
        XCTAssertEqual(state.crop, px(1000, 0, 4000, 4000))
    }

    func testSwapTurnsTheBoxAboutItsCentre() {
        var state = makeState()
        state.apply(.setCrop(px(1000, 1000, 3000, 2000)))
        state.apply(.setAspect(.threeTwo))
        state.apply(.swapAspectOrientation)
        XCTAssertEqual(state.aspect, .custom(width: 2, height: 3))
        XCTAssertEqual(state.crop, px(1500, 500, 2000, 3000))
        state.apply(.swapAspectOrientation)
        XCTAssertEqual(state.aspect, .threeTwo)
        XCTAssertEqual(state.crop, px(1000, 1000, 3000, 2000))
    }

    func testSwapShrinksABoxThatNoLongerFits() {
        var state = makeState()
        state.apply(.setAspect(.sixteenNine))
        state.apply(.swapAspectOrientation)
        XCTAssertEqual(state.aspect, .custom(width: 9, height: 16))
        XCTAssertEqual(state.crop, px(1875, 0, 2250, 4000))
    }

    func testSwapOfAFreeBox() {
        var state = makeState()
        state.apply(.setCrop(px(100, 200, 300, 100)))
        state.apply(.swapAspectOrientation)
        XCTAssertEqual(state.aspect, .free)
        XCTAssertEqual(state.crop, px(200, 100, 100, 300))
    }
}
