import ArgumentParser
import Localization
import PhotoIO

/// `--in-place`, `--resize`, `--long-edge`: where the crop goes and at what size.
extension CropCommand {
    var outputSize: ExportSize? {
        if let resize { return resize.size }
        return longEdge.map(ExportSize.longEdge)
    }

    func validateOutputChoices() throws {
        if inPlace && output != nil { throw ValidationError(tr("--in-place and --output exclude each other")) }
        if inPlace && force { throw ValidationError(tr("--in-place needs no --force: the original goes to the trash")) }
        if resize != nil && longEdge != nil { throw ValidationError(tr("give --resize or --long-edge, not both")) }
        if let longEdge, ExportSize(text: "\(longEdge)") == nil {
            throw ValidationError(tr("--long-edge must be a number of pixels from 1 to 65500"))
        }
        if lossless && outputSize != nil { throw ValidationError(tr("--lossless keeps the crop's size: drop --resize / --long-edge")) }
        if allowUpscale && outputSize == nil { throw ValidationError(tr("--allow-upscale goes with --resize or --long-edge")) }
    }
}
