import ArgumentParser
import PhotoIO

struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Describe a photo: sizes, orientation, coding and the metadata it carries.")

    @Argument(help: "A JPEG or PNG file.")
    var file: String

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        let info: PhotoInfo
        do {
            info = PhotoInfo(source: try PhotoSource.open(path: file))
        } catch {
            throw reportFailure(error, input: file)
        }
        print(json ? InfoReport.json(info) : InfoReport.text(info))
    }
}

enum InfoReport {
    static func text(_ info: PhotoInfo) -> String {
        var lines: [(String, String)] = [("file", info.path)]
        var format = info.format.rawValue
        if let coding = info.coding { format += " (\(coding))" }
        if let subsampling = info.subsampling { format += ", \(subsampling)" }
        if let iMCU = info.iMCUSize { format += ", iMCU \(iMCU)" }
        if let pixels = info.pixelFormat { format += ", \(pixels)" }
        lines.append(("format", format))
        lines.append(("stored size", info.storedSize.description))
        lines.append(("displayed size", info.displayedSize.description))
        lines.append(("orientation", "\(info.orientation.rawValue) (\(info.orientation.name))"))
        lines.append(("metadata", metadataSummary(info.metadata)))
        if info.make != nil || info.model != nil {
            lines.append(("camera", [info.make, info.model].compactMap { $0 }.joined(separator: " ")))
        }
        if let date = info.dateTaken { lines.append(("date taken", date)) }
        if let comment = info.metadata.comment { lines.append(("comment", comment)) }
        for warning in info.warnings { lines.append(("warning", warning)) }
        let width = lines.map(\.0.count).max() ?? 0
        return lines.map { key, value in
            key + ":" + String(repeating: " ", count: width - key.count + 1) + value
        }.joined(separator: "\n")
    }

    static func metadataSummary(_ m: PhotoInfo.Metadata) -> String {
        var parts: [String] = []
        if m.exif { parts.append("EXIF") }
        if m.xmp { parts.append("XMP") }
        if m.icc { parts.append("ICC" + (m.iccDescription.map { " \"\($0)\"" } ?? "")) }
        if m.iptc { parts.append("IPTC") }
        if m.comment != nil { parts.append("comment") }
        if m.gps { parts.append("GPS") }
        if m.exifThumbnail { parts.append("EXIF thumbnail") }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }

    static func json(_ info: PhotoInfo) -> String {
        var root = JSONObject()
        root.add("file", info.path)
        root.add("format", info.format.rawValue)
        root.add("fileBytes", info.fileBytes)
        root.add("storedWidth", info.storedSize.width)
        root.add("storedHeight", info.storedSize.height)
        root.add("displayedWidth", info.displayedSize.width)
        root.add("displayedHeight", info.displayedSize.height)
        root.add("orientation", info.orientation.rawValue)
        root.add("orientationName", info.orientation.name)
        root.add("subsampling", info.subsampling)
        root.add("iMCUWidth", info.iMCUSize?.width)
        root.add("iMCUHeight", info.iMCUSize?.height)
        root.add("coding", info.coding)
        root.add("pixelFormat", info.pixelFormat)
        var metadata = JSONObject()
        metadata.add("exif", info.metadata.exif)
        metadata.add("xmp", info.metadata.xmp)
        metadata.add("icc", info.metadata.icc)
        metadata.add("iccDescription", info.metadata.iccDescription)
        metadata.add("iptc", info.metadata.iptc)
        metadata.add("comment", info.metadata.comment)
        metadata.add("gps", info.metadata.gps)
        metadata.add("exifThumbnail", info.metadata.exifThumbnail)
        root.add("metadata", metadata)
        root.add("make", info.make)
        root.add("model", info.model)
        root.add("dateTaken", info.dateTaken)
        root.add("warnings", info.warnings)
        return root.text()
    }
}
