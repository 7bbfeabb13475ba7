import EditorState
import Localization
import PhotoIO

/// What the photos' rules read of the other parts: the display photos are converted for, and an editor with
/// nothing loaded fitted to the window (the photos decoded ahead are decoded for its canvas).
struct PhotoContext {
    let display: DisplayProfile
    let freshEditor: EditorState
}

/// The open photo's decodes coming back (the preview's arrival is `Session+FirstPixels`), a new display profile,
/// and the list following its folder.
extension Session {
    /// The size previews are decoded for: the canvas the photo is fitted into.
    func previewFit(_ context: PhotoContext) -> PreviewPrefetcher.Fit {
        PreviewPrefetcher.Fit(editor, display: context.display)
    }

    /// Once the open photo is in, its neighbours in the list are decoded ahead.
    func neighboursAhead(_ context: PhotoContext) -> [Job] {
        guard let documents else { return [] }
        return [.prefetchNeighbours(of: documents, fit: previewFit(context), editor: context.freshEditor)]
    }

    /// The full resolution is in: it replaces the rows that were arriving (and a HEIC's unconverted pixels, whose
    /// copies become its), and the neighbours are decoded next.
    mutating func fullDecoded(_ bitmap: DisplayBitmap, generation: Int, in context: PhotoContext) -> PartAnswer {
        guard isCurrent(generation) else { return PartAnswer(name: "staleImage") }
        let unconverted = document?.takeFull(bitmap)
        let replaced = unconverted.map { [Job.replaceDisplaySource($0, with: bitmap)] } ?? []
        return PartAnswer(name: "fullResolutionLoaded", jobs: replaced + neighboursAhead(context))
    }

    /// Rows of the full resolution so far (a progressive photo shows them as they come).
    mutating func fullRowsDecoded(_ arriving: ArrivingRows, generation: Int) -> String {
        guard isCurrent(generation), document?.full == nil else { return "staleImage" }
        document?.arriving = arriving
        return "fullRowsDecoded"
    }

    /// The full resolution could not be decoded: the preview stays, and the banner says why.
    mutating func fullDecodeFailed(_ reason: String, generation: Int) -> PartAnswer {
        guard isCurrent(generation) else { return PartAnswer(name: "staleImage") }
        document?.fullDecodeError = reason
        document?.arriving = nil
        return PartAnswer(name: "fullDecodeFailed",
                          banner: .show(tr("Only the preview can be shown: the full-resolution decode failed (%s)", reason)))
    }

    /// The runner started the open photo's decode, from a preview decoded ahead or not (the state log says which).
    mutating func decodeStarted(generation: Int, decodedAhead: Bool) -> String {
        if isCurrent(generation) { document?.previewWasDecodedAhead = decodedAhead }
        return "photoOpening"
    }

    /// The photo could not be opened at all (the canvas says why).
    mutating func loadFailed(_ reason: String, generation: Int) -> String {
        guard isCurrent(generation) else { return "staleImage" }
        document?.loadError = reason
        return "loadFailed"
    }

    /// A fresh listing of the list's folder: the list follows it (`follow`), and photos that left it take their
    /// kept crops with them; the banner says when the open photo left the folder, and goes when it is back.
    mutating func followed(_ folder: String, photos: [String]?) -> (following: FolderFollowing, answer: PartAnswer) {
        let following = follow(folder, photos: photos)
        var answer = PartAnswer(name: following.name)
        if following != .stale { answer.listedPhotos = documents?.paths }
        switch following {
        case let .currentGone(path):
            answer.banner = .show(tr("%s was deleted or moved by another program. It stays on screen until you go to "
                + "another photo; it can no longer be saved from here.", PathNames.shown(PathNames.name(of: path))))
        case .currentBack:
            answer.banner = .hide
        case .stale, .unreadable, .followed:
            break
        }
        return (following, answer)
    }

    /// The display's profile changed to the context's: the thumbnails follow it, and the open photo is decoded
    /// again for it, its edits kept.
    mutating func displayChanged(in context: PhotoContext) -> PartAnswer {
        PartAnswer(name: "displayProfileChanged",
                   jobs: [.displayProfileForThumbnails(context.display)] + (redecodeJob(context).map { [$0] } ?? []))
    }

    /// The open photo decoded again for the context's display, its edits kept; nil when nothing is open to be.
    mutating func redecodeJob(_ context: PhotoContext) -> Job? {
        guard let document = redecode() else { return nil }
        return .redecode(path: document.path, generation: document.generation, fit: previewFit(context), editor: editor)
    }
}
