@testable import CropperUI
import EditorState
import Foundation
import XCTest

/// The lossless toggle on the toolbar: where it sits, when it is greyed and why, and its pressed-in look.
final class LosslessToggleTests: XCTestCase {
    private let blocks = JPEGBlocks(iMCU: PixelSize(width: 16, height: 16), offsetStep: PixelSize(width: 16, height: 16))

    func testTheButtonOverlapsNothingAtTheDefaultAndTheLargeWindowSize() throws {
        for (width, height) in [(1024, 640), (1280, 800)] {
            let bench = ComponentBench(width: width, height: height)
            let buttons = ChromeComponent().toolbar(bench.context).buttons
            XCTAssertNotNil(buttons.first { $0.command == .toggleLossless })
            for (index, button) in buttons.enumerated() {
                XCTAssertLessThanOrEqual(button.frame.maxX, Double(width), "\(button.command) at \(width)")
                for other in buttons[(index + 1)...] {
                    let apart = button.frame.maxX <= other.frame.x || other.frame.maxX <= button.frame.x
                    XCTAssertTrue(apart, "\(button.command) and \(other.command) overlap at \(width) × \(height)")
                }
            }
        }
    }

    func testGreyedWithTheReasonUnlessTheBlocksAllowIt() throws {
        let bench = ComponentBench()
        func toggle() throws -> ToolbarButton {
            try XCTUnwrap(ChromeComponent().toolbar(bench.context).buttons.first { $0.command == .toggleLossless })
        }
        bench.session.editor.apply(.setLosslessSupport(.unsupported(reason: "the photo is PNG, not JPEG")))
        XCTAssertFalse(try toggle().isEnabled)
        XCTAssertEqual(try toggle().tooltip, "Lossless crop — the photo is PNG, not JPEG")

        bench.session.editor.apply(.setLosslessSupport(.blocks(blocks)))
        XCTAssertTrue(try toggle().isEnabled)
        XCTAssertFalse(try toggle().isOn)
        bench.session.editor.apply(.setLossless(true))
        XCTAssertTrue(try toggle().isOn)
        XCTAssertEqual(Bindings.command(for: ComponentBench.typed("j"), facts: bench.context.commandFacts), .toggleLossless)
    }

    func testTheStatusBarSaysLosslessAndTheRectToBeSavedWhenItDiffers() {
        let bench = ComponentBench()
        bench.session.editor.apply(.setLosslessSupport(.blocks(blocks)))
        bench.session.editor.apply(.setCrop(PixelRect(x: 13, y: 21, width: 100, height: 50)))
        XCTAssertNil(StatusContent(bench.context).lossless)
        bench.session.editor.apply(.setLossless(true))
        XCTAssertEqual(StatusContent(bench.context).lossless, "lossless · saves 113 × 55 at 0, 16")
        bench.session.editor.apply(.setCrop(PixelRect(x: 13, y: 21, width: 100, height: 50)))
        XCTAssertEqual(StatusContent(bench.context).lossless, "lossless", "typed numbers snap: nothing more to say")
    }

    func testTheModeIsRememberedInTheSettingsFile() throws {
        var settings = Settings()
        settings.lossless = true
        let text = String(decoding: settings.encoded(), as: UTF8.self)
        XCTAssertTrue(text.contains("\"lossless\": true"), text)
        XCTAssertTrue(try Settings.decode(Data(settings.encoded())).settings.lossless)
        let wrongKind = try Settings.decode(Data(#"{"lossless": "yes"}"#.utf8))
        XCTAssertFalse(wrongKind.settings.lossless)
        XCTAssertEqual(wrongKind.ignored, ["lossless"])
    }
}
