import EditorState
import Glibc
import Localization
import PhotoIO
import PhotoLibrary

/// One photo of a crop: read it, place the box, crop and save. The same steps for one photo or a thousand.
struct PhotoJob: Sendable {
    let input: String
    let output: String
}

/// What became of one photo.
struct PhotoOutcome: Sendable {
    let input: String
    var output: String
    var rect: PixelRect?
    /// The box asked for, when a lossless crop snapped it to the block grid.
    var snappedFrom: PixelRect?
    var lossless = false
    var size: PixelSize?
    var trashed: String?
    var warnings: [String] = []
    /// The line naming the photo (or its output) and why it failed.
    var failure: String?
    /// The disk (or the user's quota) is full: nothing more can be written there.
    var outOfSpace = false
    var milliseconds = 0.0

    init(input: String, output: String) {
        self.input = input
        self.output = output
    }
}

extension PhotoJob {
    func run(_ command: CropCommand) -> PhotoOutcome {
        let started = Clock.milliseconds()
        var outcome = PhotoOutcome(input: input, output: output)
        do {
            try crop(command, into: &outcome)
        } catch {
            outcome.failure = describe(error)
            outcome.outOfSpace = (error as? PhotoIOError)?.isOutOfSpace ?? false
        }
        outcome.milliseconds = Clock.milliseconds() - started
        return outcome
    }

    private func crop(_ command: CropCommand, into outcome: inout PhotoOutcome) throws {
        let source = try PhotoSource.open(path: input)
        var (export, notes) = try command.export(for: source)
        var placedNotes: [String] = []
        if command.correctsWithoutABox {
            // The largest box of the photo's shape on the corrected photo, as the window gives (the whole photo
            // when Upright or the guides found nothing to correct).
            export.rect = export.warpedPhoto(uprightSize: source.displayedSize).largestBoxOfItsShape
        } else {
            let placed = try command.placement.placement(rect: command.rect?.rect)
                .resolve(for: source, warped: export.warpedPhoto(uprightSize: source.displayedSize))
            export.rect = placed.rect
            placedNotes = placed.notes
        }
        outcome.warnings = notes + placedNotes
        if command.inPlace {
            let result = try InPlaceSave.replace(source, with: export, trash: Trash(environment: .current()))
            outcome.rect = result.crop.rect
            outcome.size = result.crop.size
            outcome.trashed = result.trashed.path
            outcome.warnings += result.crop.warnings
            return
        }
        let result = try CropExporter.export(source, export, to: output, overwrite: command.force)
        outcome.rect = result.rect
        outcome.size = result.size
        outcome.lossless = result.lossless
        outcome.snappedFrom = result.wasSnapped ? export.rect : nil
        outcome.warnings += result.warnings
    }

    private func describe(_ error: Error) -> String {
        switch error {
        case is UpscaleRefused:
            return failureLine(error, input: input, hint: tr("pass --allow-upscale to allow it"))
        case PhotoIOError.reachesDamage:
            return failureLine(error, input: input,
                               hint: tr("or pass --allow-damaged to write the decoded pixels as they are"))
        case is TrashError:
            return failureLine(error, input: input, hint: tr("nothing was changed"))
        default:
            return failureLine(error, input: input, output: output)
        }
    }
}

extension PhotoIOError {
    /// A write refused because the disk or the quota is full.
    var isOutOfSpace: Bool {
        self == .cannotWrite(errnoText(ENOSPC)) || self == .cannotWrite(errnoText(EDQUOT))
    }
}

enum Clock {
    static func milliseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
    }
}
