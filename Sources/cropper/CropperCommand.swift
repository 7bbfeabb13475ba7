import ArgumentParser

@main
struct CropperCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cropper",
        abstract: "A crop editor for photos: exact to the pixel, metadata kept.",
        version: "0.1.0",
        subcommands: [OpenCommand.self, InfoCommand.self, CropCommand.self],
        defaultSubcommand: OpenCommand.self
    )
}
