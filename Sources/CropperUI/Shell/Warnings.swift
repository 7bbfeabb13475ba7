import Foundation

/// One-line warnings on stderr for things that went wrong without stopping the editor
/// (a setting that could not be read, a recent-files entry that could not be written). Callable from any thread.
enum Warnings {
    static func print(_ message: String) {
        FileHandle.standardError.write(Data(("cropper: " + message + "\n").utf8))
    }
}
