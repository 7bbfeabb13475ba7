import CGIF
import CropperTestSupport
import EditorState
import Foundation
import XCTest
@testable import PhotoIO

/// GIFs made by ImageMagick and WebPs made by gif2webp and img2webp, cropped frame by frame: every frame equal to
/// ImageMagick's `-coalesce -crop +repage` of the source (turned and flipped alike), the frame count, delays,
/// disposals and loop count kept, as gifsicle and webpmux read them.
final class AnimationTests: XCTestCase {
    nonisolated(unsafe) static var shared: (ScratchDirectory, AnimationPhotos)?
    var scratch: ScratchDirectory!
    var photos: AnimationPhotos!

    override func setUpWithError() throws {
        if Self.shared == nil {
            let directory = try ScratchDirectory()
            Self.shared = (directory, try AnimationPhotos.make(in: directory))
        }
        photos = Self.shared?.1
        scratch = try ScratchDirectory()
    }

    override class func tearDown() { shared = nil }

    override func tearDown() { scratch = nil }

    private func crop(_ path: String, _ rect: PixelRect, to name: String, turn: Orientation = .normal) throws -> ExportResult {
        var export = CropExport(rect: rect, quality: 90)
        export.userTransform = turn
        return try CropExporter.export(try PhotoSource.open(path: path), export, to: scratch.file(name), overwrite: false)
    }

    /// The number of pixels that differ by more than `fuzz` percent between two frame lists, frame by frame.
    private func differingPixels(_ ours: [String], _ theirs: [String], fuzz: Int = 0) throws -> [Int] {
        XCTAssertEqual(ours.count, theirs.count, "frame count")
        return try zip(ours, theirs).map { a, b in
            let result = try Tools.run("/usr/bin/compare", ["-metric", "AE", "-fuzz", "\(fuzz)%", a, b, "null:"])
            return Int(Double(result.stderr.split(separator: " ").first ?? "-1") ?? -1)
        }
    }

    func testAGIFCropIsWrittenAsItIsMadeAndADiskThatFillsUpLeavesNothingBehind() throws {
        let big = scratch.file("big.gif")
        try XCTAssertEqual(Tools.run("/usr/bin/convert", ["-delay", "5", "-size", "400x300", "plasma:fractal", "plasma:fractal",
                                                          "plasma:fractal", "-colors", "200", "-loop", "0", big]).status, 0)
        let export = CropExport(rect: PixelRect(x: 0, y: 0, width: 400, height: 300))
        let whole = try CropExporter.render(try PhotoSource.open(path: big), export, as: .gif).bytes
        let disk = try TmpfsMount(in: scratch, size: "1m")
        try disk.fill(leaving: whole.count / 2)
        XCTAssertThrowsError(try CropExporter.export(try PhotoSource.open(path: big), export, to: disk.file("crop.gif"),
                                                     overwrite: false)) { error in
            XCTAssertEqual((error as? PhotoIOError)?.reason, PhotoIOError.cannotWrite("No space left on device").reason)
        }
        XCTAssertFalse(disk.entries.contains { $0.hasSuffix(".tmp") || $0 == "crop.gif" }, "\(disk.entries)")
        let written = scratch.file("streamed.gif")
        _ = try CropExporter.export(try PhotoSource.open(path: big), export, to: written, overwrite: false)
        XCTAssertEqual(try readBytes(written), whole, "streamed, the same bytes as made in memory")
    }

    func testAGIFIsReadFrameByFrameWithItsTiming() throws {
        let source = try PhotoSource.open(path: photos.disposals)
        XCTAssertEqual(source.format, .gif)
        XCTAssertEqual(source.storedSize, PixelSize(width: 96, height: 64))
        XCTAssertEqual(source.container?.animation,
                       AnimationSummary(frames: 4, durationMilliseconds: 1000, plays: 0))
        XCTAssertEqual(source.container?.hasAlpha, true)
        XCTAssertEqual(source.warnings, [])
        let first = try source.decodeFull()
        XCTAssertEqual(first.pixel(x: 30, y: 30), 0xFFFF_0000, "the red circle of frame 1")
        XCTAssertEqual(first.pixel(x: 90, y: 5) >> 24, 0, "transparent around it")
        // `convert -loop 3` plays three times: a NETSCAPE count of 2 repeats.
        XCTAssertEqual(try PhotoSource.open(path: photos.optimised).container?.animation?.plays, 3)
    }

    /// Opened from its file, a GIF is read from it as needed and never held whole; read from memory (a pasted or
    /// piped file) it is the same animation to the pixel.
    func testAGIFOpenedFromItsFileIsReadFromItAsNeededAndMatchesOneInMemory() throws {
        let streamed = try PhotoSource.open(path: photos.optimised)
        let bytes = try FileReading.readAll(path: photos.optimised)
        let inMemory = try PhotoSource(bytes: bytes, path: photos.optimised)
        XCTAssertTrue(streamed.readsAsNeeded)
        XCTAssertEqual(streamed.bytes, [], "the file is not held")
        XCTAssertEqual(streamed.fileSize, bytes.count)
        XCTAssertFalse(inMemory.readsAsNeeded)
        XCTAssertEqual(streamed.container?.animation, inMemory.container?.animation)
        XCTAssertEqual(streamed.warnings, inMemory.warnings)
        XCTAssertEqual(try streamed.animationTimeline(), try inMemory.animationTimeline())
        XCTAssertEqual(PhotoInfo(source: streamed).fileBytes, bytes.count)
        let (a, b) = (try AnimationFrameReader(streamed), try AnimationFrameReader(inMemory))
        while let (ours, timing) = try a.next() {
            let (theirs, theirTiming) = try XCTUnwrap(try b.next())
            XCTAssertEqual(meanAbsoluteDifference(ours, theirs), 0, "frame \(a.nextIndex)")
            XCTAssertEqual(timing, theirTiming)
        }
        XCTAssertNil(try b.next(), "as many frames")
        let rect = PixelRect(x: 10, y: 8, width: 50, height: 40)
        let fromFile = try CropExporter.render(streamed, CropExport(rect: rect, quality: 90), as: .gif).bytes
        XCTAssertEqual(fromFile, try CropExporter.render(inMemory, CropExport(rect: rect, quality: 90), as: .gif).bytes)
    }

    func testACutGIFReadFromItsFileKeepsTheFramesBeforeTheCut() throws {
        let bytes = try FileReading.readAll(path: photos.optimised)
        let cut = scratch.file("cut.gif")
        try Data(bytes.prefix(bytes.count * 2 / 3)).write(to: URL(fileURLWithPath: cut))
        let source = try PhotoSource.open(path: cut)
        XCTAssertTrue(source.readsAsNeeded)
        XCTAssertEqual(source.warnings.count, 1, "one line says where it ends")
        XCTAssertGreaterThan(source.container?.imageCount ?? 0, 0)
        XCTAssertNoThrow(try source.decodeFull())
    }

    func testEveryCroppedGIFFrameIsWhatImageMagickCoalescesAndCrops() throws {
        let rect = PixelRect(x: 15, y: 12, width: 60, height: 40)
        for (path, name) in [(photos.disposals, "disposals"), (photos.optimised, "optimised")] {
            let result = try crop(path, rect, to: "\(name).gif")
            XCTAssertEqual(result.size, rect.size)
            let ours = try CoalescedFrames.of(result.path, in: scratch, name: "\(name)-ours")
            let theirs = try CoalescedFrames.of(path, in: scratch, name: "\(name)-theirs",
                                                operations: ["-crop", "60x40+15+12", "+repage"])
            XCTAssertEqual(try differingPixels(ours, theirs), Array(repeating: 0, count: theirs.count), name)
        }
    }

    func testTurnsAndFlipsApplyToEveryFrame() throws {
        let rect = PixelRect(x: 10, y: 5, width: 70, height: 50)
        for (turn, operations) in [(userTurn(90), ["-rotate", "90"]), (userTurn(180, flipH: true), ["-rotate", "180", "-flop"]),
                                   (userTurn(270, flipV: true), ["-rotate", "270", "-flip"])] {
            let name = "turn-\(turn.rawValue)"
            let result = try crop(photos.disposals, rect, to: "\(name).gif", turn: turn)
            let ours = try CoalescedFrames.of(result.path, in: scratch, name: "\(name)-ours")
            let theirs = try CoalescedFrames.of(photos.disposals, in: scratch, name: "\(name)-theirs",
                                                operations: ["-crop", "70x50+10+5", "+repage"] + operations)
            XCTAssertEqual(try differingPixels(ours, theirs), Array(repeating: 0, count: theirs.count), name)
        }
    }

    func testAGIFCropKeepsFrameCountDelaysDisposalsLoopAndTransparencyAsGifsicleReadsThem() throws {
        try Tools.require("gifsicle")
        let result = try crop(photos.disposals, PixelRect(x: 0, y: 0, width: 96, height: 64), to: "whole.gif")
        let before = try Tools.run("gifsicle", ["--info", photos.disposals]).stdout
        let after = try Tools.run("gifsicle", ["--info", result.path]).stdout
        func timing(_ info: String) -> [String] {
            info.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.hasPrefix("disposal") || $0.hasPrefix("loop") || $0.contains("transparent") }
                .map { $0.replacingOccurrences(of: #"^\+ image #\d+ \d+x\d+( at \d+,\d+)?"#, with: "", options: .regularExpression) }
        }
        XCTAssertEqual(timing(after), timing(before))
        XCTAssertTrue(after.contains("4 images"), after)
        XCTAssertTrue(after.contains("loop forever"), after)
    }

    func testAFrameOutsideTheCropKeepsItsTimeAsOneTransparentPixel() throws {
        // The blue frame 3 lies at x 10–60, y 20–50: a crop at the right edge misses it.
        let result = try crop(photos.disposals, PixelRect(x: 70, y: 0, width: 26, height: 20), to: "edge.gif")
        let cropped = try PhotoSource.open(path: result.path)
        XCTAssertEqual(cropped.container?.animation, AnimationSummary(frames: 4, durationMilliseconds: 1000, plays: 0))
        let ours = try CoalescedFrames.of(result.path, in: scratch, name: "edge-ours")
        let theirs = try CoalescedFrames.of(photos.disposals, in: scratch, name: "edge-theirs",
                                            operations: ["-crop", "26x20+70+0", "+repage"])
        XCTAssertEqual(try differingPixels(ours, theirs), [0, 0, 0, 0])
    }

    func testAnAnimatedWebPIsCroppedIntoWebPKeepingFramesDurationsAndLoop() throws {
        try Tools.require("webpmux")
        let rect = PixelRect(x: 10, y: 8, width: 60, height: 50)
        let result = try crop(photos.webP, rect, to: "cropped.webp")
        let info = try Tools.run("webpmux", ["-info", result.path]).stdout
        XCTAssertTrue(info.contains("Number of frames: 3"), info)
        XCTAssertTrue(info.contains("Loop Count : 2"), info)
        let durations = info.split(separator: "\n").compactMap { line -> Int? in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            return fields.count > 7 && fields[0].hasSuffix(":") ? Int(fields[6]) : nil
        }
        XCTAssertEqual(durations, [80, 120, 160])
        let ours = try CoalescedFrames.of(result.path, in: scratch, name: "webp-ours")
        let theirs = try CoalescedFrames.of(photos.webP, in: scratch, name: "webp-theirs",
                                            operations: ["-crop", "60x50+10+8", "+repage"])
        // Lossy frames are coded again at quality 90: close, not equal.
        for count in try differingPixels(ours, theirs, fuzz: 8) { XCTAssertLessThan(count, 60 * 50 / 50) }
    }

    /// The WebP container is written here frame by frame: to the file as it is made, the same bytes as in memory,
    /// and a file libwebp's own tools read (webpmux names the transparency; the flag is set only when a frame has it).
    func testAnAnimatedWebPIsWrittenToItsFileFrameByFrameAsLibwebpReadsIt() throws {
        try Tools.require("webpmux")
        let rect = PixelRect(x: 0, y: 0, width: 96, height: 64)
        let transparent = try crop(photos.disposals, rect, to: "transparent.webp")
        let written = try FileReading.readAll(path: transparent.path)
        let inMemory = try CropExporter.render(try PhotoSource.open(path: photos.disposals), CropExport(rect: rect, quality: 90),
                                               as: .webp).bytes
        XCTAssertEqual(written, inMemory, "the same file written as it is made")
        XCTAssertEqual(Array(written[4..<8]), AnimatedWebPWriter.le(written.count - 8, 4), "RIFF's size")
        let info = try Tools.run("webpmux", ["-info", transparent.path]).stdout
        XCTAssertTrue(info.contains("Features present: animation transparency"), info)
        XCTAssertTrue(info.contains("Number of frames: 4"), info)
        let opaque = try crop(photos.webP, PixelRect(x: 10, y: 8, width: 61, height: 51), to: "opaque.webp")
        let opaqueInfo = try Tools.run("webpmux", ["-info", opaque.path]).stdout
        XCTAssertTrue(opaqueInfo.contains("Canvas size: 61 x 51"), opaqueInfo)
        XCTAssertFalse(opaqueInfo.contains("transparency"), opaqueInfo)
        XCTAssertEqual(try PhotoSource.open(path: opaque.path).container?.animation?.frames, 3)
    }

    func testGif2webpsLosslessFramesStayExactAndAGIFBecomesAWebPByExtension() throws {
        let rect = PixelRect(x: 20, y: 10, width: 80, height: 60)
        let fromWebP = try crop(photos.gifToWebP, rect, to: "gif2webp.webp")
        let fromGIF = try crop(photos.optimised, rect, to: "gif.webp")
        let theirs = try CoalescedFrames.of(photos.optimised, in: scratch, name: "gifsource",
                                            operations: ["-crop", "80x60+20+10", "+repage"])
        for (result, name) in [(fromWebP, "from-webp"), (fromGIF, "from-gif")] {
            XCTAssertEqual(result.format, .webp)
            let ours = try CoalescedFrames.of(result.path, in: scratch, name: name)
            XCTAssertEqual(try differingPixels(ours, theirs), Array(repeating: 0, count: theirs.count), name)
            let animation = try PhotoSource.open(path: result.path).container?.animation
            XCTAssertEqual(animation?.frames, 6, name)
            XCTAssertEqual(animation?.durationMilliseconds, 480, name)
        }
        XCTAssertEqual(try PhotoSource.open(path: fromGIF.path).container?.animation?.plays, 3, "WebP counts plays")
    }

    func testAStillFormatGetsTheFirstFrameWithANoticeAndResamplingIsRefused() throws {
        let result = try crop(photos.disposals, PixelRect(x: 0, y: 0, width: 50, height: 50), to: "still.png")
        XCTAssertTrue(result.warnings.contains { $0.contains("its first frame is saved as a still picture") }, "\(result.warnings)")
        XCTAssertEqual(try PhotoSource.open(path: result.path).container?.animation, nil)
        var straightened = CropExport(rect: PixelRect(x: 20, y: 20, width: 40, height: 30))
        straightened.straighten = StraightenAngle(degrees: 2)
        XCTAssertThrowsError(try CropExporter.render(try PhotoSource.open(path: photos.disposals), straightened, as: .gif)) {
            XCTAssertTrue("\($0)".contains("frame by frame"), "\($0)")
        }
        XCTAssertThrowsError(try CropExporter.render(try PhotoSource.open(path: photos.webP),
                                                     CropExport(rect: PixelRect(x: 0, y: 0, width: 10, height: 10)), as: .gif))
        XCTAssertThrowsError(try CropExporter.render(try PhotoSource.open(path: photos.webPFrames[0]),
                                                     CropExport(rect: PixelRect(x: 0, y: 0, width: 10, height: 10)), as: .gif))
    }

    func testAnAPNGIsPlayedAndCroppedIntoAPNGFrameByFrameAsApngdisReadsIt() throws {
        try Tools.require("apngdis")
        let source = try PhotoSource.open(path: photos.apng)
        XCTAssertEqual(source.format, .apng, "an APNG named .png is known by its acTL chunk")
        XCTAssertEqual(source.container?.animation, AnimationSummary(frames: 3, durationMilliseconds: 750, plays: 2))
        let rect = PixelRect(x: 10, y: 5, width: 60, height: 40)
        let result = try crop(photos.apng, rect, to: "cropped.png", turn: userTurn(90))
        XCTAssertEqual(result.format, .apng, "an APNG's own .png keeps it animated")
        let cropped = try PhotoSource.open(path: result.path)
        XCTAssertEqual(cropped.container?.animation, AnimationSummary(frames: 3, durationMilliseconds: 750, plays: 2))
        // apngdis, the APNG tools' own reader, writes every frame as a PNG with its delay beside it.
        let frames = scratch.file("apngdis")
        try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true)
        let copy = try scratch.copy(result.path, as: "apngdis/animation.png")
        XCTAssertEqual(try Tools.run("apngdis", [copy, "frame"]).status, 0)
        for (index, expectedDelay) in ["10/100", "25/100", "40/100"].enumerated() {
            let ours = scratch.file("apngdis/frame\(index + 1).png")
            let theirs = scratch.file("expected\(index).png")
            XCTAssertEqual(try Tools.run("/usr/bin/convert", [photos.webPFrames[index], "-crop", "60x40+10+5", "+repage",
                                                              "-rotate", "90", theirs]).status, 0)
            XCTAssertEqual(try differingPixels([ours], [theirs]), [0], "frame \(index + 1)")
            let delay = try String(contentsOfFile: scratch.file("apngdis/frame\(index + 1).txt"), encoding: .utf8)
            XCTAssertTrue(delay.contains("delay=\(expectedDelay)"), delay)
        }
    }

    func testAnAPNGBecomesAWebPAndAGIFBecomesAnAPNG() throws {
        let rect = PixelRect(x: 15, y: 12, width: 60, height: 40)
        let webP = try crop(photos.apng, PixelRect(x: 0, y: 0, width: 100, height: 70), to: "from-apng.webp")
        let animation = try PhotoSource.open(path: webP.path).container?.animation
        XCTAssertEqual(animation, AnimationSummary(frames: 3, durationMilliseconds: 750, plays: 2))
        let apng = try crop(photos.disposals, rect, to: "from-gif.apng")
        XCTAssertEqual(apng.format, .apng)
        let ours = try CoalescedFrames.of(apng.path, in: scratch, name: "gif-apng", operations: [])
        let theirs = try CoalescedFrames.of(photos.disposals, in: scratch, name: "gif-apng-theirs",
                                            operations: ["-crop", "60x40+15+12", "+repage"])
        // ImageMagick 6 reads only an APNG's first frame: the rest are checked through apngdis above.
        XCTAssertEqual(try differingPixels([ours[0]], [theirs[0]]), [0])
        XCTAssertEqual(try PhotoSource.open(path: apng.path).container?.animation,
                       AnimationSummary(frames: 4, durationMilliseconds: 1000, plays: 0))
    }

    func testIndicesPastThePalettesEndGetAPaletteLongEnoughSoGiflibKeepsThem() {
        let four = Array(repeating: GifColorType(Red: 1, Green: 2, Blue: 3), count: 4)
        // ImageMagick writes a transparent index of 64 with a 64-colour palette: giflib would cut it to 0.
        XCTAssertEqual(GIFAnimationCrop.palette(nil, global: four, covering: [0, 3], transparent: 4)?.count, 5)
        XCTAssertEqual(GIFAnimationCrop.palette(four, global: nil, covering: [9], transparent: -1)?.count, 10)
        XCTAssertNil(GIFAnimationCrop.palette(nil, global: four, covering: [0, 3], transparent: 2), "the global one serves")
        XCTAssertEqual(GIFAnimationCrop.palette(four, global: nil, covering: [1], transparent: -1)?.count, 4)
    }
}
