import ArgumentParser
import Localization
import PhotoIO

/// How the options for many photos go with the rest.
extension CropCommand {
    func validateBatch() throws {
        if files.isEmpty && batch.from == nil { throw ValidationError(tr("give the photos to crop, or --from LIST")) }
        if output != nil && (files.count != 1 || batch.from != nil) {
            throw ValidationError(tr("-o names one crop; for many photos use --output-dir or --name"))
        }
        if output != nil && (batch.outputDir != nil || batch.name != nil) {
            throw ValidationError(tr("-o gives the whole path: drop --output-dir and --name"))
        }
        if inPlace && (batch.outputDir != nil || batch.name != nil) {
            throw ValidationError(tr("--in-place saves over each photo: drop --output-dir and --name"))
        }
        if placement.trim && (straighten != nil || autoLevel) {
            throw ValidationError(tr("--trim reads the border of the photo as it is: drop --straighten and --auto-level"))
        }
    }

    /// Whether this run is reported as one photo was before batches: its output path and size on stdout.
    var reportsAsOne: Bool { files.count == 1 && !batch.asksForBatch }

    /// Where the `number`th photo's crop goes (itself, for --in-place).
    func destination(of input: String, number: Int) -> String {
        if inPlace { return input }
        let format = PhotoFormat(contentsOf: input)
        guard batch.outputDir != nil || batch.name != nil else {
            return OutputName.decide(for: input, format: format, requested: output, pickFree: false)
        }
        return OutputNaming(directory: batch.outputDir, pattern: batch.name).path(for: input, format: format, number: number)
    }
}
