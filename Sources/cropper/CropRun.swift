import ArgumentParser
import Synchronization
import Glibc
import Localization
import PhotoIO

/// `cropper crop` over its photos: the destinations checked against each other before anything is written, then
/// every photo through the one pipeline (`PhotoJob`) on the workers, reported in the order given. Ctrl+C starts
/// nothing new; what is in flight finishes (each save is atomic, so no temporary file stays).
struct CropRun {
    let command: CropCommand
    let inputs: [String]

    func run() throws {
        guard !inputs.isEmpty else { throw ValidationError(tr("the list names no photos")) }
        let command = self.command
        let jobs = inputs.enumerated().map {
            PhotoJob(input: $0.element, output: command.destination(of: $0.element, number: $0.offset + 1))
        }
        try checkClashes(jobs)
        Interrupt.watch()
        defer { Interrupt.end() }
        if command.reportsAsOne {
            // On this, the main, thread: only its malloc arena can serve libjpeg's large blocks from huge pages
            // (HugePages.forLargeAllocations); on a worker the 24 MP lossless crop takes 34,000 page faults
            // instead of 5,300 and a third more time. Ctrl+C lets the one save finish, then exits.
            try OneCropReport.report(jobs[0].run(command))
            if Interrupt.requested { throw ExitCode(130) }
            return
        }
        BatchHeap.begin()
        let runner = BatchRunner<PhotoOutcome>(count: jobs.count, workers: command.batch.workers)
        let work: @Sendable (Int) -> PhotoOutcome = { jobs[$0].run(command) }
        var report = BatchReport(jobs: jobs, json: command.batch.json)
        let (stop, notStarted) = runner.run(work, event: { report.handle($0) },
                                            shouldStop: { $0.outOfSpace ? .outOfSpace : nil })
        report.finish(stop: stop, notStarted: notStarted)
        if stop == .interrupted { throw ExitCode(130) }
        if report.failed > 0 || stop != nil { throw ExitCode.failure }
    }

    /// Two photos whose crops would be one file, or a crop that would replace another photo of the list: refused
    /// before anything is written.
    private func checkClashes(_ jobs: [PhotoJob]) throws {
        let inputs = command.inPlace ? [] : jobs.map(\.input)
        guard let clash = OutputNaming.firstClash(outputs: jobs.map(\.output), inputs: inputs) else { return }
        let first = jobs[clash.first].input, second = jobs[clash.second].input, output = jobs[clash.second].output
        printError("cropper: " + (clash.isInput
            ? tr("the crop of %1$s would replace the photo %2$s; nothing was written", second, first)
            : tr("%1$s and %2$s would both be cropped to %3$s; nothing was written", first, second, output)))
        throw ExitCode.failure
    }
}

/// One photo named alone: its crop's path and size on stdout, as `cropper crop` has always said it.
enum OneCropReport {
    static func report(_ outcome: PhotoOutcome) throws {
        printWarnings(outcome.warnings, for: outcome.input)
        if let failure = outcome.failure {
            printError(failure)
            throw ExitCode.failure
        }
        print("\(outcome.output) \(outcome.size!)")
        if outcome.lossless, let rect = outcome.rect {
            print(outcome.snappedFrom.map { tr("lossless rect %1$s (snapped from %2$s)", rect, $0) } ?? tr("lossless rect %s", rect))
        }
        if let trashed = outcome.trashed { print(tr("original in the trash: %s", trashed)) }
    }
}

/// Ctrl+C while photos are cropped: the signal only raises a flag, which the runner reads between photos.
enum Interrupt {
    private static let flag = Atomic<Bool>(false)

    static var requested: Bool { flag.load(ordering: .relaxed) }

    static func watch() {
        signal(SIGINT) { _ in Interrupt.flag.store(true, ordering: .relaxed) }
    }

    static func end() {
        signal(SIGINT, SIG_DFL)
    }
}
