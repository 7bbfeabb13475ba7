import EditorState
import Foundation
import Localization
import PhotoIO

/// What Cropper remembers between runs, as kept in `settings.json`.
struct Settings: Equatable, Sendable {
    /// The window's last size in device pixels; nil until there was a window.
    var windowWidth: Int?
    var windowHeight: Int?
    /// The folder of the last photo opened, where the Open field starts.
    var lastFolder: String?
    /// The aspect lock new photos start with: the last one used.
    var aspect: AspectRatio = .free
    /// Re-centre the view on the box after a handle drag or a drawn box.
    var recentersAfterDrag = true
    /// The quality Save encodes JPEGs with, in the range the command line's `--quality` takes.
    var jpegQuality = JPEGQuality.standard
    /// Lossless mode: JPEG crops keep the original blocks, the box snapping to them.
    var lossless = false
    /// What Save (Enter, Ctrl+S, the Save button) does: the last save command used.
    var saveMode = SaveMode.beside
    /// The user agreed once to saves that replace the photo (the original going to the trash).
    var replaceConfirmed = false
    /// The size saves are scaled to; nil for the crop's own size.
    var exportSize: ExportSize?

    var windowSize: (width: Int, height: Int)? {
        guard let windowWidth, let windowHeight else { return nil }
        return (windowWidth, windowHeight)
    }
}

// MARK: - The file

extension Settings {
    enum Key: String, CodingKey, CaseIterable {
        case windowWidth, windowHeight, lastFolder, aspect, recentreAfterDrag, jpegQuality, lossless
        case saveMode, replaceConfirmed, exportSize
    }

    struct Unreadable: Error {
        let reason: String
    }

    /// Reads `settings.json`. Keys Cropper does not know are ignored; a value of the wrong kind keeps its default
    /// and its key is listed in `ignored`. Anything that is not a JSON object throws.
    static func decode(_ data: Data) throws -> (settings: Settings, ignored: [String]) {
        let reader: Reader
        do {
            reader = try JSONDecoder().decode(Reader.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            throw Unreadable(reason: tr("it is not valid JSON (%s)", context.underlyingError.map { "\($0)" } ?? context.debugDescription))
        } catch {
            throw Unreadable(reason: tr("it is not a JSON object"))
        }
        return (reader.settings, reader.ignored)
    }

    /// The file's bytes: one key per line, so it reads and diffs well.
    func encoded() -> [UInt8] {
        var members: [(Key, JSONValue)] = []
        if let windowWidth, let windowHeight {
            members.append((.windowWidth, .integer(windowWidth)))
            members.append((.windowHeight, .integer(windowHeight)))
        }
        if let lastFolder { members.append((.lastFolder, .string(lastFolder))) }
        members.append((.aspect, .string(Self.name(of: aspect))))
        members.append((.recentreAfterDrag, .bool(recentersAfterDrag)))
        members.append((.jpegQuality, .integer(jpegQuality)))
        members.append((.lossless, .bool(lossless)))
        members.append((.saveMode, .string(saveMode.rawValue)))
        members.append((.replaceConfirmed, .bool(replaceConfirmed)))
        members.append((.exportSize, .optional(exportSize.map(Self.name(of:)))))
        let lines = members.map { "  " + JSONValue.string($0.0.rawValue).serialized + ": " + $0.1.serialized }
        return Array(("{\n" + lines.joined(separator: ",\n") + "\n}\n").utf8)
    }

    /// "1080x1080" or "2048" (the long edge), as `--resize` and `--long-edge` take them.
    static func name(of size: ExportSize) -> String {
        switch size {
        case let .exact(width, height): "\(width)x\(height)"
        case let .longEdge(edge): "\(edge)"
        }
    }

    /// "free", "original", "original-swapped" or "W:H".
    static func name(of aspect: AspectRatio) -> String {
        switch aspect {
        case .free: "free"
        case .original: "original"
        case .originalSwapped: "original-swapped"
        case let .custom(width, height): "\(width):\(height)"
        }
    }

    static func aspect(named name: String) -> AspectRatio? {
        switch name {
        case "free": return .free
        case "original": return .original
        case "original-swapped": return .originalSwapped
        default:
            let parts = name.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
                  (1...100_000).contains(width), (1...100_000).contains(height) else { return nil }
            return .custom(width: width, height: height)
        }
    }

    /// Decodes key by key, so one bad value costs only that value.
    private struct Reader: Decodable {
        var settings = Settings()
        var ignored: [String] = []

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            func read<Value: Decodable>(_ type: Value.Type, _ key: Key, valid: (Value) -> Bool = { _ in true }) -> Value? {
                guard container.contains(key) else { return nil }
                if let value = try? container.decode(type, forKey: key), valid(value) { return value }
                ignored.append(key.rawValue)
                return nil
            }
            let sizes = 1...100_000
            let width = read(Int.self, .windowWidth) { sizes.contains($0) }
            let height = read(Int.self, .windowHeight) { sizes.contains($0) }
            if let width, let height {
                settings.windowWidth = width
                settings.windowHeight = height
            }
            settings.lastFolder = read(String.self, .lastFolder) { $0.hasPrefix("/") }
            if let name = read(String.self, .aspect, valid: { Settings.aspect(named: $0) != nil }) {
                settings.aspect = Settings.aspect(named: name) ?? .free
            }
            if let recentres = read(Bool.self, .recentreAfterDrag) { settings.recentersAfterDrag = recentres }
            if let lossless = read(Bool.self, .lossless) { settings.lossless = lossless }
            if let quality = read(Int.self, .jpegQuality, valid: { JPEGQuality.range.contains($0) }) {
                settings.jpegQuality = quality
            }
            if let mode = read(String.self, .saveMode, valid: { SaveMode(rawValue: $0) != nil }) {
                settings.saveMode = SaveMode(rawValue: mode) ?? .beside
            }
            if let confirmed = read(Bool.self, .replaceConfirmed) { settings.replaceConfirmed = confirmed }
            if container.contains(.exportSize), (try? container.decodeNil(forKey: .exportSize)) != true {
                settings.exportSize = read(String.self, .exportSize) { ExportSize(text: $0) != nil }.flatMap(ExportSize.init(text:))
            }
        }
    }
}
