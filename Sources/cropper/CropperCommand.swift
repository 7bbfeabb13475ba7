import BuildInfo
import CropperUI
import ArgumentParser
import Localization

@main
struct CropperCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cropper",
        abstract: tr("A crop editor for photos: exact to the pixel, metadata kept."),
        version: BuildInfo.version,
        subcommands: [OpenCommand.self, InfoCommand.self, CropCommand.self],
        defaultSubcommand: OpenCommand.self
    )

    /// The locale and the catalogues first: every word after this, help included, is in the user's language.
    /// Before them, a window's photo starts reading (`EditorWindow.prepare`). The subcommands are told apart by their
    /// names alone: their configurations hold translated words, made once, so they wait for the catalogues.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let first = arguments.first, first != InfoCommand.name, first != CropCommand.name {
            EditorWindow.prepare(arguments: arguments)
        }
        Localization.start()
        main(TrimSpelling.rewritten(arguments))
    }
}
