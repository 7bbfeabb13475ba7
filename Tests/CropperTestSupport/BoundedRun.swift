import Foundation
import Glibc

/// How a child process ended.
public struct ChildOutcome {
    public let status: Int32
    /// The signal that ended it, if one did (a crash, or our SIGKILL after the deadline).
    public let signal: Int32?
    public let timedOut: Bool
    public let stdoutData: Data
    public let stderr: String
    public let seconds: Double

    public var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
    public var exitedNormally: Bool { signal == nil && !timedOut }
}

/// The tests' one way to run a process: with a deadline, so a child that blocks (on a named pipe, a lost X
/// server) is killed and reported, never waited for forever; output goes through files, so a full pipe cannot
/// stall the child. `Tools.run` is this with the test's own environment and PATH lookup.
public enum BoundedRun {
    /// Runs `executable` to its end or `timeout` seconds. `environment` replaces the test's own when given;
    /// `input` is its standard input (else none); `directory` its working directory.
    public static func run(_ executable: String, _ arguments: [String], timeout: Double = 20,
                           environment: [String: String]? = nil, input: Data? = nil,
                           directory: String? = nil) throws -> ChildOutcome {
        let process = try start(executable, arguments, environment: environment, input: input, directory: directory)
        return finish(process, timeout: timeout)
    }

    /// A child started and not yet finished; its output collects in two files.
    public final class Started {
        public let process = Process()
        /// Where the output collects while the child runs (a test may read it before the end).
        public let stdoutPath: String
        public let stderrPath: String
        let stdinPath: String
        let startedAt = Date()

        init() {
            let base = NSTemporaryDirectory() + "bounded-\(UUID().uuidString)"
            stdoutPath = base + ".out"
            stderrPath = base + ".err"
            stdinPath = base + ".in"
        }

        func removeFiles() {
            for path in [stdoutPath, stderrPath, stdinPath] { unlink(path) }
        }

        public var pid: pid_t { process.processIdentifier }
    }

    public static func start(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                             input: Data? = nil, directory: String? = nil) throws -> Started {
        let started = Started()
        _ = FileManager.default.createFile(atPath: started.stdoutPath, contents: nil)
        _ = FileManager.default.createFile(atPath: started.stderrPath, contents: nil)
        started.process.executableURL = URL(fileURLWithPath: executable)
        started.process.arguments = arguments
        if let environment { started.process.environment = environment }
        if let directory { started.process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let input {
            // From a file as well: a child that reads slowly never blocks the test on a full pipe.
            _ = FileManager.default.createFile(atPath: started.stdinPath, contents: input)
            started.process.standardInput = FileHandle(forReadingAtPath: started.stdinPath)
        } else {
            started.process.standardInput = FileHandle.nullDevice
        }
        started.process.standardOutput = FileHandle(forWritingAtPath: started.stdoutPath)
        started.process.standardError = FileHandle(forWritingAtPath: started.stderrPath)
        do {
            try started.process.run()
        } catch {
            started.removeFiles()
            throw error
        }
        return started
    }

    /// Waits for `started` until `timeout` seconds after it started, kills it then, and collects its output.
    public static func finish(_ started: Started, timeout: Double) -> ChildOutcome {
        Poll.until(timeout: started.startedAt.addingTimeInterval(timeout).timeIntervalSinceNow) { !started.process.isRunning }
        let timedOut = started.process.isRunning
        if timedOut { kill(started.pid, SIGKILL) }
        // Foundation learns of the end through a socket the child inherited; a daemon the child forked keeps
        // it open (xclip owning a selection), so the wait is bounded here too.
        let ended = Poll.until(timeout: 10) { !started.process.isRunning }
        let seconds = Date().timeIntervalSince(started.startedAt)
        let signal = ended && started.process.terminationReason == .uncaughtSignal ? started.process.terminationStatus : nil
        defer { started.removeFiles() }
        return ChildOutcome(status: ended ? started.process.terminationStatus : -1, signal: ended ? signal : SIGKILL,
                            timedOut: timedOut || !ended,
                            stdoutData: FileManager.default.contents(atPath: started.stdoutPath) ?? Data(),
                            stderr: (try? String(contentsOfFile: started.stderrPath, encoding: .utf8)) ?? "",
                            seconds: seconds)
    }
}
