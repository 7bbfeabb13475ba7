import Glibc
import PhotoIO
import X11Platform

/// What the event loop did between two frames, written with each frame's line in `CROPPER_FRAME_STATS`, so a slow
/// frame explains itself: the input and background messages it followed, the jobs they asked for, and the thread's
/// CPU in applying them, in the state log's lines, in drawing and in presenting; the drawing's own work is
/// counted by the parts that do it (`DrawWork`).
struct LoopTrace {
    /// Input events handled, and background messages by their state-log name.
    private(set) var events = 0
    private(set) var messages: [String: Int] = [:]
    private(set) var jobs: [String: Int] = [:]
    /// Where the event loop's thread spends CPU outside drawing; the state log's lines are written while input
    /// and messages are applied, so `log` is part of those two.
    enum Part { case input, message, tick, log }
    private var cpu: [Part: Double] = [:]
    /// The thread's CPU clock when the last frame was presented: what the loop spent in all, idle polling included.
    private var since = MonotonicClock.threadCPU()
    private var threadBefore = ThreadCounters.now()
    private var drawnBefore = DrawWork()

    mutating func spent(_ seconds: Double, in part: Part) { cpu[part, default: 0] += seconds }

    mutating func handledEvent() { events += 1 }

    mutating func handledMessage(_ name: String) { messages[name, default: 0] += 1 }

    mutating func carriedOut(_ job: Job) { jobs[job.traceName, default: 0] += 1 }

    /// The frame's line: what happened since the last frame, then a fresh start. `drawn` is the drawing parts'
    /// running count; the frame's own share is its difference from the last frame's.
    mutating func frameDone(render: Double, present: Double, drawn: DrawWork) -> JSONValue {
        let now = MonotonicClock.threadCPU()
        let work = drawn.minus(drawnBefore)
        let thread = ThreadCounters.now()
        let json = JSONValue.object([
            ("events", .integer(events)),
            ("messages", Self.counts(messages)),
            ("jobs", Self.counts(jobs)),
            ("inputCpuMs", Self.ms(cpu[.input] ?? 0)),
            ("messageCpuMs", Self.ms(cpu[.message] ?? 0)),
            ("tickCpuMs", Self.ms(cpu[.tick] ?? 0)),
            ("logCpuMs", Self.ms(cpu[.log] ?? 0)),
            ("renderCpuMs", Self.ms(render)),
            ("presentCpuMs", Self.ms(present)),
            ("loopCpuMs", Self.ms(now - since)),
            ("textLayouts", .integer(work.textLayouts)),
            ("textCacheTurnovers", .integer(work.textCacheTurnovers)),
            ("thumbnailsConverted", .integer(work.thumbnailsConverted)),
            ("thumbnailsFitted", .integer(work.thumbnailsFitted)),
            ("pageFaults", .integer(thread.pageFaults - threadBefore.pageFaults)),
            ("preempted", .integer(thread.preempted - threadBefore.preempted)),
            ("stealTicks", .integer(thread.stealTicks - threadBefore.stealTicks)),
        ])
        self = LoopTrace()
        since = now
        threadBefore = thread
        drawnBefore = drawn
        return json
    }

    private static func ms(_ seconds: Double) -> JSONValue { .number((seconds * 1e5).rounded() / 100) }

    private static func counts(_ counts: [String: Int]) -> JSONValue {
        .object(counts.sorted { $0.key < $1.key }.map { ($0.key, .integer($0.value)) })
    }
}

/// Running counts of the drawing's costly steps, kept by the parts that take them: Pango layouts shaped anew and
/// the text cache turned over (`TextRenderer`), thumbnails converted for the screen and scaled to a grid cell
/// (`ThumbnailStore`).
struct DrawWork: Equatable {
    var textLayouts = 0
    var textCacheTurnovers = 0
    var thumbnailsConverted = 0
    var thumbnailsFitted = 0

    func minus(_ other: DrawWork) -> DrawWork {
        DrawWork(textLayouts: textLayouts - other.textLayouts,
                 textCacheTurnovers: textCacheTurnovers - other.textCacheTurnovers,
                 thumbnailsConverted: thumbnailsConverted - other.thumbnailsConverted,
                 thumbnailsFitted: thumbnailsFitted - other.thumbnailsFitted)
    }
}

extension Job {
    /// The case's name, without its payload (which may hold whole bitmaps).
    var traceName: String { Mirror(reflecting: self).children.first?.label ?? String(describing: self) }
}

/// What the kernel counts for the event loop's thread, and the host's: a frame's CPU includes the page faults it
/// took, and on a virtual machine whatever time the host stole while the thread ran.
private struct ThreadCounters {
    /// Minor and major faults, and times the thread was preempted.
    var pageFaults = 0
    var preempted = 0
    /// The machine's steal time (`/proc/stat`, in clock ticks): a frame's CPU clock runs on while the host has it.
    var stealTicks = 0

    static func now() -> ThreadCounters {
        var usage = rusage()
        var counters = ThreadCounters()
        if getrusage(__rusage_who_t(1) /* RUSAGE_THREAD */, &usage) == 0 {
            counters.pageFaults = usage.ru_minflt + usage.ru_majflt
            counters.preempted = usage.ru_nivcsw
        }
        counters.stealTicks = machineSteal() ?? 0
        return counters
    }

    /// The eighth number on `/proc/stat`'s first line.
    private static func machineSteal() -> Int? {
        guard let file = fopen("/proc/stat", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        guard fgets(&line, Int32(line.count), file) != nil else { return nil }
        let fields = line.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }.split(separator: " ")
        return fields.count > 8 ? Int(fields[8]) : nil
    }
}
