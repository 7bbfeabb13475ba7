import CropperTestSupport
import Foundation
import PhotoIO

/// Reads back a file the window saved, through PhotoIO's own decoder.
enum SavedPhoto {
    /// Width and height of the decoded pixels, or nil when the file does not decode.
    static func decodedSize(_ path: String) -> (width: Int, height: Int)? {
        guard let source = try? PhotoSource.open(path: path), let bitmap = try? source.decodeFull() else { return nil }
        return (bitmap.width, bitmap.height)
    }

    /// One tag as exiftool prints it (`-s3`), for metadata checks.
    static func exifTag(_ tag: String, of path: String) -> String? {
        guard let result = try? Tools.run("exiftool", ["-s3", "-\(tag)", path]) else { return nil }
        let text = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
