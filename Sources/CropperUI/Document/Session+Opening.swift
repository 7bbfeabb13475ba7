import Localization
import PhotoIO

/// Opening photos: the start, the list shown, a photo opened or opened again, going through the list, the sample,
/// and going on once leaving is decided (`BatchState.leave`). Each answers what the other parts do: saving starts
/// afresh, the banner goes, the panels close, and the decode starts.
extension Session {
    /// The panels a photo opening closes (the grid stays when its photo is replaced on disk under it).
    static let panelsClosedByOpening: [ComponentKind] = [.picker, .grid, .dialog, .numericEntry]

    /// `cropper` started with `files`: the photos among them are the list and the first opens; none given or none a
    /// photo: the picker opens, as at the start (it opens the sample when it finds nothing).
    mutating func start(with files: [String], in context: PhotoContext) -> PartAnswer {
        guard let list = DocumentList.opening(files.map(SavePaths.absolute)) else {
            return PartAnswer(name: "start", opensStartPicker: true)
        }
        var answer = show(list, in: context)
        answer.name = "start"
        return answer
    }

    /// Makes `list` the window's list, follows its folder and opens its current photo.
    mutating func show(_ list: DocumentList, in context: PhotoContext) -> PartAnswer {
        documents = list
        var answer = open(path: list.current, in: context)
        answer.jobs.insert(.followFolder(list), at: 0)
        return answer
    }

    /// Opens the photo at `path`: a new generation (results for the last one are late now), saving and the banner
    /// start afresh, the panels close and their thumbnails are no longer wanted (unless `keepingPanels`: the photo
    /// replaced on disk under the grid, which stays up), and its decode starts.
    mutating func open(path: String, keepingPanels: Bool = false, in context: PhotoContext) -> PartAnswer {
        let absolute = SavePaths.absolute(path)
        let generation = open(absolute, editor: context.freshEditor)
        let decode = Job.openPhoto(path: absolute, generation: generation, fit: previewFit(context), editor: editor)
        return PartAnswer(openedPhoto: true, banner: .hide,
                          jobs: keepingPanels ? [decode] : [.wantThumbnails([:]), decode],
                          closes: keepingPanels ? [] : Self.panelsClosedByOpening)
    }

    /// Leaving is decided: the window quits, or the list opens.
    mutating func proceed(with purpose: ClosePurpose, in context: PhotoContext) -> PartAnswer {
        switch purpose {
        case .quit: PartAnswer(jobs: [.quit])
        case let .open(list): show(list, in: context)
        }
    }

    /// The next or previous photo of the list (asking first about unsaved edits); nothing past its ends.
    func step(by offset: Int) -> PartAnswer {
        guard let target = documents?.stepped(by: offset) else { return PartAnswer() }
        return PartAnswer(leave: .open(target))
    }

    /// The list's first or last photo (asking first about unsaved edits).
    func goToEnd(last: Bool) -> PartAnswer {
        guard let target = documents?.end(last) else { return PartAnswer() }
        return PartAnswer(leave: .open(target))
    }

    /// A photo chosen in a panel: inside the list it is a step within it, else its folder becomes the list.
    func choose(_ path: String) -> PartAnswer {
        PartAnswer(leave: .open(documents?.opening(path) ?? DocumentList.inFolder(of: path)))
    }

    /// `cropper` without a file and nothing in the picker: the shipped sample, as before the picker existed; the
    /// banner says what to do when it is missing.
    mutating func openSample(_ samplePath: String?, in context: PhotoContext) -> PartAnswer {
        guard let samplePath else {
            let missing = tr("No photo given and the sample photo was not found. Press Ctrl+O to open one.")
            return PartAnswer(banner: .show(missing))
        }
        return show(DocumentList(samplePath), in: context)
    }
}
