@testable import CropperUI
import CropperTestSupport
import EditorState
import Foundation
import PhotoIO
import XCTest
@testable import X11Platform

/// A HEIC's full resolution in the window: its tiles are decoded once, straight to full size, and shown through
/// converted copies until the converted full bitmap takes the unconverted one's place. Only then is a view at 100 %
/// sharp, and a conversion that fails says so.
final class HEIFFullResolutionTests: XCTestCase {
    private let adobeRGB = ColourTransform.make(
        from: .embedded(ICCProfile(data: Array(FileManager.default.contents(atPath: ColourFixtures.adobeRGB)!))),
        to: .sRGB)!

    private func decoded(_ bitmap: DisplayBitmap, full: Bool) -> DecodedPreview {
        DecodedPreview(storedSize: PixelSize(width: 300, height: 200), orientation: .normal, format: .heic,
                       lossless: .unsupported(reason: "test"), bitmap: bitmap, isFullResolution: full, damage: nil,
                       colourNotice: nil)
    }

    func testTheConvertedFullResolutionTakesTheUnconvertedOnesPlace() throws {
        let unconverted = try DisplayBitmap(try Bitmap(width: 300, height: 200), pendingTransform: adobeRGB)
        var document = Document(path: "/p/IMG_0001.heic", generation: 1)
        XCTAssertEqual(document.take(decoded(unconverted, full: false)), .first)
        XCTAssertEqual(document.displaySources, [unconverted])
        XCTAssertNil(document.full, "unconverted pixels are not the full resolution shown")

        let converted = try DisplayBitmap(try Bitmap(width: 300, height: 200))
        XCTAssertTrue(document.takeFull(converted) === unconverted, "handed back for the copies made from it")
        XCTAssertEqual(document.displaySources, [converted], "one full-size bitmap, not two")
        XCTAssertEqual(document.fullRows, 200)

        // A JPEG's smaller preview stays beside its full decode: the fitted view's copy is made from it.
        var jpeg = Document(path: "/p/a.jpg", generation: 2)
        let preview = try DisplayBitmap(try Bitmap(width: 150, height: 100))
        XCTAssertEqual(jpeg.take(decoded(preview, full: false)), .first)
        XCTAssertNil(jpeg.takeFull(converted))
        XCTAssertEqual(jpeg.displaySources, [preview, converted])
    }

    func testAViewAtFullSizeIsSharpOnlyFromTheConvertedFullResolution() throws {
        let cache = DisplayImageCache(replyTo: WakePipe<BackgroundMessage>())
        let unconverted = try DisplayBitmap(try Bitmap(width: 300, height: 200), pendingTransform: adobeRGB)
        let converted = try DisplayBitmap(try Bitmap(width: 300, height: 200))
        let preview = try DisplayBitmap(try Bitmap(width: 150, height: 100))
        let actualSize = Rect(x: 0, y: 0, width: 300, height: 200), zoomedIn = Rect(x: 0, y: 0, width: 600, height: 400)
        for frame in [actualSize, zoomedIn] {
            XCTAssertFalse(cache.isSharp([unconverted], orientation: .normal, frame: frame, fullResolution: false),
                           "the last copy stretched until the converted pixels are in")
            XCTAssertFalse(cache.isSharp([preview], orientation: .normal, frame: frame, fullResolution: false),
                           "a preview enlarged is not the photo's pixels")
            XCTAssertTrue(cache.isSharp([converted], orientation: .normal, frame: frame, fullResolution: true))
            XCTAssertTrue(cache.isSharp([preview, converted], orientation: .normal, frame: frame, fullResolution: true))
        }
        XCTAssertFalse(cache.isSharp([unconverted], orientation: .normal, frame: Rect(x: 0, y: 0, width: 150, height: 100),
                                     fullResolution: false), "below full size, sharp once its copy is in")
    }

    func testACopyOfTheUnconvertedPixelsStaysTheViewsCopyOnceTheyAreConverted() throws {
        let pipe = WakePipe<BackgroundMessage>()
        let cache = DisplayImageCache(replyTo: pipe)
        let unconverted = try DisplayBitmap(try Bitmap(width: 300, height: 200), pendingTransform: adobeRGB)
        let fit = Rect(x: 0, y: 0, width: 90, height: 60)
        cache.request([unconverted], orientation: .normal, frame: fit)
        let copy = try XCTUnwrap(waitForCopy(pipe))
        cache.accept(copy)
        XCTAssertTrue(cache.isSharp([unconverted], orientation: .normal, frame: fit, fullResolution: false))

        let converted = try DisplayBitmap(try Bitmap(width: 300, height: 200))
        cache.replaceSource(unconverted, with: converted)
        XCTAssertTrue(cache.isSharp([converted], orientation: .normal, frame: fit, fullResolution: true),
                      "no new copy, and no frame that is not sharp meanwhile")
        XCTAssertEqual(cache.shown?.key.source, ObjectIdentifier(converted))
    }

    func testAConversionThatFailsSaysSoInTheSharedBanner() throws {
        let scratch = try ScratchDirectory()
        let photo = try ColourFixtures.photo(in: ColourFixtures.adobeRGB, width: 300, as: "IMG_0005.jpg", scratch: scratch)
        let app = try AppHarness(files: [photo])
        let generation = app.state.session.generation
        let bitmap = try Bitmap(width: 300, height: 200)
        let made = ImageLoader.fullForScreen(bitmap, by: adobeRGB, generation: generation) { width, height in
            throw PhotoIOError.outOfMemory(width: width, height: height)
        }
        guard case let .fullDecodeFailed(_, reason) = made else {
            return XCTFail("a failed conversion is reported, not dropped: \(made)")
        }
        XCTAssertEqual(app.send(.background(made)), "fullDecodeFailed")
        XCTAssertEqual(app.banner, "Only the preview can be shown: the full-resolution decode failed (\(reason))")
        XCTAssertEqual(app.state.session.document?.fullDecodeError, reason)
        XCTAssertTrue(reason.hasPrefix("not enough memory for 300x200 pixels"), reason)
        guard case let .fullDecoded(_, shown) = ImageLoader.fullForScreen(bitmap, by: adobeRGB, generation: 4) else {
            return XCTFail("the conversion itself works")
        }
        XCTAssertNil(shown.pendingTransform)
        XCTAssertEqual(shown.width, 300)
    }

    private func waitForCopy(_ pipe: WakePipe<BackgroundMessage>) -> ScaledCopy? {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            for case let .scaledCopy(copy) in pipe.drain() { return copy }
            usleep(2000)
        }
        return nil
    }
}
