import Foundation
import Localization
import PhotoIO
import PhotoLibrary
import X11Platform

/// Writes a crop through PhotoIO on its own thread: full resolution, metadata kept, atomic, never overwriting.
enum PhotoWriter {
    static func write(_ request: SaveRequest, replyTo pipe: WakePipe<BackgroundMessage>) {
        let thread = Thread {
            let progress = SaveProgressReport(pipe: pipe)
            pipe.post(.saveFinished(SaveOutcome(plan: request.plan, result: run(request, progress: progress.hear))))
        }
        thread.name = "cropper.writer"
        thread.start()
    }

    static func run(_ request: SaveRequest, progress: ExportProgress? = nil) -> Result<SavedCrop, SaveFailure> {
        var destination = request.sourcePath
        do {
            let source = try PhotoSource.open(path: request.sourcePath)
            switch request.plan.target {
            case .overOriginal:
                guard let trash = request.trash else { throw PhotoIOError.cannotWrite("no Trash to keep the original in") }
                let result = try InPlaceSave.replace(source, with: request.export, trash: trash, progress: progress)
                return .success(SavedCrop(path: result.path, damageNote: nil))
            case let .exactly(path, overwrite):
                destination = path
                let thumbnail = WrittenThumbnail(request.thumbnail, source: source, path: path)
                let result = try CropExporter.export(source, request.export, to: path, overwrite: overwrite,
                                                     progress: progress, reducing: thumbnailReduction(request),
                                                     encoded: thumbnail.encoded)
                return .success(SavedCrop(path: result.path, damageNote: damageNote(result), lossless: result.lossless,
                                          thumbnail: thumbnail.stored))
            case .besideSource:
                // A name free when chosen may be taken before the write (another save, another program): the
                // choice is made again then.
                for _ in 0..<100 {
                    destination = OutputName.decide(for: request.sourcePath, format: source.format, pickFree: true)
                    do {
                        let thumbnail = WrittenThumbnail(request.thumbnail, source: source, path: destination)
                        let result = try CropExporter.export(source, request.export, to: destination, overwrite: false,
                                                             progress: progress, reducing: thumbnailReduction(request),
                                                             encoded: thumbnail.encoded)
                        return .success(SavedCrop(path: result.path, damageNote: damageNote(result),
                                                  lossless: result.lossless, thumbnail: thumbnail.stored))
                    } catch PhotoIOError.outputExists {
                        continue
                    }
                }
                throw PhotoIOError.outputExists
            }
        } catch PhotoIOError.reachesDamage(let region) {
            return .failure(SaveFailure(destination: destination, reason: PhotoIOError.reachesDamage(region).reason,
                                        reachesDamage: region))
        } catch {
            return .failure(SaveFailure(destination: destination, reason: ImageLoader.describe(error)))
        }
    }

    /// The thumbnail's reduced copy, asked of the encoder, when the window shows thumbnails.
    private static func thumbnailReduction(_ request: SaveRequest) -> ReducedCopy? {
        request.thumbnail.map { ThumbnailCache.writtenReduction($0.size) }
    }


    private static func damageNote(_ result: ExportResult) -> String? {
        guard let region = result.damage else { return nil }
        return result.includesDamage ? tr("damaged %s written as decoded", region.unreadableText)
            : tr("the photo is damaged; this crop is from its intact part")
    }
}

/// A save's progress as the window hears it: a message each time another whole per cent is done, not one per tile
/// and thread.
private final class SaveProgressReport: @unchecked Sendable {
    private let pipe: WakePipe<BackgroundMessage>
    private let lock = NSLock()
    private var percent = 0

    init(pipe: WakePipe<BackgroundMessage>) {
        self.pipe = pipe
    }

    func hear(_ fraction: Double) {
        let now = Int((min(max(fraction, 0), 1) * 100).rounded(.down))
        lock.lock()
        let advanced = now > percent
        if advanced { percent = now }
        lock.unlock()
        if advanced { pipe.post(.saveProgress(percent: now)) }
    }
}

/// The thumbnail of the file being written at `path`, made from the pixels encoded and stored in the cache when the
/// window shows thumbnails (`encoded` is nil otherwise), and kept for the window: the encoder hands its pixels over
/// on its own thread before the export returns.
private final class WrittenThumbnail: @unchecked Sendable {
    private let target: ThumbnailTarget?
    private let path: String
    private let format: PhotoFormat
    private let toSRGB: ColourTransform?
    private let lock = NSLock()
    private var result: ThumbnailResult?

    init(_ target: ThumbnailTarget?, source: PhotoSource, path: String) {
        self.target = target
        self.path = path
        format = PhotoFormat(pathExtensionOf: path) ?? source.format
        toSRGB = target == nil ? nil : source.displayTransform(to: .sRGB)
    }

    var encoded: ((EncodedCrop) -> Void)? { target == nil ? nil : { self.store($0) } }

    var stored: ThumbnailResult? { lock.withLock { result } }

    private func store(_ crop: EncodedCrop) {
        guard let target, let thumbnail = try? target.cache.storeWritten(crop, of: path, format: format, toSRGB: toSRGB,
                                                                         size: target.size) else { return }
        lock.withLock { result = ThumbnailResult(path: path, size: target.size, outcome: .success(thumbnail)) }
    }
}
