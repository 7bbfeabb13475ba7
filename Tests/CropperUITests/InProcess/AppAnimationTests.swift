import CropperTestSupport
import EditorState
import Foundation
import PhotoIO
import XCTest
@testable import CropperUI
import X11Platform

/// An animation in the window, decided by the app state: it plays on the ticks as its frames come in, K pauses,
/// Ctrl+arrows step, the status bar says which frame, and saving keeps it animated or saves the frame shown.
final class AppAnimationTests: XCTestCase {
    nonisolated(unsafe) private static var shared: (ScratchDirectory, AnimationPhotos)?
    private var photos: AnimationPhotos!
    private var scratch: ScratchDirectory!

    override func setUpWithError() throws {
        if Self.shared == nil {
            let scratch = try ScratchDirectory()
            Self.shared = (scratch, try AnimationPhotos.make(in: scratch))
        }
        (scratch, photos) = Self.shared!
    }

    override class func tearDown() { shared = nil }

    private func opened(_ path: String) throws -> AppHarness {
        let app = try AppHarness(files: [path])
        XCTAssertNotNil(app.animation, "opened as an animation")
        return app
    }

    /// A neighbour decoded ahead waits without an animation file held in memory over the limit; a GIF holds none
    /// (it is read from its file as needed), so it keeps its source.
    func testANeighbourDecodedAheadLetsGoOfALargeAnimationFileOnly() throws {
        let webP = try PhotoSource.open(path: photos.webP)
        func preview(_ source: PhotoSource) throws -> DecodedPreview {
            try DecodedPreview.decode(source, fitWidth: 800, fitHeight: 600, display: .sRGB)
        }
        var large = try preview(webP)
        XCTAssertNotNil(large.animationSource)
        large.dropLargeAnimationFile(over: webP.fileSize - 1)
        XCTAssertNil(large.animationSource, "the file is let go")
        XCTAssertEqual(large.animation?.frames, 3, "the timeline stays, for reading it again when opened")
        var small = try preview(webP)
        small.dropLargeAnimationFile(over: webP.fileSize)
        XCTAssertNotNil(small.animationSource)
        let gif = try PhotoSource.open(path: photos.optimised)
        var streamed = try preview(gif)
        streamed.dropLargeAnimationFile(over: 0)
        XCTAssertNotNil(streamed.animationSource, "a GIF's source holds no file")
    }

    func testItPlaysFromTheFirstFrameAtEachFramesDelay() throws {
        let app = try opened(photos.disposals)
        let animation = try XCTUnwrap(app.animation)
        XCTAssertEqual(animation.playback.delays, [100, 200, 300, 400])
        XCTAssertTrue(animation.playback.isPlaying)
        XCTAssertEqual(animation.onScreenFrame, 0, "the first frame decoded for playing is on screen")
        let start = animation.playback.shownAt
        app.tick(at: start + 0.09)
        XCTAssertEqual(app.animation?.playback.frame, 0)
        app.tick(at: start + 0.1)
        XCTAssertEqual(app.animation?.playback.frame, 1)
        XCTAssertEqual(app.animation?.onScreenFrame, 1)
        app.tick(at: start + 0.3)
        app.tick(at: start + 0.6)
        app.tick(at: start + 1.0)
        XCTAssertEqual(app.animation?.playback.frame, 0, "round again: it loops forever")
        XCTAssertEqual(app.animation?.playback.passes, 1)
        XCTAssertEqual(app.state.nextAnimationFrameAt, start + 1.1)
        XCTAssertEqual(StatusContent(app.state.context).animation?.label, "Frame 1 of 4")
    }

    func testKPausesAndPlaysAndCtrlArrowsStepWrappingAndPausing() throws {
        let app = try opened(photos.disposals)
        let start = try XCTUnwrap(app.animation).playback.shownAt
        app.tick(at: start + 0.1)
        app.key("k")
        XCTAssertEqual(app.animation?.playback.isPlaying, false)
        app.tick(at: start + 5)
        XCTAssertEqual(app.animation?.playback.frame, 1, "paused: the frame stays")
        XCTAssertNil(app.state.nextAnimationFrameAt)
        app.key("k")
        XCTAssertEqual(app.animation?.playback.isPlaying, true)
        app.key("ctrl+Right")
        XCTAssertEqual(app.animation?.playback.frame, 2)
        XCTAssertEqual(app.animation?.playback.isPlaying, false, "stepping pauses")
        app.key("ctrl+Right")
        app.key("ctrl+Right")
        XCTAssertEqual(app.animation?.playback.frame, 0, "on from the last is the first")
        app.key("ctrl+Left")
        XCTAssertEqual(app.animation?.playback.frame, 3, "back from the first is the last")
        XCTAssertEqual(app.animation?.onScreenFrame, 3)
        XCTAssertEqual(StatusContent(app.state.context).animation, AnimationStatus(frame: 3, frames: 4, playing: false))
    }

    func testAFrameTheDecoderHasNotDeliveredKeepsTheOneOnScreenAndTheLoopWaitsForIt() throws {
        let app = try AppHarness(files: [photos.webP], decodesFrames: false)
        let animation = try XCTUnwrap(app.animation)
        XCTAssertEqual(animation.playback.delays, [80, 120, 160])
        XCTAssertNil(animation.onScreenFrame, "the preview shows the first frame")
        XCTAssertEqual(app.state.session.document?.displaySources.count, 1)
        XCTAssertNil(app.state.nextAnimationFrameAt, "no wake-ups for a frame that is not there")
        app.tick(at: animation.playback.shownAt + 1)
        XCTAssertEqual(app.animation?.playback.frame, 0, "it waits for the next frame")
        app.key("ctrl+Right")
        XCTAssertEqual(app.animation?.playback.frame, 1)
        XCTAssertNil(app.animation?.onScreenFrame)
    }

    func testTheStatusBarButtonsPlayPauseAndStep() throws {
        let app = try opened(photos.disposals)
        let controls = app.state.stack.component(ChromeComponent.self)!.controls(app.state.context)
        func click(_ id: String) throws {
            let rect = try XCTUnwrap(controls.first { $0.id == id }?.rect, "\(id) is in the status bar")
            app.send(.input(.press(PointerPress(button: 1, at: WindowPoint(x: rect.midX, y: rect.midY), time: 0, modifiers: []))))
            app.send(.input(.release(WindowPoint(x: rect.midX, y: rect.midY))))
        }
        XCTAssertTrue(controls.contains { $0.id == "animation:frame" })
        try click("animation:playPause")
        XCTAssertEqual(app.animation?.playback.isPlaying, false)
        try click("animation:next")
        try click("animation:next")
        XCTAssertEqual(app.animation?.playback.frame, 2)
        try click("animation:previous")
        XCTAssertEqual(app.animation?.playback.frame, 1)
    }

    func testStraighteningIsRefusedAndAStillPhotoHasNoAnimationCommands() throws {
        let app = try opened(photos.disposals)
        app.key(".")
        XCTAssertTrue(app.editor.straighten.isZero, "an animation is cut, never resampled")
        let dial = app.state.layout.dial
        app.send(.input(.press(PointerPress(button: 1, at: WindowPoint(x: dial.midX, y: dial.midY), time: 0, modifiers: []))))
        app.send(.input(.motion(WindowPoint(x: dial.midX - 80, y: dial.midY))))
        app.send(.input(.release(WindowPoint(x: dial.midX - 80, y: dial.midY))))
        XCTAssertTrue(app.editor.straighten.isZero, "nor by the dial")
        let still = try AppHarness(files: [EditorWindowHarness.samplePhoto])
        XCTAssertNil(still.animation)
        still.key("k")
        XCTAssertFalse(still.jobs.contains { if case .showAnimationFrame = $0 { true } else { false } })
    }

    func testSavingBesideKeepsEveryFrameCutAndTurnedAndSaveAsPNGKeepsTheFrameShown() throws {
        let path = try scratch.copy(photos.disposals, as: "saved.gif")
        let app = try opened(path)
        let box = PixelRect(x: 20, y: 10, width: 60, height: 40)
        app.typeBox(box)
        app.key("r")
        app.key("ctrl+Right")
        app.key("ctrl+Right")
        app.key("ctrl+s")
        let animated = scratch.file("saved-cropped.gif")
        XCTAssertEqual(app.state.saving.lastSaved, animated)
        let saved = try PhotoSource.open(path: animated)
        XCTAssertEqual(saved.storedSize, PixelSize(width: 40, height: 60), "turned a quarter")
        XCTAssertEqual(try saved.animationTimeline(), AnimationTimeline(delays: [100, 200, 300, 400], plays: 0))

        app.key("ctrl+shift+s")
        app.key("ctrl+u")
        app.type("frame.png\n")
        let still = scratch.file("frame.png")
        XCTAssertEqual(app.state.saving.lastSaved, still)
        XCTAssertEqual(app.notice, "Saved frame 3 as a still picture to \(still)")
        let expected = try AnimationFrameReader.canvas(at: 2, of: try PhotoSource.open(path: path))
            .transformed(by: .rotate90CW, region: box)
        let written = try PhotoSource.open(path: still).decodeFull()
        XCTAssertEqual(written.size, expected.size)
        XCTAssertEqual(VisiblePixels.differing(written, expected), 0, "the frame shown, cut and turned")
    }
}

extension AppHarness {
    var animation: DocumentAnimation? { state.session.document?.animation }

    /// The event loop's tick at `time` on the state's clock.
    func tick(at time: Double) {
        tick(after: time - now)
    }
}
