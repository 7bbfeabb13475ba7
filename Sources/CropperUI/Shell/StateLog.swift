import Glibc
import PhotoIO
import X11Platform

/// `CROPPER_STATE_LOG=FILE`: one JSON object per line for every handled event and every presented frame,
/// flushed at once, so tests and tools can follow the editor exactly. `seq` counts the input events handled so
/// far (a frame line carries the `seq` of the last event it shows); `t` is when, in seconds of CLOCK_MONOTONIC
/// (the clock other processes on the machine can read too).
final class StateLog {
    private let file: UnsafeMutablePointer<FILE>

    init?(path: String) {
        guard let file = fopen(path, "a") else { return nil }
        self.file = file
    }

    deinit { fclose(file) }

    /// The last line's snapshot, serialized, when it had no extra fields: an event that changed nothing repeats it.
    private var lastSnapshot: Substring?

    func record(event: String, seq: Int, snapshot: JSONValue, repeatable: Bool = true) {
        // The snapshot's own object follows the event's fields without its opening brace.
        let body = snapshot.serialized.dropFirst()
        lastSnapshot = repeatable ? body : nil
        write(event: event, seq: seq, body: body)
    }

    /// A line for an event that changed nothing the snapshot shows: the last line's snapshot again, without making
    /// it anew (the folder watcher reports every file a batch writes). False when there is none to repeat.
    func recordUnchanged(event: String, seq: Int) -> Bool {
        guard let body = lastSnapshot else { return false }
        write(event: event, seq: seq, body: body)
        return true
    }

    private func write(event: String, seq: Int, body: Substring) {
        // The event, its sequence number and the time go first.
        let line = "{\"event\":" + JSONValue.string(event).serialized + ",\"seq\":\(seq),\"t\":"
            + JSONValue.number(timestamp()).serialized + "," + body + "\n"
        fputs(line, file)
        fflush(file)
    }
}

/// `CROPPER_FRAME_STATS=FILE`: render and present time of every frame, and the CPU time the event-loop thread
/// spent on both (the part the machine's other load cannot add to), for benchmarks; `allCpuMs`, the CPU of every
/// thread of the process meanwhile (the blit's bands on the other core, and whatever else ran), and `paintedPx`,
/// the window pixels repainted and presented. `t` is when the frame was presented, on the state log's clock.
/// `since` says what the event loop did since the frame before (`LoopTrace`).
final class FrameStats {
    private let file: UnsafeMutablePointer<FILE>

    init?(path: String) {
        guard let file = fopen(path, "a") else { return nil }
        self.file = file
    }

    deinit { fclose(file) }

    func record(render: Double, present: Double, cpu: Double, allCPU: Double, painted: Int, width: Int, height: Int,
                activity: String, since: JSONValue? = nil) {
        let line = JSONValue.object([
            ("renderMs", .number((render * 1e5).rounded() / 100)),
            ("presentMs", .number((present * 1e5).rounded() / 100)),
            ("cpuMs", .number((cpu * 1e5).rounded() / 100)),
            ("allCpuMs", .number((allCPU * 1e5).rounded() / 100)),
            ("paintedPx", .integer(painted)),
            ("t", .number(timestamp())),
            ("window", .integers([width, height])),
            ("activity", .string(activity)),
        ] + (since.map { [("since", $0)] } ?? [])).serialized + "\n"
        fputs(line, file)
        fflush(file)
    }
}

/// Now in CLOCK_MONOTONIC seconds, to the microsecond.
private func timestamp() -> Double {
    (MonotonicClock.now() * 1e6).rounded() / 1e6
}
