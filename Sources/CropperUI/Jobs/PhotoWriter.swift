import Foundation
import Localization
import PhotoIO
import PhotoLibrary
import X11Platform

/// Writes a crop through PhotoIO on its own thread: full resolution, metadata kept, atomic, never overwriting.
enum PhotoWriter {
    static func write(_ request: SaveRequest, replyTo pipe: WakePipe<BackgroundMessage>) {
        let thread = Thread {
            pipe.post(.saveFinished(SaveOutcome(plan: request.plan, result: run(request))))
        }
        thread.name = "cropper.writer"
        thread.start()
    }

    static func run(_ request: SaveRequest) -> Result<SavedCrop, SaveFailure> {
        var destination = request.sourcePath
        do {
            let source = try PhotoSource.open(path: request.sourcePath)
            switch request.plan.target {
            case .overOriginal:
                guard let trash = request.trash else { throw PhotoIOError.cannotWrite("no Trash to keep the original in") }
                let result = try InPlaceSave.replace(source, with: request.export, trash: trash)
                return .success(SavedCrop(path: result.path, damageNote: nil))
            case let .exactly(path, overwrite):
                destination = path
                let result = try CropExporter.export(source, request.export, to: path, overwrite: overwrite)
                return .success(SavedCrop(path: result.path, damageNote: damageNote(result), lossless: result.lossless))
            case .besideSource:
                // A name free when chosen may be taken before the write (another save, another program): the
                // choice is made again then.
                for _ in 0..<100 {
                    destination = OutputName.decide(for: request.sourcePath, format: source.format, pickFree: true)
                    do {
                        let result = try CropExporter.export(source, request.export, to: destination, overwrite: false)
                        return .success(SavedCrop(path: result.path, damageNote: damageNote(result), lossless: result.lossless))
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

    private static func damageNote(_ result: ExportResult) -> String? {
        guard let region = result.damage else { return nil }
        return result.includesDamage ? tr("damaged %s written as decoded", region.unreadableText)
            : tr("the photo is damaged; this crop is from its intact part")
    }
}
