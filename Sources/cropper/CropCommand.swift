import ArgumentParser
struct CropCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "crop", abstract: "Crop a photo.")
    @Argument var file: String
}
