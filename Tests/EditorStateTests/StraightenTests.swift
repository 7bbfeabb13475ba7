import XCTest
@testable import EditorState

final class StraightenTests: XCTestCase {
    /// The closed form from the issue: W×H turned by θ keeps its aspect at scale min(W/(W·cos + H·sin), H/(W·sin + H·cos)).
    func closedFormScale(_ size: PixelSize, degrees: Double) -> Double {
        let c = abs(cos(degrees * .pi / 180)), s = abs(sin(degrees * .pi / 180))
        let w = Double(size.width), h = Double(size.height)
        return min(w / (w * c + h * s), h / (w * s + h * c))
    }

    func testLargestInscribedBoxMatchesTheClosedForm() {
        let sizes = [PixelSize(width: 6000, height: 4000), PixelSize(width: 4000, height: 6000),
                     PixelSize(width: 3000, height: 3000), PixelSize(width: 1001, height: 667)]
        for size in sizes {
            for tenths in [1, 10, 50, -75, 150, 300, 450, -450] {
                let turned = WarpedPhoto(size: size, angle: StraightenAngle(tenths: tenths))
                let box = turned.largestCentred(ratio: Double(size.width) / Double(size.height))
                let scale = closedFormScale(size, degrees: Double(tenths) / 10)
                let label = "\(size) at \(tenths)"
                // Whole pixels centred to half a pixel: under the real-number box by less than three pixels.
                XCTAssertLessThanOrEqual(Double(box.width), Double(size.width) * scale + 1e-6, label)
                XCTAssertGreaterThan(Double(box.width), Double(size.width) * scale - 3, label)
                XCTAssertLessThanOrEqual(Double(box.height), Double(size.height) * scale + 1e-6, label)
                XCTAssertGreaterThan(Double(box.height), Double(size.height) * scale - 3, label)
                XCTAssertLessThanOrEqual(abs(2 * box.x + box.width - size.width), 1, label)
                XCTAssertLessThanOrEqual(abs(2 * box.y + box.height - size.height), 1, label)
                XCTAssertTrue(turned.contains(box), label)
                XCTAssertFalse(turned.contains(px(box.x - 1, box.y - 1, box.width + 2, box.height + 2)), label)
            }
        }
    }

    func testExactNumbersForAFiveDegreeTurnOfA6000By4000Photo() {
        // scale = 4000 / (6000·sin 5° + 4000·cos 5°) = 0.887368…: 5324.2 × 3549.5 at most.
        let turned = WarpedPhoto(size: largeImage, angle: StraightenAngle(tenths: 50))
        XCTAssertEqual(turned.largestCentred(ratio: 1.5), px(339, 226, 5323, 3548))
        // A square: w·(cos 5° + sin 5°) ≤ 4000 → 3692.2.
        XCTAssertEqual(turned.largestCentred(ratio: 1), px(1154, 154, 3692, 3692))
    }

    func testLockedRatiosAgainstTheirClosedForm() {
        for (ratio, tenths) in [(1.0, 30), (16.0 / 9, -120), (2.0 / 3, 250)] {
            let turned = WarpedPhoto(size: largeImage, angle: StraightenAngle(tenths: tenths))
            let c = abs(cos(Double(tenths) * .pi / 1800)), s = abs(sin(Double(tenths) * .pi / 1800))
            let width = min(6000 / (c + s / ratio), 4000 / (s + c / ratio))
            let box = turned.largestCentred(ratio: ratio)
            XCTAssertLessThanOrEqual(Double(box.width), width + 1e-6)
            XCTAssertGreaterThan(Double(box.width), width - 4)
            assertRatio(box, ratio)
            XCTAssertTrue(turned.contains(box))
        }
    }

    func testTurningWithNoCropMakesTheLargestCentredBoxAndNoneAtZero() {
        var state = makeState()
        state.apply(.setStraighten(StraightenAngle(tenths: 50)))
        XCTAssertEqual(state.crop, px(339, 226, 5323, 3548))
        XCTAssertEqual(state.madeBox, .whole)
        state.apply(.setStraighten(.zero))
        XCTAssertNil(state.crop)
        XCTAssertNil(state.madeBox)
        XCTAssertEqual(state.edit, .original)
    }

    func testZeroToFiveToZeroGivesTheBoxBackExactly() {
        var state = makeState()
        state.apply(.setCrop(px(101, 99, 5800, 3801)))
        state.apply(.setStraighten(StraightenAngle(tenths: 50)))
        let shrunk = state.crop!
        XCTAssertTrue(state.warpedPhoto!.contains(shrunk))
        XCTAssertEqual(shrunk.center.x, 3001, accuracy: 0.5)
        XCTAssertEqual(shrunk.center.y, 1999.5, accuracy: 0.5)
        XCTAssertEqual(Double(shrunk.width) / Double(shrunk.height), 5800.0 / 3801, accuracy: 0.001)
        // Just enough: one pixel more on each side would leave the turned photo.
        XCTAssertFalse(state.warpedPhoto!.contains(px(shrunk.x - 1, shrunk.y - 1, shrunk.width + 2, shrunk.height + 2)))
        state.apply(.setStraighten(StraightenAngle(tenths: 20)))
        let partway = state.crop!
        XCTAssertGreaterThan(partway.width, shrunk.width)
        state.apply(.setStraighten(.zero))
        XCTAssertEqual(state.crop, px(101, 99, 5800, 3801))
        XCTAssertNil(state.madeBox)
    }

    func testABoxThatFitsIsLeftAlone() {
        var state = makeState()
        state.apply(.setCrop(px(2000, 1500, 1000, 800)))
        state.apply(.setStraighten(StraightenAngle(tenths: 100)))
        XCTAssertEqual(state.crop, px(2000, 1500, 1000, 800))
        XCTAssertNil(state.madeBox)
    }

    func testABoxInACornerMovesInWhenItsCentreLeavesThePhoto() {
        var state = makeState()
        state.apply(.setCrop(px(0, 0, 40, 40)))
        state.apply(.setStraighten(StraightenAngle(tenths: 450)))
        XCTAssertTrue(state.warpedPhoto!.contains(state.crop!))
        XCTAssertEqual(state.crop!.width, state.crop!.height)
        state.apply(.setStraighten(.zero))
        XCTAssertEqual(state.crop, px(0, 0, 40, 40))
    }

    /// Drags `handle` of the current box far by (dx, dy) view pixels.
    func dragHandle(_ state: inout EditorState, _ handle: Handle, dx: Double, dy: Double) {
        let start = handle.position(on: state.cropFrameInView!)
        drag(&state, from: start, to: pt(start.x + dx, start.y + dy))
    }

    func testEveryHandleStopsAtTheTurnedPhotoWithTheOppositeEdgeFixed() {
        for handle in Handle.all {
            var state = makeState()
            state.apply(.setCrop(px(2000, 1400, 2000, 1200)))
            state.apply(.setStraighten(StraightenAngle(tenths: 80)))
            let before = state.crop!
            let outwards = handle.position(on: Rect(x: -1, y: -1, width: 2, height: 2))
            dragHandle(&state, handle, dx: outwards.x * 600, dy: outwards.y * 600)
            let after = state.crop!
            XCTAssertTrue(state.warpedPhoto!.contains(after), "\(handle.rawValue) \(after)")
            if !handle.contains(.left) { XCTAssertEqual(after.minX, before.minX, "\(handle.rawValue)") }
            if !handle.contains(.right) { XCTAssertEqual(after.maxX, before.maxX, "\(handle.rawValue)") }
            if !handle.contains(.top) { XCTAssertEqual(after.minY, before.minY, "\(handle.rawValue)") }
            if !handle.contains(.bottom) { XCTAssertEqual(after.maxY, before.maxY, "\(handle.rawValue)") }
            // It went as far as it could: one more pixel outwards leaves the photo.
            let further = px(after.x - (handle.contains(.left) ? 1 : 0), after.y - (handle.contains(.top) ? 1 : 0),
                             after.width + (handle.isCorner ? 1 : (handle.movesVerticalEdge ? 1 : 0)),
                             after.height + (handle.isCorner ? 1 : (handle.movesHorizontalEdge ? 1 : 0)))
            XCTAssertFalse(state.warpedPhoto!.contains(further), "\(handle.rawValue) \(after)")
        }
    }

    func testHandlesHoldTheAspectLockAtTheEdge() {
        for handle in Handle.all {
            var state = makeState()
            state.apply(.setAspect(.threeTwo))
            state.apply(.setStraighten(StraightenAngle(tenths: -60)))
            state.apply(.setCrop(px(2000, 1400, 1800, 1200)))
            let outwards = handle.position(on: Rect(x: -1, y: -1, width: 2, height: 2))
            dragHandle(&state, handle, dx: outwards.x * 800, dy: outwards.y * 800)
            XCTAssertTrue(state.warpedPhoto!.contains(state.crop!), "\(handle.rawValue)")
            assertRatio(state.crop, 1.5)
            XCTAssertGreaterThan(state.crop!.width, 1800, "\(handle.rawValue) grew")
        }
    }

    func testAMovedBoxSlidesAlongTheEdgeKeepingItsSize() {
        var state = makeState()
        state.apply(.setCrop(px(2000, 1500, 1000, 800)))
        state.apply(.setStraighten(StraightenAngle(tenths: 100)))
        let centre = state.cropFrameInView!.center
        drag(&state, from: centre, to: pt(centre.x + 2000, centre.y + 40))
        let moved = state.crop!
        XCTAssertEqual(moved.size, PixelSize(width: 1000, height: 800))
        XCTAssertTrue(state.warpedPhoto!.contains(moved))
        XCTAssertGreaterThan(moved.x, 4000)
        XCTAssertFalse(state.warpedPhoto!.contains(px(moved.x + 1, moved.y, 1000, 800)))
    }

    func testNudgesAndKeyboardResizesStopAtTheEdge() {
        var state = makeState()
        state.apply(.setStraighten(StraightenAngle(tenths: 30)))
        let start = state.crop!
        for _ in 0..<50 { state.apply(.nudge(dx: -10, dy: 0)) }
        XCTAssertEqual(state.crop!.size, start.size)
        XCTAssertTrue(state.warpedPhoto!.contains(state.crop!))
        XCTAssertEqual(state.history.undoStack.count, 2, "the turn and one burst of nudges")
        for _ in 0..<50 { state.apply(.resizeCrop(dw: 10, dh: 0)) }
        XCTAssertTrue(state.warpedPhoto!.contains(state.crop!))
    }

    func testNumericEntryAndAspectChangesAreKeptInside() {
        var state = makeState()
        state.apply(.setStraighten(StraightenAngle(tenths: -40)))
        state.apply(.setCrop(px(0, 0, 6000, 4000)))
        XCTAssertTrue(state.warpedPhoto!.contains(state.crop!))
        state.apply(.setAspect(.sixteenNine))
        XCTAssertTrue(state.warpedPhoto!.contains(state.crop!))
        assertRatio(state.crop, 16.0 / 9)
        state.apply(.swapAspectOrientation)
        XCTAssertTrue(state.warpedPhoto!.contains(state.crop!))
        assertRatio(state.crop, 9.0 / 16)
    }

    func testADrawnBoxStopsAtTheWarpedPhoto() {
        var state = makeState()
        state.apply(.setStraighten(StraightenAngle(tenths: 120)))
        XCTAssertEqual(state.crop!.minY, 450, accuracy: 1)
        // From above the box's middle (on the photo), up and right past the turned photo's top edge.
        let anchor = state.viewport.viewRect(fromImage: Rect(x: 3000, y: 300, width: 0, height: 0)).origin
        let far = state.viewport.viewRect(fromImage: Rect(x: 5500, y: -800, width: 0, height: 0)).origin
        drag(&state, from: anchor, to: far)
        let drawn = state.crop!
        XCTAssertTrue(state.warpedPhoto!.contains(drawn))
        XCTAssertEqual(drawn.minX, 3000, accuracy: 1)
        XCTAssertEqual(drawn.maxY, 300, accuracy: 1)
        XCTAssertGreaterThan(drawn.width, 100)
    }

    func testClickingOutsideAtAnAngleGivesTheLargestBoxNotAnEmptyCorner() {
        var state = makeState()
        state.apply(.setCrop(px(2000, 1500, 1000, 800)))
        state.apply(.setStraighten(StraightenAngle(tenths: 50)))
        let outside = state.viewport.viewRect(fromImage: Rect(x: 500, y: 500, width: 0, height: 0)).origin
        state.apply(.pointerDown(outside, now: 0))
        state.apply(.pointerUp(outside, now: 0.01))
        XCTAssertEqual(state.crop, px(339, 226, 5323, 3548))
    }

    func testAQuarterTurnKeepsTheAngleAndAFlipMirrorsIt() {
        var state = makeState()
        state.apply(.setCrop(px(100, 100, 5800, 3800)))
        state.apply(.setStraighten(StraightenAngle(tenths: 50)))
        let box = state.crop!
        state.apply(.rotateRight)
        XCTAssertEqual(state.straighten, StraightenAngle(tenths: 50))
        XCTAssertEqual(state.crop, Orientation.rotate90CW.displayedRect(fromStored: box, storedSize: largeImage))
        XCTAssertTrue(state.warpedPhoto!.contains(state.crop!))
        XCTAssertEqual(state.madeBox, .box(px(100, 100, 3800, 5800)))
        state.apply(.flipHorizontal)
        XCTAssertEqual(state.straighten, StraightenAngle(tenths: -50))
        XCTAssertTrue(state.warpedPhoto!.contains(state.crop!))
        // The saved crop turns the upright photo the other way round: its own angle is unmirrored.
        XCTAssertEqual(state.exportRequest?.straighten, StraightenAngle(tenths: 50))
        state.apply(.setStraighten(.zero))
        state.apply(.flipHorizontal)
        state.apply(.rotateLeft)
        XCTAssertEqual(state.crop, px(100, 100, 5800, 3800), "the made box comes back through the turns")
    }

    func testTheExportedRectIsInTheTurnedUprightFrame() {
        var state = makeState()
        state.apply(.rotateRight)
        state.apply(.setStraighten(StraightenAngle(tenths: 30)))
        let request = state.exportRequest!
        XCTAssertEqual(request.straighten, StraightenAngle(tenths: 30))
        XCTAssertEqual(request.rectInUpright, Orientation.rotate90CW.storedRect(fromDisplayed: state.crop!,
                                                                                 storedSize: largeImage))
        XCTAssertTrue(WarpedPhoto(size: largeImage, angle: request.straighten).contains(request.rectInUpright))
    }

    func testOneDialDragIsOneUndoStep() {
        var state = makeState()
        state.apply(.setCrop(px(500, 500, 5000, 3000)))
        for tenths in stride(from: 5, through: 60, by: 5) { state.apply(.dragStraighten(StraightenAngle(tenths: tenths))) }
        XCTAssertEqual(state.activity, .straightening)
        state.apply(.endStraightenDrag)
        XCTAssertEqual(state.activity, .idle)
        XCTAssertEqual(state.history.undoStack.count, 2)
        let turned = state.edit
        state.apply(.undo)
        XCTAssertEqual(state.straighten, .zero)
        XCTAssertEqual(state.crop, px(500, 500, 5000, 3000))
        state.apply(.redo)
        XCTAssertEqual(state.edit, turned)
    }

    func testKeyTurnsCoalesceAndClampAt45() {
        var state = makeState()
        for _ in 0..<3 { state.apply(.turnStraighten(tenths: 1)) }
        XCTAssertEqual(state.straighten.degrees, 0.3, accuracy: 1e-12)
        XCTAssertEqual(state.history.undoStack.count, 1)
        for _ in 0..<60 { state.apply(.turnStraighten(tenths: -10)) }
        XCTAssertEqual(state.straighten, StraightenAngle(tenths: -450))
        state.apply(.undo)
        XCTAssertEqual(state.straighten, .zero)
        XCTAssertNil(state.crop)
    }

    func testTheLevelToolMakesALineLevelOrPlumb() {
        var state = makeState()
        // Rises 10 px over 100 to the right on screen (y down: clockwise 5.71°): turn it back anticlockwise.
        state.apply(.level(from: pt(100, 100), to: pt(200, 110)))
        XCTAssertEqual(state.straighten, StraightenAngle(tenths: -57))
        // Drawn the other way round: the same line.
        state.apply(.setStraighten(.zero))
        state.apply(.level(from: pt(200, 110), to: pt(100, 100)))
        XCTAssertEqual(state.straighten, StraightenAngle(tenths: -57))
        // Nearly plumb: 100 down, 3 right leans 1.72° anticlockwise from vertical.
        state.apply(.level(from: pt(300, 100), to: pt(303, 200)))
        XCTAssertEqual(state.straighten, StraightenAngle(tenths: -57 + 17))
        // A click is not a line.
        state.apply(.level(from: pt(300, 100), to: pt(301, 101)))
        XCTAssertEqual(state.straighten, StraightenAngle(tenths: -40))
    }

    func testLosslessIsUnavailableAtAnAngle() {
        var state = makeState()
        state.apply(.setLosslessSupport(.blocks(JPEGBlocks(iMCU: PixelSize(width: 16, height: 16), offsetStep: PixelSize(width: 16, height: 16)))))
        state.apply(.setLossless(true))
        XCTAssertTrue(state.isLossless)
        state.apply(.turnStraighten(tenths: 1))
        XCTAssertFalse(state.isLossless)
        guard case let .unavailable(reason) = state.losslessAvailability else { return XCTFail("available") }
        XCTAssertTrue(reason.contains("straightened"))
    }

    func testPlainSwiftTrigonometry() {
        for degrees in stride(from: -720.0, through: 720, by: 7.3) {
            let (s, c) = Trigonometry.sineAndCosine(degrees * .pi / 180)
            XCTAssertEqual(s, sin(degrees * .pi / 180), accuracy: 1e-14)
            XCTAssertEqual(c, cos(degrees * .pi / 180), accuracy: 1e-14)
        }
        for (y, x) in [(1.0, 1.0), (-2.0, 0.5), (3.0, -4.0), (-1.0, -7.0), (0.0, -1.0), (5.0, 0.0)] {
            XCTAssertEqual(Trigonometry.atan2(y, x), atan2(y, x), accuracy: 1e-14, "\(y),\(x)")
        }
    }

    func testAnglesPrintWithTheirSign() {
        XCTAssertEqual(StraightenAngle(tenths: 23).description, "+2.3°")
        XCTAssertEqual(StraightenAngle(tenths: -5).description, "−0.5°")
        XCTAssertEqual(StraightenAngle.zero.description, "0.0°")
        XCTAssertEqual(StraightenAngle(degrees: 99), StraightenAngle(tenths: 450))
    }
}
