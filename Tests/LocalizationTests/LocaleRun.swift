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
        var variables = ProcessInfo.processInfo.environment
        for name in ["LANGUAGE", "LANG", "LC_ALL", "LC_MESSAGES", "LC_NUMERIC", "LC_TIME"] { variables.removeValue(forKey: name) }
        let ran = try BoundedRun.run(executable, arguments, timeout: 60,
                                     environment: variables.merging(environment) { _, chosen in chosen }, directory: directory)
        guard !ran.timedOut else { throw HarnessError.toolFailed("\(executable) did not finish in 60 s") }
        return Result(status: ran.status, output: ran.stdout, error: ran.stderr)
    }
}
