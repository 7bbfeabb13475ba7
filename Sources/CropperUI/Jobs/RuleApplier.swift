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

/// Places a copied rule on photos off the event loop: each photo's header gives its size, orientation and lens
/// (only the start of its file is read); a smart rule also reads the photo's content (`InterestScore`), as the
/// command line's `--gravity smart` does.
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

    /// Reads the photo's header (its size, orientation and lens), or the whole photo for a rule that looks at its
    /// content.
    static func place(_ copied: CopiedRule, on path: String) -> Result<PendingCrop, RuleRefusal> {
        do {
            guard copied.rule.readsContent else { return place(copied, on: try PhotoHeader.read(path: path)) }
            let source = try PhotoSource.open(path: path)
            return place(copied, on: PhotoHeader(source), smart: smartPlacement(copied.rule, source))
        } catch {
            return .failure(RuleRefusal(reason: ImageLoader.describe(error)))
        }
    }

    /// A box of a size placed where the photo's content is (`InterestScore`); nil when it cannot be read.
    private static func smartPlacement(_ rule: CropRule, _ source: PhotoSource) -> ((PixelSize, PixelRect) -> PixelRect)? {
        guard let interest = try? InterestScore.map(for: source) else { return nil }
        // The map is of the photo as EXIF shows it; the rule's boxes are after its own turns.
        let turn = rule.userTransform, upright = source.displayedSize
        return { size, frame in
            let uprightBox = interest.bestBox(turn.storedSize(forDisplayed: size),
                                              in: turn.storedRect(fromDisplayed: frame, storedSize: upright)).rect
            return turn.displayedRect(fromStored: uprightBox, storedSize: upright)
        }
    }

    static func place(_ copied: CopiedRule, on header: PhotoHeader,
                      smart: ((PixelSize, PixelRect) -> PixelRect)? = nil) -> Result<PendingCrop, RuleRefusal> {
        if let misfit = copied.losslessMisfit(header) { return .failure(RuleRefusal(reason: misfit)) }
        switch copied.rule.edit(storedSize: header.storedSize, orientation: header.orientation, focal35mm: header.focal35mm,
                                smart: smart) {
        case let .success(edit):
            var history = History<CropEdit>()
            history.record(CropEdit.original)
            return .success(PendingCrop(storedSize: header.storedSize, orientation: header.orientation, edit: edit,
                                        history: history, exportSize: copied.exportSize, focal35mm: header.focal35mm,
                                        lossless: copied.lossless))
        case let .failure(misfit):
            return .failure(RuleRefusal(reason: misfit.reason))
        }
    }
}
