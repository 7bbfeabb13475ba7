import Glibc
import Localization
import PhotoIO

/// How a batch tells the user: failures (and warnings) on stderr in the order the photos were given, a JSON line
/// per photo on stdout with `--json`, a progress line on a terminal, and a summary at the end.
struct BatchReport {
    let jobs: [PhotoJob]
    let json: Bool
    let terminal = ProgressTerminal.isTerminal
    private(set) var cropped = 0
    private(set) var failed = 0
    private var progress: BatchProgress
    private let start = Clock.milliseconds()

    init(jobs: [PhotoJob], json: Bool) {
        self.jobs = jobs
        self.json = json
        progress = BatchProgress(total: jobs.count)
    }

    mutating func handle(_ event: BatchRunner<PhotoOutcome>.Event) {
        switch event {
        case .started(let index):
            progress.current = PathNames.shown(PathNames.name(of: jobs[index].input))
        case .finished(_, let outcome):
            progress.done += 1
            if outcome.failure == nil { cropped += 1 } else { failed += 1 }
            tell(outcome)
        case .tick:
            break
        }
        redraw()
    }

    private func tell(_ outcome: PhotoOutcome) {
        if terminal { ProgressTerminal.clear() }
        printWarnings(outcome.warnings, for: outcome.input)
        if let failure = outcome.failure {
            printError(outcome.outOfSpace ? failure + "; " + tr("the batch stops here") : failure)
        }
        if json {
            // A line at a time, as it is known, also into a pipe or a file.
            print(Self.jsonLine(outcome))
            fflush(nil)
        }
    }

    private func redraw() {
        guard terminal else { return }
        ProgressTerminal.draw(progress.line(elapsed: (Clock.milliseconds() - start) / 1000,
                                            columns: ProgressTerminal.columns))
    }

    /// The summary: always on a terminal; otherwise only when something failed or the batch stopped early.
    mutating func finish(stop: BatchRunner<PhotoOutcome>.StopReason?, notStarted: Int) {
        if terminal { ProgressTerminal.clear() }
        if json {
            for job in jobs.suffix(notStarted) {
                var outcome = PhotoOutcome(input: job.input, output: job.output)
                outcome.failure = tr("not started")
                print(Self.jsonLine(outcome, error: tr("not started")))
            }
        }
        guard terminal || failed > 0 || stop != nil else { return }
        printError(Self.summary(cropped: cropped, failed: failed, notStarted: notStarted, stop: stop))
    }

    static func summary(cropped: Int, failed: Int, notStarted: Int, stop: BatchRunner<PhotoOutcome>.StopReason?) -> String {
        switch stop {
        case nil: return tr("%1$d cropped, %2$d failed", cropped, failed)
        case .interrupted: return tr("%1$d cropped, %2$d failed, %3$d not started (interrupted)", cropped, failed, notStarted)
        case .outOfSpace: return tr("%1$d cropped, %2$d failed, %3$d not started (the disk is full)", cropped, failed, notStarted)
        }
    }

    /// `{"input":…,"output":…,"rect":[x,y,w,h],"ms":…,"error":null}`; the output and rect are null when nothing
    /// was written.
    static func jsonLine(_ outcome: PhotoOutcome, error: String? = nil) -> String {
        let written = outcome.failure == nil
        let rect = outcome.rect.map { JSONValue.integers([$0.x, $0.y, $0.width, $0.height]) } ?? .null
        let message = error ?? outcome.failure.map(reason)
        return JSONValue.object([
            ("input", .string(outcome.input)),
            ("output", written ? .string(outcome.output) : .null),
            ("rect", written ? rect : .null),
            ("ms", .number((outcome.milliseconds * 10).rounded() / 10)),
            ("error", .optional(message)),
            ("warnings", .array(outcome.warnings.map(JSONValue.string))),
        ]).serialized
    }

    /// The failure line less its `cropper: PATH: ` prefix.
    private static func reason(_ line: String) -> String {
        let prefix = "cropper: "
        guard line.hasPrefix(prefix) else { return line }
        let rest = line.dropFirst(prefix.count)
        guard let colon = rest.range(of: ": ") else { return String(rest) }
        return String(rest[colon.upperBound...])
    }
}
