public enum HarnessError: Error, CustomStringConvertible {
    case noWindow, noPixels
    /// The window's process ended while the test still needed it.
    case exited
    case timeout(String, String)
    case noExecutable(String)
    case skipped(String)
    case toolFailed(String)

    public var description: String {
        switch self {
        case .noWindow: "the cropper window did not appear"
        case .noPixels: "could not read the window's pixels"
        case .exited: "the cropper process has exited"
        case let .timeout(what, last): "timed out waiting for \(what); last state: \(last)"
        case let .noExecutable(path): "cropper binary not found at \(path); build it with `swift build` first"
        case let .skipped(reason): "skipped: \(reason)"
        case let .toolFailed(message): message
        }
    }
}
