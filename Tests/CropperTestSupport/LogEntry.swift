import EditorState
import Foundation

/// One line of the state log, with typed accessors for the fields the tests read.
public struct LogEntry {
    public let raw: String
    public let fields: [String: Any]

    public init?(line: String) {
        guard let data = line.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        raw = line
        fields = object
    }

    public var event: String { fields["event"] as? String ?? "" }
    /// Input events the window had handled when it wrote this line.
    public var seq: Int { fields["seq"] as? Int ?? 0 }
    /// A presented frame: it shows every input event up to `seq`.
    public var isFrame: Bool { event == "frame" }
    /// The token of a `sync` barrier's line.
    public var syncToken: Int? { fields["syncToken"] as? Int }
    /// When, in seconds of CLOCK_MONOTONIC.
    public var time: Double { number("t") ?? .nan }
    /// The components shown above the canvas, top first ("confirm", "shortcuts", "dialog", "picker", "numericEntry").
    public var overlays: [String] { fields["overlays"] as? [String] ?? [] }
    public var activity: String { fields["activity"] as? String ?? "" }
    public var animating: Bool { fields["animating"] as? Bool ?? false }
    public var loading: Bool { fields["loading"] as? Bool ?? false }
    /// The photo on screen is its finished scaled copy (copies are made in the background).
    public var photoSharp: Bool { fields["photoSharp"] as? Bool ?? false }
    /// The full-resolution decode is in (it follows the preview).
    public var fullResolution: Bool { fields["fullResolution"] as? Bool ?? false }
    public var dirty: Bool { fields["dirty"] as? Bool ?? false }
    public var maskVisible: Bool { fields["maskVisible"] as? Bool ?? false }
    public var orientation: Int { fields["orientation"] as? Int ?? 0 }
    public var zoomScale: Double { number("zoomScale") ?? .nan }
    public var minZoomScale: Double { number("minZoomScale") ?? .nan }
    public var lastSaved: String? { fields["lastSaved"] as? String }
    public var toast: String? { fields["toast"] as? String }
    public var banner: String? { fields["banner"] as? String }
    public var title: String { fields["title"] as? String ?? "" }

    public var imageSize: PixelSize? {
        numbers("imageSize").map { PixelSize(width: Int($0[0]), height: Int($0[1])) }
    }
    public var crop: PixelRect? {
        numbers("crop").map { PixelRect(x: Int($0[0]), y: Int($0[1]), width: Int($0[2]), height: Int($0[3])) }
    }
    public var cropFrame: Rect? { rect("cropFrame") }
    public var imageFrame: Rect? { rect("imageFrame") }
    public var contentOffset: Point? { numbers("contentOffset").map { Point(x: $0[0], y: $0[1]) } }
    public var window: (width: Int, height: Int)? { numbers("window").map { (Int($0[0]), Int($0[1])) } }
    public var canvasOrigin: Point? { numbers("canvasOrigin").map { Point(x: $0[0], y: $0[1]) } }
    public var canvasSize: Size? { numbers("canvasSize").map { Size(width: $0[0], height: $0[1]) } }

    /// An animation's playing: the frame the playhead is on, how many, whether it plays, the frame on screen.
    public var animation: (frame: Int, frames: Int, playing: Bool, shown: Int?)? {
        guard let fields = fields["animation"] as? [String: Any], let frame = fields["frame"] as? Int,
              let frames = fields["frames"] as? Int, let playing = fields["playing"] as? Bool else { return nil }
        return (frame, frames, playing, fields["shown"] as? Int)
    }

    public func visible(_ overlay: String) -> Bool {
        (fields[overlay] as? [String: Any])?["visible"] as? Bool ?? false
    }

    public func number(_ key: String) -> Double? { (fields[key] as? NSNumber)?.doubleValue }

    public func numbers(_ key: String) -> [Double]? {
        (fields[key] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue }
    }

    private func rect(_ key: String) -> Rect? {
        numbers(key).map { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
    }
}
