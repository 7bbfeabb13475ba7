import Foundation

/// The tests' one way to wait: check a condition until it holds or the deadline passes. What is waited for is
/// always a fact (a state-log line, a file, a process gone), never an amount of time.
public enum Poll {
    /// Every deadline times CROPPER_TEST_DEADLINE_SCALE (scripts/run-tests sets 3 while classes run side by side):
    /// a deadline only bounds a wait, so a passing test takes no longer, and a busy machine fails none.
    public static let deadlineScale = ProcessInfo.processInfo.environment["CROPPER_TEST_DEADLINE_SCALE"]
        .flatMap(Double.init).map { max(1, $0) } ?? 1

    /// True once `condition` holds; false when `timeout` seconds (times `deadlineScale`) passed first.
    @discardableResult
    public static func until(timeout: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout * deadlineScale)
        while !condition() {
            guard Date() < deadline else { return false }
            usleep(5_000)
        }
        return true
    }
}

/// The state log of a window the harness did not start (run as another user, on a server that dies).
public struct StateLogFile {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    public var last: LogEntry? {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").last
            .flatMap { LogEntry(line: String($0)) }
    }

    /// The first time the latest line satisfies `condition`; throws with that line after `timeout`.
    @discardableResult
    public func waitFor(_ what: String, timeout: Double = 10, _ condition: (LogEntry) -> Bool) throws -> LogEntry {
        var found: LogEntry?
        guard Poll.until(timeout: timeout, {
            found = last.flatMap { condition($0) ? $0 : nil }
            return found != nil
        }), let found else { throw HarnessError.timeout(what, last?.raw ?? "no log") }
        return found
    }
}
