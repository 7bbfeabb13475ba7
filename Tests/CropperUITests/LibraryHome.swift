import CropperTestSupport
import Foundation

/// A `TestHome` with a Pictures folder of real JPEGs (copies of the orientation fixtures with chosen
/// modification times), for the picker, the thumbnail cache and the dialog's places.
final class LibraryHome {
    let home: TestHome

    static var fixtures: URL {
        EditorWindowHarness.packageRoot.appendingPathComponent("Tests/Fixtures/exif-orientation")
    }

    init() throws {
        home = try TestHome()
        try FileManager.default.createDirectory(atPath: home.path + "/Pictures", withIntermediateDirectories: true)
    }

    /// Five photos in Pictures, newest first: a landscape, an upright portrait (EXIF 6), one in a subfolder, two
    /// more; and a file that is not a photo.
    static func withFivePhotos() throws -> (home: LibraryHome, newestFirst: [String]) {
        let home = try LibraryHome()
        let photos = [
            try home.addPhoto("beach.jpg", from: "Landscape_1", hoursAgo: 1),
            try home.addPhoto("tower.jpg", from: "Portrait_6", hoursAgo: 2),
            try home.addPhoto("2024/summer/lake.jpg", from: "Landscape_3", hoursAgo: 3),
            try home.addPhoto("street.jpg", from: "Portrait_8", hoursAgo: 4),
            try home.addPhoto("field.jpg", from: "Landscape_0", hoursAgo: 5),
        ]
        try home.write("not a photo", to: "Pictures/notes.txt")
        return (home, photos)
    }

    var path: String { home.path }
    var pictures: String { path + "/Pictures" }
    var cache: String { path + "/.cache" }

    /// Copies the fixture `fixture` (e.g. "Landscape_1") to `relative` under Pictures, modified `hoursAgo` hours ago.
    @discardableResult
    func addPhoto(_ relative: String, from fixture: String, hoursAgo: Double) throws -> String {
        let destination = pictures + "/" + relative
        try FileManager.default.createDirectory(atPath: (destination as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent(fixture + ".jpg").path, toPath: destination)
        try setModified(destination, hoursAgo: hoursAgo)
        return destination
    }

    func setModified(_ file: String, hoursAgo: Double) throws {
        // Whole seconds, as the thumbnail cache compares them.
        let date = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 - hoursAgo * 3600).rounded(.down))
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: file)
    }

    func write(_ text: String, to relative: String) throws {
        let file = path + "/" + relative
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
    }
}

/// The picker and dialog parts of a state-log line.
extension LogEntry {
    var picker: [String: Any] { fields["picker"] as? [String: Any] ?? [:] }
    var dialog: [String: Any] { fields["dialog"] as? [String: Any] ?? [:] }
    var image: String? { fields["image"] as? String }

    var pickerItems: [String] { picker["items"] as? [String] ?? [] }
    var pickerLoading: Bool { picker["loading"] as? Bool ?? true }
    var pickerThumbnails: Int { picker["thumbnails"] as? Int ?? 0 }
    var pickerSelected: Int? { picker["selected"] as? Int }
    var pickerScroll: Double { (picker["scrollOffset"] as? NSNumber)?.doubleValue ?? .nan }
    var pickerFrames: [[Double]] {
        (picker["frames"] as? [[Any]] ?? []).map { $0.compactMap { ($0 as? NSNumber)?.doubleValue } }
    }
    func pickerAction(_ name: String) -> [Double]? {
        ((picker["actions"] as? [String: Any])?[name] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue }
    }

    var dialogPath: String? { dialog["path"] as? String }
    var dialogEntries: [String] { dialog["entries"] as? [String] ?? [] }
    var dialogSelected: String? { dialog["selected"] as? String }
    var dialogListing: Bool { dialog["listing"] as? Bool ?? true }
    var dialogSort: (key: String, ascending: Bool)? {
        (dialog["sort"] as? [String: Any]).map { ($0["key"] as? String ?? "", $0["ascending"] as? Bool ?? true) }
    }
    func dialogFrame(_ name: String) -> [Double]? {
        ((dialog["frames"] as? [String: Any])?[name] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue }
    }
    func dialogHeader(_ key: String) -> [Double]? {
        (((dialog["frames"] as? [String: Any])?["headers"] as? [String: Any])?[key] as? [Any])?
            .compactMap { ($0 as? NSNumber)?.doubleValue }
    }
    var dialogPlaces: [(title: String, path: String, frame: [Double])] {
        (dialog["places"] as? [[String: Any]] ?? []).map {
            ($0["title"] as? String ?? "", $0["path"] as? String ?? "",
             ($0["frame"] as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue })
        }
    }
}

extension EditorWindowHarness {
    /// Clicks the middle of a frame `[x, y, width, height]` from the state log.
    func click(frame: [Double]) throws {
        guard frame.count == 4 else { throw HarnessError.noPixels }
        try click(frame[0] + frame[2] / 2, frame[1] + frame[3] / 2)
    }
}
