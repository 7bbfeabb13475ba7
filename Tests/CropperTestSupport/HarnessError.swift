public enum HarnessError: Error, CustomStringConvertible {
    case noWindow, noPixels
    /// The window's process ended while the test still needed it.
    case exited
    case timeout(String, String)

    public var description: String {
        switch self {
        case .noWindow: "the cropper window did not appear"
        case .noPixels: "could not read the window's pixels"
        case .exited: "the cropper process has exited"
        case let .timeout(what, last): "timed out waiting for \(what); last state: \(last)"
        }
    }
}
