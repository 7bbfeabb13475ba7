import ArgumentParser
import Glibc
import Localization
import PhotoIO

/// Prints one line, `cropper: FILE: reason`, on stderr and returns the exit
/// status for it. FILE is the output path for output errors, else the input.
/// `hint` follows the reason after a semicolon: what else the user can do.
func reportFailure(_ error: Error, input: String, output: String? = nil, hint: String? = nil) -> ExitCode {
    if let exit = error as? ExitCode { return exit }
    printError(failureLine(error, input: input, output: output, hint: hint))
    return ExitCode.failure
}

/// The line `reportFailure` prints.
func failureLine(_ error: Error, input: String, output: String? = nil, hint: String? = nil) -> String {
    let reason: String
    var path = input
    if let failure = error as? PhotoIOError {
        reason = failure.reason
        if failure.concernsOutput, let output { path = output }
    } else {
        reason = String(describing: error)
    }
    return "cropper: \(path): \(reason)" + (hint.map { "; " + $0 } ?? "")
}

func printWarnings(_ warnings: [String], for path: String) {
    for warning in warnings { printError("cropper: \(path): " + tr("warning: %s", warning)) }
}

func printError(_ line: String) {
    var bytes = Array((line + "\n").utf8)
    var done = 0
    while done < bytes.count {
        let wrote = bytes.withUnsafeMutableBytes { write(STDERR_FILENO, $0.baseAddress! + done, $0.count - done) }
        if wrote <= 0 { return }
        done += wrote
    }
}
