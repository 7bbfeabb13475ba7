import ArgumentParser
import EditorState
import Localization
import PhotoIO

struct InfoCommand: ParsableCommand {
    static let name = "info"
    static let configuration = CommandConfiguration(
        commandName: name,
        abstract: tr("Describe a photo: sizes, orientation, coding and the metadata it carries."))

    @Argument(help: ArgumentHelp(tr("A JPEG, PNG, HEIC, AVIF, WebP, TIFF, JPEG XL or GIF file.")), completion: .photoFiles)
    var file: String

    @Flag(help: ArgumentHelp(tr("Print JSON instead of text.")))
    var json = false

    @Option(help: ArgumentHelp(tr("Also suggest the box of this shape that smart placement chooses, and the centre "
                                  + "of interest it is placed by."), valueName: "W:H"))
    var aspect: AspectArgument?

    @Flag(help: ArgumentHelp(tr("Also decode the picture: suggest a straightening angle and Upright's correction (saying whose answer it is, and Vertical's own when Full turns sideways), and find damage the file's structure does not show.")))
    var level = false

    /// Without --level only the headers are read: a file whose structure shows damage (its data ends early) is the
    /// one that is decoded, to say which rows are intact.
    func run() throws {
        var info: PhotoInfo
        var smart: CropPlacement.Resolved?
        do {
            let source = try PhotoSource.open(path: file)
            do {
                if level {
                    let found = try UprightSuggestion.levelUprightAndDamage(for: source)
                    info = PhotoInfo(source: source, damage: found.damage)
                    info.levelAngle = found.level
                    info.lookedForUpright = true
                    info.upright = found.upright
                } else {
                    info = PhotoInfo(source: source, damage: source.isTruncated ? try source.findDamage() : nil)
                }
                if let aspect { smart = try CropPlacement(aspect: aspect.size, position: .smart).resolve(for: source) }
            } catch {
                info = PhotoInfo(source: source, decodeProblem: (error as? PhotoIOError)?.reason ?? "\(error)")
            }
        } catch {
            throw reportFailure(error, input: file)
        }
        print(json ? InfoReport.json(info, levelChecked: level, smart: smart)
                   : InfoReport.text(info, levelChecked: level, smart: smart))
    }
}

enum InfoReport {
    static func text(_ info: PhotoInfo, levelChecked: Bool, smart: CropPlacement.Resolved? = nil) -> String {
        var lines: [(String, String)] = [(tr("file"), info.path)]
        var format = info.format.rawValue
        if let coding = info.coding { format += " (\(coding))" }
        if let subsampling = info.subsampling { format += ", \(subsampling)" }
        if let iMCU = info.iMCUSize { format += ", iMCU \(iMCU)" }
        if let pixels = info.pixelFormat { format += ", \(pixels)" }
        lines.append((tr("format"), format))
        if let animation = info.animation {
            lines.append((tr("animation"), animation.description))
        } else if let count = info.imageCount, count > 1 {
            lines.append((tr("images"), tr("%d (the first is shown)", count)))
        }
        lines.append((tr("stored size"), info.storedSize.description))
        lines.append((tr("displayed size"), info.displayedSize.description))
        lines.append((tr("orientation"), "\(info.orientation.rawValue) (\(info.orientation.name))"))
        lines.append((tr("colour"), colourText(info)))
        lines.append((tr("metadata"), metadataSummary(info.metadata)))
        if info.make != nil || info.model != nil {
            lines.append((tr("camera"), [info.make, info.model].compactMap { $0 }.joined(separator: " ")))
        }
        if let date = info.dateTaken { lines.append((tr("date taken"), date)) }
        if levelChecked {
            lines.append((tr("level"), info.levelAngle.map(\.description) ?? tr("no confident straight edges")))
        }
        if let upright = uprightText(info) { lines.append((tr("upright"), upright)) }
        if let vertical = uprightVerticalText(info) { lines.append((tr("upright vertical"), vertical)) }
        if let comment = info.metadata.comment { lines.append((tr("comment"), comment)) }
        if let damage = info.damage {
            lines.append((tr("damaged"), tr("%1$s unreadable (%2$s)", damage.unreadableText, damage.damage.detail)))
        }
        for warning in info.warnings { lines.append((tr("warning"), warning)) }
        if let smart {
            let centre = smart.centreOfInterest.map { "\(Int($0.x.rounded())),\(Int($0.y.rounded()))" } ?? "–"
            lines.append((tr("smart box"), tr("%1$s (centre of interest %2$s)", smart.rect, centre)))
        }
        let width = lines.map { TerminalWidth.of($0.0) }.max() ?? 0
        return lines.map { key, value in
            key + ":" + String(repeating: " ", count: width - TerminalWidth.of(key) + 1) + value
        }.joined(separator: "\n")
    }

    static func colourText(_ info: PhotoInfo) -> String {
        let shown = info.uncalibratedCMYK ? tr("shown through a generic CMYK conversion (no profile)")
            : info.convertedForDisplay ? tr("converted for display") : tr("shown as it is on an sRGB display")
        return "\(info.colourModel), \(info.colourSpace); \(shown)"
    }

    static func metadataSummary(_ m: PhotoInfo.Metadata) -> String {
        var parts: [String] = []
        if m.exif { parts.append("EXIF") }
        if m.xmp { parts.append("XMP") }
        if m.icc { parts.append("ICC" + (m.iccDescription.map { " \"\($0)\"" } ?? "")) }
        if m.iptc { parts.append("IPTC") }
        if m.comment != nil { parts.append(tr("comment")) }
        if m.gps { parts.append("GPS") }
        if m.exifThumbnail { parts.append(tr("EXIF thumbnail")) }
        return parts.isEmpty ? tr("none") : parts.joined(separator: ", ")
    }

    /// `levelAngle` is null both when no level was looked for and when none was confident; `levelChecked` says which.
    static func json(_ info: PhotoInfo, levelChecked: Bool, smart: CropPlacement.Resolved? = nil) -> String {
        let metadata: JSONValue = .object([
            ("exif", .bool(info.metadata.exif)),
            ("xmp", .bool(info.metadata.xmp)),
            ("icc", .bool(info.metadata.icc)),
            ("iccDescription", .optional(info.metadata.iccDescription)),
            ("iptc", .bool(info.metadata.iptc)),
            ("comment", .optional(info.metadata.comment)),
            ("gps", .bool(info.metadata.gps)),
            ("exifThumbnail", .bool(info.metadata.exifThumbnail)),
        ])
        let root: JSONValue = .object([
            ("file", .string(info.path)),
            ("format", .string(info.format.rawValue)),
            ("fileBytes", .integer(info.fileBytes)),
            ("storedWidth", .integer(info.storedSize.width)),
            ("storedHeight", .integer(info.storedSize.height)),
            ("displayedWidth", .integer(info.displayedSize.width)),
            ("displayedHeight", .integer(info.displayedSize.height)),
            ("orientation", .integer(info.orientation.rawValue)),
            ("orientationName", .string(info.orientation.name)),
            ("subsampling", .optional(info.subsampling)),
            ("iMCUWidth", optional(info.iMCUSize?.width)),
            ("iMCUHeight", optional(info.iMCUSize?.height)),
            ("coding", .optional(info.coding)),
            ("pixelFormat", .optional(info.pixelFormat)),
            ("colourSpace", .string(info.colourSpace)),
            ("colourModel", .string(info.colourModel)),
            ("convertedForDisplay", .bool(info.convertedForDisplay)),
            ("uncalibratedCMYK", .bool(info.uncalibratedCMYK)),
            ("bitDepth", optional(info.bitDepth)),
            ("alpha", info.hasAlpha.map(JSONValue.bool) ?? .null),
            ("hdr", .bool(info.isHDR)),
            ("images", optional(info.imageCount ?? 1)),
            ("animation", info.animation.map { animation in
                .object([("frames", .integer(animation.frames)), ("durationMs", .integer(animation.durationMilliseconds)),
                         ("plays", .integer(animation.plays))])
            } ?? .null),
            ("metadata", metadata),
            ("make", .optional(info.make)),
            ("model", .optional(info.model)),
            ("dateTaken", .optional(info.dateTaken)),
            ("warnings", .array(info.warnings.map(JSONValue.string))),
            ("damaged", .bool(info.damage != nil)),
            ("intactRows", intactRows(info)),
            ("damagedRect", damagedRect(info)),
            ("levelChecked", .bool(levelChecked)),
            ("levelAngle", info.levelAngle.map { .number($0.degrees) } ?? .null),
            ("upright", uprightJSON(info)),
            ("uprightVertical", info.lookedForUpright ? uprightVerticalJSON(info) : .null),
        ] + smartMembers(smart))
        return root.indented
    }

    /// With --aspect: `suggestedRect` [x, y, w, h] and `centreOfInterest` [x, y], in displayed pixels.
    private static func smartMembers(_ smart: CropPlacement.Resolved?) -> [(String, JSONValue)] {
        guard let smart else { return [] }
        let r = smart.rect
        return [("suggestedRect", .integers([r.x, r.y, r.width, r.height])),
                ("centreOfInterest", smart.centreOfInterest.map { .numbers([($0.x * 10).rounded() / 10, ($0.y * 10).rounded() / 10]) } ?? .null)]
    }

    /// How many stored rows, from the top, are intact; null for an intact photo.
    private static func intactRows(_ info: PhotoInfo) -> JSONValue {
        info.damage.map { .integer($0.damage.intactRows) } ?? .null
    }

    /// The unreadable part in displayed pixels; null for an intact photo.
    private static func damagedRect(_ info: PhotoInfo) -> JSONValue {
        guard let rect = info.damage?.rect else { return .null }
        return .object([("x", .integer(rect.x)), ("y", .integer(rect.y)),
                        ("width", .integer(rect.width)), ("height", .integer(rect.height))])
    }

    private static func optional(_ value: Int?) -> JSONValue { value.map(JSONValue.integer) ?? .null }
}
