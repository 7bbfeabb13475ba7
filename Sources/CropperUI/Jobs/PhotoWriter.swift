import Foundation
import Localization
import PhotoIO
import PhotoLibrary

/// Writes a crop through PhotoIO on its own thread: full resolution, metadata kept, atomic, never overwriting.
enum PhotoWriter {
    static func write(_ request: SaveRequest, generation: Int, replyTo pipe: WakePipe<BackgroundMessage>) {
        let thread = Thread {
            pipe.post(.saveFinished(SaveOutcome(generation: generation, result: run(request))))
        }
        thread.name = "cropper.writer"
        thread.start()
    }

    private static func run(_ request: SaveRequest) -> Result<SavedCrop, SaveFailure> {
        var destination = request.destination
        do {
            let source = try PhotoSource.open(path: request.sourcePath)
            if let trash = request.inPlace {
                let result = try InPlaceSave.replace(source, with: request.export, trash: trash)
                return .success(SavedCrop(path: result.path, damageNote: nil))
            }
            var number = 2
            while true {
                do {
                    let result = try CropExporter.export(source, request.export, to: destination, overwrite: request.overwrite)
                    return .success(SavedCrop(path: result.path, damageNote: damageNote(result)))
                } catch PhotoIOError.outputExists where request.pickFreeName && number < 10_000 {
                    destination = OutputName.cropped(request.sourcePath, format: source.format, number: number)
                    number += 1
                }
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
