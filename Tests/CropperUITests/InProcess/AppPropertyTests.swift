import CropperTestSupport
import EditorState
import Foundation
import PhotoIO
import XCTest
@testable import CropperUI
@testable import X11Platform

/// Random event sequences through the app state, in-process: keys, drags on the canvas, the close button, photos
/// dropped and stepped through, saves and every answer to every question. After each event four rules must hold.
/// Seeded: a failure names the seed and the step, and `CROPPER_PROPERTY_SEED` replays one run.
final class AppPropertyTests: XCTestCase {
    private static let runs = 24
    private static let steps = 120

    /// A small photo, so the saves the sequences make are quick.
    private func photos(in scratch: ScratchDirectory) throws -> [String] {
        try Tools.require("convert")
        let small = try MadeOnce.convert("property-a.jpg", [EditorWindowHarness.samplePhoto, "-resize", "360x"])
        let first = try scratch.copy(small, as: "a.jpg")
        return [first] + (try ["b.jpg", "c.jpg"].map { try scratch.copy(first, as: $0) })
    }

    private enum Step: CustomStringConvertible {
        case key(String)
        case drag(from: WindowPoint, to: WindowPoint)
        case close
        case drop([String])
        case typedBox(PixelRect)

        var description: String {
            switch self {
            case let .key(name): "key \(name)"
            case let .drag(from, to): "drag (\(Int(from.x)),\(Int(from.y)))→(\(Int(to.x)),\(Int(to.y)))"
            case .close: "close button"
            case let .drop(paths): "drop \(paths.map { PathNames.name(of: $0) })"
            case let .typedBox(rect): "typed box \(rect)"
            }
        }
    }

    private static let keys = ["r", "shift+R", "h", "v", "a", "x", "Left", "Right", "Up", "Down", "shift+Left",
                               "alt+Right", "alt+Down", ".", ",", ">", "<", "/", "ctrl+z", "ctrl+y", "ctrl+shift+Z",
                               "Escape", "Return", "ctrl+s", "ctrl+alt+s", "Next", "Prior", "0", "1", "+", "-", "s",
                               "d", "n", "c", "a", "p", "question"]

    private func randomStep(_ random: inout SplitMix64, photos: [String], canvas: LayoutRect) -> Step {
        func point() -> WindowPoint {
            WindowPoint(x: canvas.x + Double.random(in: -20...(canvas.width + 20), using: &random),
                        y: canvas.y + Double.random(in: -20...(canvas.height + 20), using: &random))
        }
        switch Int.random(in: 0..<20, using: &random) {
        case 0...11: return .key(Self.keys.randomElement(using: &random)!)
        case 12...14: return .drag(from: point(), to: point())
        case 15: return .close
        case 16: return .drop(Array(photos.shuffled(using: &random).prefix(Int.random(in: 0...2, using: &random))))
        default:
            return .typedBox(PixelRect(x: Int.random(in: -50...400, using: &random), y: Int.random(in: -50...300, using: &random),
                                       width: Int.random(in: 1...500, using: &random), height: Int.random(in: 1...400, using: &random)))
        }
    }

    private func perform(_ step: Step, on app: AppHarness) {
        switch step {
        case let .key(name): app.key(name)
        case let .drag(from, to):
            app.send(.input(.press(PointerPress(button: 1, at: from, time: 0, modifiers: []))))
            app.send(.input(.motion(WindowPoint(x: (from.x + to.x) / 2, y: (from.y + to.y) / 2))))
            app.send(.input(.motion(to)))
            app.send(.input(.release(to)))
        case .close: app.close()
        case let .drop(paths): app.send(.dropped(photos: paths))
        case let .typedBox(rect): app.typeBox(rect)
        }
    }

    func testTheFourRulesHoldOverRandomEventSequences() throws {
        let seeds: [UInt64] = ProcessInfo.processInfo.environment["CROPPER_PROPERTY_SEED"].flatMap(UInt64.init).map { [$0] }
            ?? (1...UInt64(Self.runs)).map { $0 &* 0x9E37_79B9 }
        // What the runs went through, so that the rules are known to have been tried, not passed vacuously.
        var asked = 0, saved = 0, letGoUnsaved = 0, opened = 0, straightened = 0
        for seed in seeds {
            let scratch = try ScratchDirectory()
            let photos = try photos(in: scratch)
            let app = try AppHarness(files: [photos[0]])
            var random = SplitMix64(seed: seed)
            for index in 0..<Self.steps {
                let step = randomStep(&random, photos: photos, canvas: app.state.layout.canvas)
                let before = app.state
                let savesBefore = app.savedEdits.count, answersBefore = app.dontSaveAnswers
                perform(step, on: app)
                let place = "seed \(seed), step \(index): \(step)"
                checkCloseQuestion(step, before: before, app: app, place)
                checkNoEditLost(before: before, app: app, savedSince: Array(app.savedEdits[savesBefore...]),
                                answeredDontSave: app.dontSaveAnswers > answersBefore, place)
                checkUndoRedoRoundTrip(app.editor, place)
                checkBoxOnThePhoto(app.editor, place)
                if case .close = step, before.session.editor.isDirty { asked += 1 }
                saved += app.savedEdits.count - savesBefore
                letGoUnsaved += app.dontSaveAnswers - answersBefore
                if app.state.session.generation != before.session.generation { opened += 1 }
                if app.editor.straighten != .zero && app.editor.crop != nil { straightened += 1 }
                if app.quit { break }
            }
        }
        print("AppPropertyTests: \(seeds.count) runs; \(asked) close requests with unsaved edits, \(saved) saves, "
            + "\(letGoUnsaved) edits let go by Don't Save, \(opened) photos opened, \(straightened) steps with a straightened box")
        guard seeds.count > 1 else { return }
        XCTAssertGreaterThan(asked, 10, "close requests with unsaved edits")
        XCTAssertGreaterThan(saved, 15, "saves written")
        XCTAssertGreaterThan(letGoUnsaved, 5, "edits let go by the user's answer")
        XCTAssertGreaterThan(opened, 10, "photos opened")
        XCTAssertGreaterThan(straightened, 50, "steps with a box on a straightened photo")
    }

    /// A close request with unsaved edits always puts the question on top.
    private func checkCloseQuestion(_ step: Step, before: AppState, app: AppHarness, _ place: String) {
        guard case .close = step, before.session.editor.isDirty, before.session.document != nil else { return }
        XCTAssertEqual(app.top, .confirm, place)
        XCTAssertFalse(app.quit, place)
    }

    /// An edit is let go of (another photo opened, the window closed) only once it was saved, or when the user
    /// answered "Don't Save" to the question about it.
    private func checkNoEditLost(before: AppState, app: AppHarness, savedSince: [CropEdit], answeredDontSave: Bool,
                                 _ place: String) {
        guard before.session.editor.isDirty else { return }
        let letGo = app.quit || app.state.session.generation != before.session.generation
        guard letGo else { return }
        XCTAssertTrue(savedSince.contains(before.session.editor.edit) || answeredDontSave,
                      "an unsaved edit was let go of: \(place)")
    }

    /// Undoing everything and redoing it all gives back the same edit.
    private func checkUndoRedoRoundTrip(_ editor: EditorState, _ place: String) {
        var probe = editor
        var undone = 0
        while probe.canUndo && undone < 500 {
            probe.apply(.undo)
            undone += 1
        }
        for _ in 0..<undone { probe.apply(.redo) }
        XCTAssertEqual(probe.edit, editor.edit, "undo ×\(undone) then redo ×\(undone): \(place)")
        XCTAssertEqual(probe.canRedo, editor.canRedo, place)
    }

    /// The box never holds a point outside the photo as turned and straightened.
    private func checkBoxOnThePhoto(_ editor: EditorState, _ place: String) {
        guard let crop = editor.crop, let turned = editor.warpedPhoto else { return }
        XCTAssertTrue(turned.contains(crop), "box \(crop) on \(turned.size) turned \(turned.angle): \(place)")
    }
}
