import EditorState
import PhotoIO

/// What a photo's first pixels read of the other parts: the photos' context, the crop the batch keeps for the
/// open photo, the sample photo's path (not remembered as a folder the user opened), the clock, and the
/// animation's frames decoded ahead.
struct ArrivalContext {
    let photos: PhotoContext
    let keptCrop: PendingCrop?
    let samplePath: String?
    let now: Double
    let decodedFrame: (Int) -> DisplayBitmap?
}

/// A preview decode of the open photo arriving: the document keeps the pixels (`Document.take`), and what they
/// were decides what the editor, the batch, the settings and the runner do.
extension Session {
    mutating func previewArrived(_ decoded: DecodedPreview, generation: Int, in context: ArrivalContext) -> PartAnswer {
        guard isCurrent(generation), let arrival = document?.take(decoded) else { return PartAnswer(name: "staleImage") }
        var answer = PartAnswer(name: arrival.name)
        switch arrival {
        case .staleStandIn, .standIn(first: false):
            break
        case .redecoded:
            // Its frames again, for the new display; playing goes on where it is.
            answer.jobs += startAnimation(decoded, in: context)
        case .standIn(first: true):
            answer = opened(decoded, answer, in: context)
        case .first:
            answer = opened(decoded, answer, in: context)
            answer = shown(decoded, answer, in: context)
            answer.jobs += startAnimation(decoded, in: context)
        case .replacedStandIn:
            answer = shown(decoded, answer, in: context)
            answer.jobs += startAnimation(decoded, in: context)
        }
        return answer
    }

    /// What the first pixels of a photo (its own, or its stand-in's) tell the editor and the window: its size and
    /// turn, whether it can be cropped losslessly, its lens; the crop kept for it; the colour notice; the folder the
    /// Open dialog starts in next time, and the recent photos.
    private func opened(_ decoded: DecodedPreview, _ answer: PartAnswer, in context: ArrivalContext) -> PartAnswer {
        var answer = answer
        answer.edits += [.loadImage(storedSize: decoded.storedSize, orientation: decoded.orientation),
                         .setLosslessSupport(decoded.lossless), .setLensFocalLength(decoded.focal35mm)]
        if let path = document?.path, let kept = context.keptCrop {
            answer.tookKeptCrop = path
            if kept.storedSize == decoded.storedSize { answer.edits.append(.resume(kept.edit, history: kept.history)) }
        }
        answer.notice = decoded.colourNotice
        if let path = document?.path, path != context.samplePath {
            answer.rememberedFolder = PathNames.folder(of: path)
            answer.jobs.append(.recordRecent(path, format: decoded.format))
        }
        return answer
    }

    /// The display copies made with the decode (placed for the editor as the answer's edits leave it), the damage
    /// it found, and the neighbours once the full photo is in.
    private func shown(_ decoded: DecodedPreview, _ answer: PartAnswer, in context: ArrivalContext) -> PartAnswer {
        var answer = answer
        var editor = self.editor
        for edit in answer.edits { editor.apply(edit) }
        if let copyAtFit = decoded.copyAtFit { answer.jobs.append(.seedDisplayCopy(copyAtFit)) }
        if let document {
            answer.jobs.append(.adoptCopyMadeAhead(document.displaySources, orientation: editor.displayOrientation,
                                                   frame: editor.viewport.contentFrame))
        }
        if let damage = decoded.damage { answer.banner = .show(DamagedRegion(damage, orientation: decoded.orientation).summary) }
        if decoded.isFullResolution { answer.jobs += neighboursAhead(context.photos) }
        return answer
    }

    /// An animation just opened starts playing from its first frame, which the preview already shows; decoded
    /// again for a new display, the frame shown is replaced by its new pixels when they come.
    private mutating func startAnimation(_ decoded: DecodedPreview, in context: ArrivalContext) -> [Job] {
        guard let timeline = decoded.animation, let source = decoded.animationSource,
              let generation = document?.generation else { return [] }
        if document?.animation == nil {
            document?.animation = DocumentAnimation(playback: AnimationPlayback(timeline, startedAt: context.now))
        } else {
            document?.animation?.onScreenFrame = nil
        }
        return [.playAnimation(source, frames: timeline.frames, generation: generation, display: context.photos.display)]
            + playhead(decoded: context.decodedFrame)
    }

    /// The frame under the playhead goes up once it is decoded.
    mutating func playhead(decoded: (Int) -> DisplayBitmap?) -> [Job] {
        guard let generation = document?.generation,
              let job = document?.animation?.showPlayhead(generation: generation, decoded: decoded) else { return [] }
        return [job]
    }
}
