import EditorState
import Foundation
import PhotoIO
import X11Platform

/// What a copied rule made of one photo: its pending crop, or why the rule does not fit it (or the photo could
/// not be read).
struct RulePlaced: Sendable {
    let application: Int
    let path: String
    let result: Result<PendingCrop, RuleRefusal>
}

struct RuleRefusal: Error, Sendable, Equatable {
    let reason: String
}

/// Places a copied rule on photos off the event loop: each photo's header gives its size and orientation; a
/// smart rule also reads the photo's content (`InterestScore`), as the command line's `--gravity smart` does.
enum RuleApplier {
    static func start(_ rule: CopiedRule, on paths: [String], application: Int, replyTo pipe: WakePipe<BackgroundMessage>) {
        let thread = Thread {
            for path in paths {
                pipe.post(.rulePlaced(RulePlaced(application: application, path: path, result: place(rule, on: path))))
            }
        }
        thread.name = "cropper.rule"
        thread.start()
    }

    static func place(_ copied: CopiedRule, on path: String) -> Result<PendingCrop, RuleRefusal> {
        let source: PhotoSource
        do {
            source = try PhotoSource.open(path: path)
        } catch {
            return .failure(RuleRefusal(reason: ImageLoader.describe(error)))
        }
        return place(copied, on: source)
    }

    static func place(_ copied: CopiedRule, on source: PhotoSource) -> Result<PendingCrop, RuleRefusal> {
        let rule = copied.rule
        var smart: ((PixelSize, PixelRect) -> PixelRect)?
        if rule.readsContent, let interest = try? InterestScore.map(for: source) {
            // The map is of the photo as EXIF shows it; the rule's boxes are after its own turns.
            let turn = rule.userTransform, upright = source.displayedSize
            smart = { size, frame in
                let uprightBox = interest.bestBox(turn.storedSize(forDisplayed: size),
                                                  in: turn.storedRect(fromDisplayed: frame, storedSize: upright)).rect
                return turn.displayedRect(fromStored: uprightBox, storedSize: upright)
            }
        }
        switch rule.edit(storedSize: source.storedSize, orientation: source.orientation, smart: smart) {
        case let .success(edit):
            var history = History<CropEdit>()
            history.record(CropEdit.original)
            return .success(PendingCrop(storedSize: source.storedSize, orientation: source.orientation, edit: edit,
                                        history: history, exportSize: copied.exportSize, focal35mm: source.focal35mm))
        case let .failure(misfit):
            return .failure(RuleRefusal(reason: misfit.reason))
        }
    }
}
