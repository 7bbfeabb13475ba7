import CropperTestSupport
import EditorState
import XCTest

/// While a box is dragged, frames repaint only around the box and the status bar: what they show must be what a
/// whole repaint of the same state shows.
final class PartialRedrawTests: XCTestCase {
    func testAHandleDragsFramesEqualAWholeRepaintOfTheSameState() throws {
        let harness = try EditorWindowHarness()
        try harness.waitUntilSettled()
        try harness.key("n")
        try harness.waitFor("the numeric entry") { $0.visible("numericEntry") }
        try harness.type("450\t300\t700\t500\n")
        let boxed = try harness.waitFor("the box") { $0.crop == PixelRect(x: 450, y: 300, width: 700, height: 500) }
        try harness.settled()
        let frame = try XCTUnwrap(boxed.cropFrame)

        // Grab the bottom-right corner and move it in and out, the button held, ending smaller than before:
        // every frame after the first repaints only around the two boxes, and the last one must clear the
        // handles of the bigger box before it.
        try harness.move(frame.maxX + 2, frame.maxY + 2)
        try harness.xdotool(["mousedown", "1"])
        for (dx, dy) in [(-20.0, -10.0), (-60, -40), (-30, 25), (15, 40), (-70, -50)] {
            try harness.move(frame.maxX + dx, frame.maxY + dy)
        }
        // Not `settled`: its barrier would repaint the whole window.
        let dragged = try harness.waitFor("the last move") { abs(($0.cropFrame?.maxX ?? 0) - (frame.maxX - 70)) <= 3 }
        XCTAssertEqual(dragged.activity, "draggingHandle:bottomRight")
        try harness.waitForFrame(after: dragged.seq)
        let partial = try harness.screenshot(settling: false)

        // Unmapping and mapping the window makes the server ask for all of it again (Expose, queued before the
        // barrier that `settled` sends).
        try harness.xdotool(["windowunmap", "--sync", harness.windowID])
        try harness.xdotool(["windowmap", "--sync", harness.windowID])
        try harness.settled()
        let whole = try harness.screenshot()
        try harness.xdotool(["mouseup", "1"])

        XCTAssertEqual(partial.width, whole.width)
        let differing = zip(partial.pixels, whole.pixels).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "pixels that differ between the dragged frames and a whole repaint")
    }
}

/// While a dial turns the photo, frames repaint the canvas, the dial strip and the status bar, not the toolbar:
/// what they show must be what a whole repaint of the same state shows.
final class DialPartialRedrawTests: XCTestCase {
    func testADialDragsFramesEqualAWholeRepaintOfTheSameState() throws {
        try assertDialFramesEqualAWholeRepaint(moves: [-10, -25, -40])
    }

    /// Back to the saved angle (Reset turns off, and the box the turn made goes with its mask) and on past it: a
    /// portrait photo, with ground beside it that only the mask changes.
    func testADialDragThroughZeroEqualsAWholeRepaint() throws {
        let portrait = Fixtures.path("Portrait", 1)
        try assertDialFramesEqualAWholeRepaint(moves: [-10, -25, -40, -20, 0], photo: portrait)
        try assertDialFramesEqualAWholeRepaint(moves: [-10, -25, 0, 15], photo: portrait)
    }

    /// Presses the dial's middle, moves the pointer `moves` pixels along it (a tenth of a degree a pixel, each move
    /// awaited: the dial starts at zero, so a last move back to zero could not be told from the press) and, with the
    /// button still down, compares the window with itself repainted whole (unmapped and mapped again).
    private func assertDialFramesEqualAWholeRepaint(moves: [Double], photo: String = EditorWindowHarness.samplePhoto,
                                                   file: StaticString = #filePath, line: UInt = #line) throws {
        let harness = try EditorWindowHarness(photo: photo)
        let opened = try harness.waitUntilSettled()
        let dial = try XCTUnwrap(opened.numbers("straightenDial"))
        let middle = (dial[0] + dial[2] / 2, dial[1] + dial[3] / 2)
        try harness.move(middle.0, middle.1)
        try harness.xdotool(["mousedown", "1"])
        var dragged = opened
        for dx in moves {
            try harness.move(middle.0 + dx, middle.1)
            dragged = try harness.waitFor("the dial at \(-dx / 10)°") {
                $0.seq > dragged.seq && $0.number("straighten") == -dx / 10
            }
        }
        XCTAssertEqual(dragged.activity, "straightening", file: file, line: line)
        try harness.waitForFrame(after: dragged.seq)
        let partial = try harness.screenshot(settling: false)

        try harness.xdotool(["windowunmap", "--sync", harness.windowID])
        try harness.xdotool(["windowmap", "--sync", harness.windowID])
        try harness.settled()
        let whole = try harness.screenshot()
        try harness.xdotool(["mouseup", "1"])

        let differing = zip(partial.pixels, whole.pixels).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "pixels that differ between the dial's frames and a whole repaint, \(moves)",
                       file: file, line: line)
    }
}
