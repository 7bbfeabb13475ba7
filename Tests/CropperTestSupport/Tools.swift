import Foundation

public typealias ToolResult = ChildOutcome

/// The programs tests call (encoders, exiftool, xdotool, the built cropper), run through `BoundedRun`.
public enum Tools {
    public static func available(_ name: String) -> Bool {
        ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") } ?? false
    }

    /// Runs a tool to its end: its status, standard output and error. A bare name is looked up in PATH.
    /// `environment` adds to or overrides the test's own variables (DISPLAY for an X tool on another display).
    /// `input` is its standard input. Throws when the tool is still running after `timeout` seconds (it is
    /// killed then).
    @discardableResult
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                           input: Data? = nil, timeout: Double = 300) throws -> ToolResult {
        let merged = environment.isEmpty ? nil : ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        let result = executable.hasPrefix("/")
            ? try BoundedRun.run(executable, arguments, timeout: timeout, environment: merged, input: input)
            : try BoundedRun.run("/usr/bin/env", [executable] + arguments, timeout: timeout, environment: merged, input: input)
        if result.timedOut {
            throw HarnessError.toolFailed("\(executable) \(arguments.joined(separator: " ")) did not finish in \(Int(timeout)) s")
        }
        return result
    }

    public static func require(_ name: String) throws {
        guard available(name) else { throw skipping("\(name) is not installed") }
    }

    /// exiftool -j for one file, as a dictionary (numbers with -n when asked).
    public static func exiftool(_ path: String, numeric: Bool = false, groups: Bool = false) throws -> [String: Any] {
        var arguments = ["-j"]
        if numeric { arguments.append("-n") }
        if groups { arguments.append("-G") }
        let result = try run("exiftool", arguments + [path])
        let parsed = try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]]
        return parsed?.first ?? [:]
    }
}
