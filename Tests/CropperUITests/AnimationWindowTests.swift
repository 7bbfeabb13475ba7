import CropperTestSupport
import EditorState
import Foundation
import PhotoIO
import XCTest

/// A GIF and an animated WebP in the real window: they play, pause on K, step on Ctrl+arrows, and their crop is
/// saved frame by frame, checked against ImageMagick's coalesced crop and the command line's crop.
final class AnimationWindowTests: XCTestCase {
    nonisolated(unsafe) private static var shared: (ScratchDirectory, AnimationPhotos)?
    private var scratch: ScratchDirectory!
    private var photos: AnimationPhotos!

    override func setUpWithError() throws {
        if Self.shared == nil {
            let directory = try ScratchDirectory()
            Self.shared = (directory, try AnimationPhotos.make(in: directory))
        }
        (scratch, photos) = Self.shared!
    }

    override class func tearDown() { shared = nil }

    /// Plays until the frame on screen moves, pauses, holds, steps on and back; returns the paused frame.
    private func playPauseAndStep(_ harness: EditorWindowHarness, frames: Int) throws {
        let opened = try harness.waitUntilSettled()
        XCTAssertEqual(opened.animation?.frames, frames)
        let playing = try harness.waitFor("a later frame on screen", timeout: 10) { ($0.animation?.shown ?? 0) > 0 }
        XCTAssertEqual(playing.animation?.playing, true)
        try harness.key("k")
        let paused = try harness.waitFor("the pause") { $0.animation?.playing == false }
        let frame = try XCTUnwrap(paused.animation?.frame)
        // Longer than any of its delays: a playing animation would have moved on.
        try harness.waitUntilWindowTime(paused.time + 0.4)
        XCTAssertEqual(try harness.sync().animation?.frame, frame, "paused, the frame stays")
        try harness.key("ctrl+Right")
        try harness.waitFor("a frame on") { $0.animation?.frame == (frame + 1) % frames && $0.animation?.shown == (frame + 1) % frames }
        try harness.key("ctrl+Left")
        try harness.key("ctrl+Left")
        let back = try harness.waitFor("two frames back") { $0.animation?.shown == (frame + frames - 1) % frames }
        XCTAssertEqual(back.animation?.playing, false, "stepping keeps it paused")
        try harness.key("k")
        try harness.waitFor("playing again") { $0.animation?.playing == true }
        try harness.key("k")
        try harness.waitFor("paused again") { $0.animation?.playing == false }
    }

    private func cropAndSave(_ harness: EditorWindowHarness, _ box: PixelRect) throws -> String {
        try harness.key("n")
        try harness.waitFor("the numeric entry") { $0.visible("numericEntry") }
        try harness.type("\(box.x)\t\(box.y)\t\(box.width)\t\(box.height)\n")
        try harness.waitFor("the typed box") { $0.crop == box }
        try harness.key("ctrl+s")
        return try XCTUnwrap(try harness.waitFor("the save", timeout: 30) { $0.lastSaved != nil }.lastSaved)
    }

    func testAGIFPlaysPausesStepsAndItsCropIsImageMagicksCoalescedCropFrameByFrame() throws {
        let harness = try EditorWindowHarness(photo: photos.optimised)
        try playPauseAndStep(harness, frames: 6)
        try harness.saveDocsScreenshot("screenshot-animation.png")
        let box = PixelRect(x: 20, y: 10, width: 70, height: 60)
        let saved = try cropAndSave(harness, box)
        XCTAssertTrue(saved.hasSuffix(".gif"))
        let output = try PhotoSource.open(path: saved), source = try PhotoSource.open(path: photos.optimised)
        XCTAssertEqual(try output.animationTimeline(), try source.animationTimeline(), "every delay and the loop count")
        let ours = try CoalescedFrames.of(saved, in: scratch, name: "window-gif")
        let theirs = try CoalescedFrames.of(photos.optimised, in: scratch, name: "magick-gif",
                                            operations: ["-crop", "70x60+20+10", "+repage"])
        XCTAssertEqual(ours.count, 6)
        XCTAssertEqual(ours.count, theirs.count)
        for (index, (mine, magick)) in zip(ours, theirs).enumerated() {
            XCTAssertEqual(try differingPixels(mine, magick), 0, "frame \(index + 1)")
        }
    }

    func testAnAnimatedWebPPlaysPausesStepsAndItsCropIsTheCommandLinesFrameByFrame() throws {
        let harness = try EditorWindowHarness(photo: photos.webP)
        try playPauseAndStep(harness, frames: 3)
        let box = PixelRect(x: 10, y: 6, width: 64, height: 48)
        let saved = try cropAndSave(harness, box)
        XCTAssertTrue(saved.hasSuffix(".webp"))
        let cli = scratch.file("cli-crop.webp")
        let result = try Tools.run(CropperExecutable.path, ["crop", photos.webP, "--rect", "10,6,64,48", "-o", cli])
        XCTAssertEqual(result.status, 0, result.stderr)
        let ours = try PhotoSource.open(path: saved), theirs = try PhotoSource.open(path: cli)
        XCTAssertEqual(try ours.animationTimeline(), AnimationTimeline(delays: [80, 120, 160], plays: 2))
        XCTAssertEqual(try ours.animationTimeline(), try theirs.animationTimeline())
        let mine = try AnimationFrameReader(ours), reference = try AnimationFrameReader(theirs)
        var frames = 0
        while let (frame, _) = try mine.next() {
            let (expected, _) = try XCTUnwrap(try reference.next())
            XCTAssertEqual(frame.size, PixelSize(width: 64, height: 48))
            XCTAssertEqual(VisiblePixels.differing(frame, expected), 0, "frame \(frames + 1)")
            frames += 1
        }
        XCTAssertEqual(frames, 3)
    }

    private func differingPixels(_ a: String, _ b: String) throws -> Int {
        VisiblePixels.differing(try PhotoSource.open(path: a).decodeFull(), try PhotoSource.open(path: b).decodeFull())
    }
}
