import ArgumentParser
import CropperUI
import Localization

/// `cropper [FILE]`: the editor window (the default command).
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: tr("Open photos in the crop editor window (the sample photo when no file is given)."),
        discussion: tr("Several photos make a list: the first opens, Page Up and Page Down step through the others.")
    )

    @Argument(help: ArgumentHelp(tr("The photos to open (JPEG, PNG, HEIC, AVIF, WebP, TIFF, JPEG XL or GIF).")), completion: .photoFiles)
    var files: [String] = []

    @Option(help: ArgumentHelp(tr("Window size in pixels, as WIDTHxHEIGHT (e.g. 1280x800).")))
    var geometry: String?

    func validate() throws {
        if let geometry, Self.parseGeometry(geometry) == nil {
            throw ValidationError(tr("--geometry must look like 1280x800 (width and height of at least 1 pixel)"))
        }
    }

    func run() throws {
        let size = geometry.flatMap(Self.parseGeometry)
        do {
            try EditorWindow.run(EditorOptions(files: files, width: size?.width, height: size?.height,
                                               version: CropperCommand.configuration.version))
        } catch {
            printError("cropper: " + tr("cannot open the editor window: %s", "\(error)"))
            throw ExitCode.failure
        }
    }

    static func parseGeometry(_ text: String) -> (width: Int, height: Int)? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (1...32_000).contains(width), (1...32_000).contains(height) else { return nil }
        return (width, height)
    }
}
