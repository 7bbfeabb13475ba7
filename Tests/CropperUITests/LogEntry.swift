import EditorState
import Foundation

/// One line of the state log, with typed accessors for the fields the tests read.
struct LogEntry {
    let raw: String
    let fields: [String: Any]

    init?(line: String) {
        guard let data = line.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        raw = line
        fields = object
    }

    var event: String { fields["event"] as? String ?? "" }
    var activity: String { fields["activity"] as? String ?? "" }
    var animating: Bool { fields["animating"] as? Bool ?? false }
    var loading: Bool { fields["loading"] as? Bool ?? false }
    /// The photo on screen is its finished scaled copy (copies are made in the background).
    var photoSharp: Bool { fields["photoSharp"] as? Bool ?? false }
    var dirty: Bool { fields["dirty"] as? Bool ?? false }
    var maskVisible: Bool { fields["maskVisible"] as? Bool ?? false }
    var orientation: Int { fields["orientation"] as? Int ?? 0 }
    var zoomScale: Double { number("zoomScale") ?? .nan }
    var minZoomScale: Double { number("minZoomScale") ?? .nan }
    var lastSaved: String? { fields["lastSaved"] as? String }
    var toast: String? { fields["toast"] as? String }
    var banner: String? { fields["banner"] as? String }
    var title: String { fields["title"] as? String ?? "" }

    var imageSize: PixelSize? {
        numbers("imageSize").map { PixelSize(width: Int($0[0]), height: Int($0[1])) }
    }
    var crop: PixelRect? {
        numbers("crop").map { PixelRect(x: Int($0[0]), y: Int($0[1]), width: Int($0[2]), height: Int($0[3])) }
    }
    var cropFrame: Rect? { rect("cropFrame") }
    var imageFrame: Rect? { rect("imageFrame") }
    var contentOffset: Point? { numbers("contentOffset").map { Point(x: $0[0], y: $0[1]) } }
    var window: (width: Int, height: Int)? { numbers("window").map { (Int($0[0]), Int($0[1])) } }
    var canvasOrigin: Point? { numbers("canvasOrigin").map { Point(x: $0[0], y: $0[1]) } }
    var canvasSize: Size? { numbers("canvasSize").map { Size(width: $0[0], height: $0[1]) } }

    func visible(_ overlay: String) -> Bool {
        (fields[overlay] as? [String: Any])?["visible"] as? Bool ?? false
    }

    func number(_ key: String) -> Double? { (fields[key] as? NSNumber)?.doubleValue }

    func numbers(_ key: String) -> [Double]? {
        (fields[key] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue }
    }

    private func rect(_ key: String) -> Rect? {
        numbers(key).map { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
    }
}
