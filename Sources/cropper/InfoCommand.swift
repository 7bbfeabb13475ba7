import ArgumentParser
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "info", abstract: "Describe a photo.")
    @Argument var file: String
}
