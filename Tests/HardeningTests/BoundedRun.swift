import CropperTestSupport
import Foundation
import Glibc

/// How a child process ended.
struct ChildOutcome {
    let status: Int32
    /// The signal that ended it, if one did (a crash, or our SIGKILL after the deadline).
    let signal: Int32?
    let timedOut: Bool
    let stdout: String
    let stderr: String
    let seconds: Double

    var exitedNormally: Bool { signal == nil && !timedOut }
}

/// Runs a program with a deadline: a child that blocks (on a named pipe, say) is killed and reported,
/// never waited for forever. Output goes through files, so a full pipe cannot stall the child.
enum BoundedRun {
    static func run(_ executable: String, _ arguments: [String], timeout: Double = 20,
                    environment: [String: String]? = nil) throws -> ChildOutcome {
        let process = try start(executable, arguments, environment: environment)
        return finish(process, timeout: timeout)
    }

    final class Started {
        let process = Process()
        let stdoutPath: String
        let stderrPath: String
        let startedAt = Date()

        init() {
            let base = NSTemporaryDirectory() + "bounded-\(UUID().uuidString)"
            stdoutPath = base + ".out"
            stderrPath = base + ".err"
        }

        var pid: pid_t { process.processIdentifier }
    }

    static func start(_ executable: String, _ arguments: [String],
                      environment: [String: String]? = nil) throws -> Started {
        let started = Started()
        _ = FileManager.default.createFile(atPath: started.stdoutPath, contents: nil)
        _ = FileManager.default.createFile(atPath: started.stderrPath, contents: nil)
        started.process.executableURL = URL(fileURLWithPath: executable)
        started.process.arguments = arguments
        if let environment { started.process.environment = environment }
        started.process.standardInput = FileHandle.nullDevice
        started.process.standardOutput = FileHandle(forWritingAtPath: started.stdoutPath)
        started.process.standardError = FileHandle(forWritingAtPath: started.stderrPath)
        try started.process.run()
        return started
    }

    static func finish(_ started: Started, timeout: Double) -> ChildOutcome {
        Poll.until(timeout: started.startedAt.addingTimeInterval(timeout).timeIntervalSinceNow) { !started.process.isRunning }
        let timedOut = started.process.isRunning
        if timedOut { kill(started.pid, SIGKILL) }
        started.process.waitUntilExit()
        let seconds = Date().timeIntervalSince(started.startedAt)
        let signal = started.process.terminationReason == .uncaughtSignal ? started.process.terminationStatus : nil
        defer {
            unlink(started.stdoutPath)
            unlink(started.stderrPath)
        }
        return ChildOutcome(status: started.process.terminationStatus, signal: signal, timedOut: timedOut,
                            stdout: (try? String(contentsOfFile: started.stdoutPath, encoding: .utf8)) ?? "",
                            stderr: (try? String(contentsOfFile: started.stderrPath, encoding: .utf8)) ?? "",
                            seconds: seconds)
    }
}
