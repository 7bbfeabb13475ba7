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
        let tool = Process()
        tool.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        tool.arguments = ["exiftool", "-s3", "-\(tag)", path]
        let output = Pipe()
        tool.standardOutput = output
        tool.standardError = FileHandle.nullDevice
        guard (try? tool.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        tool.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
