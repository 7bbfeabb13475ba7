import BuildInfo
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
    static func main() {
        Localization.start()
        main(TrimSpelling.rewritten(Array(CommandLine.arguments.dropFirst())))
    }
}
