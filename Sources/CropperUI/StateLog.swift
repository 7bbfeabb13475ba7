import Glibc

/// `CROPPER_STATE_LOG=FILE`: one JSON object per line, flushed at once, so tests and tools can follow the
/// editor exactly. There is a line for every handled input event, every background result and timer change,
/// and every presented frame (`"event": "frame"`). `seq` counts the input events handled so far: a frame line
/// shows everything up to its `seq`, which is how tests know the window has caught up. `t` is when, in seconds
/// of CLOCK_MONOTONIC (the clock other processes on the machine can read too).
final class StateLog {
    private let file: UnsafeMutablePointer<FILE>
    /// Input events handled so far.
    private(set) var seq = 0

    init?(path: String) {
        guard let file = fopen(path, "a") else { return nil }
        self.file = file
    }

    deinit { fclose(file) }

    /// An input event was handled: it counts, and its line carries the new `seq`.
    func recordInput(event: String, snapshot: StateSnapshot, overlays: [String], syncToken: Int? = nil) {
        seq += 1
        write(event: event, snapshot: snapshot, overlays: overlays, extra: syncToken.map { [("syncToken", .integer($0))] } ?? [])
    }

    /// Something other than input changed the window (a background result, a timer): the same `seq`.
    func record(event: String, snapshot: StateSnapshot, overlays: [String]) {
        write(event: event, snapshot: snapshot, overlays: overlays, extra: [])
    }

    /// A frame has reached the X server; it shows every input event up to `seq`.
    func recordFrame(snapshot: StateSnapshot, overlays: [String]) {
        write(event: "frame", snapshot: snapshot, overlays: overlays, extra: [])
    }

    /// `overlays`: the components shown above the canvas, top first ("confirm", "shortcuts", "dialog", "picker",
    /// "numericEntry").
    private func write(event: String, snapshot: StateSnapshot, overlays: [String], extra: [(String, JSONValue)]) {
        // The event, seq and time go first; the snapshot's own object follows without its opening brace.
        var head: [(String, JSONValue)] = [("event", .string(event)), ("seq", .integer(seq)), ("t", .number(timestamp()))]
        head += extra
        head.append(("overlays", .array(overlays.map(JSONValue.string))))
        let line = String(JSONValue.object(head).serialized.dropLast()) + "," + snapshot.json.serialized.dropFirst() + "\n"
        fputs(line, file)
        fflush(file)
    }
}

/// `CROPPER_FRAME_STATS=FILE`: render and present time of every frame, and the CPU time the event-loop thread
/// spent on both (the part the machine's other load cannot add to), for benchmarks. `t` is when the frame was
/// presented, on the state log's clock.
final class FrameStats {
    private let file: UnsafeMutablePointer<FILE>

    init?(path: String) {
        guard let file = fopen(path, "a") else { return nil }
        self.file = file
    }

    deinit { fclose(file) }

    func record(render: Double, present: Double, cpu: Double, width: Int, height: Int, activity: String) {
        let line = JSONValue.object([
            ("renderMs", .number((render * 1e5).rounded() / 100)),
            ("presentMs", .number((present * 1e5).rounded() / 100)),
            ("cpuMs", .number((cpu * 1e5).rounded() / 100)),
            ("t", .number(timestamp())),
            ("window", .integers([width, height])),
            ("activity", .string(activity)),
        ]).serialized + "\n"
        fputs(line, file)
        fflush(file)
    }
}

/// Now in CLOCK_MONOTONIC seconds, to the microsecond.
private func timestamp() -> Double {
    (MonotonicClock.now() * 1e6).rounded() / 1e6
}
