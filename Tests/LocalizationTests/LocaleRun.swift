import CropperTestSupport
import Foundation
import XCTest

/// Runs a program in a chosen locale: the caller's language variables are dropped, `environment`'s set.
enum LocaleRun {
    struct Result {
        let status: Int32
        let output: String
        let error: String
    }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                    in directory: String = EditorWindowHarness.packageRoot.path) throws -> Result {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw XCTSkip("\(executable) is missing: run scripts/install-deps and swift build")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var variables = ProcessInfo.processInfo.environment
        for name in ["LANGUAGE", "LANG", "LC_ALL", "LC_MESSAGES", "LC_NUMERIC", "LC_TIME"] { variables.removeValue(forKey: name) }
        process.environment = variables.merging(environment) { _, chosen in chosen }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // The outputs here are a few lines: reading one pipe to its end cannot stall the other.
        let out = output.fileHandleForReading.readDataToEndOfFile(), err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
                      error: String(decoding: err, as: UTF8.self))
    }
}
