import CX11
import Foundation

/// Reading the window's state log, and the barrier that says when the window has caught up with the test.
///
/// Every line has `seq`, the input events handled so far. A test that needs "everything I sent has been
/// handled" calls `sync()`; one that needs "and it is on screen" calls `settled()`. Waits poll with a deadline.
extension EditorWindowHarness {
    /// Every line so far, frames included (only the latest `retainedLogEntries` when that is set).
    public func entries() -> [LogEntry] { log.refresh() }

    /// Keeps only this many of the latest lines in memory, for runs whose log outgrows it (a soak);
    /// `forEachLogEntry` still reads the whole file.
    public var retainedLogEntries: Int? {
        get { log.retainedLimit }
        set { log.retainedLimit = newValue }
    }

    /// Every line of the whole log, parsed one at a time and not kept, with its 1-based line number.
    public func forEachLogEntry(_ body: (Int, LogEntry) -> Void) {
        StateLogReader.forEachEntry(in: logPath, body)
    }

    /// The latest state: the last line that is not a frame (a frame repeats the state it shows).
    public var current: LogEntry? { entries().last { !$0.isFrame } }

    /// Input events the window has handled so far.
    public var seq: Int { entries().last?.seq ?? 0 }

    /// Polls the log until its latest state satisfies `condition`.
    @discardableResult
    public func waitFor(_ what: String, timeout: Double = 5, _ condition: (LogEntry) -> Bool) throws -> LogEntry {
        var found: LogEntry?
        try waitUntil(what, timeout: timeout) {
            found = current.flatMap { condition($0) ? $0 : nil }
            return found != nil
        }
        return found!
    }

    /// Waits until nothing moves: no gesture, no animation, and the photo's scaled copy is in.
    @discardableResult
    public func waitUntilSettled() throws -> LogEntry {
        try waitFor("the editor to settle") {
            $0.activity == "idle" && !$0.animating && ($0.photoSharp || $0.imageSize == nil)
        }
    }

    /// Sends the `_CROPPER_SYNC` barrier and waits for the window to handle it. X delivers in order, so every
    /// event sent before it (xdotool's too, once xdotool has exited) has been handled by then: a test that
    /// checks that something did *not* happen asserts after this. Returns the barrier's own line.
    @discardableResult
    public func sync(timeout: Double = 10) throws -> LogEntry {
        syncsSent += 1
        let token = syncsSent
        try sendSyncMessage(token: token)
        return try waitForEntry("the sync barrier \(token)", timeout: timeout) {
            $0.event == "sync" && $0.syncToken == token
        }
    }

    /// The first frame presented after the window handled input event `seq`: it shows that event's result.
    @discardableResult
    public func waitForFrame(after seq: Int, timeout: Double = 10) throws -> LogEntry {
        try waitForEntry("a frame showing event \(seq)", since: seq, timeout: timeout) { $0.isFrame }
    }

    /// A barrier, then the frame after it: everything sent so far is handled and on screen (for screenshots,
    /// and for asserting the final state). Returns that frame's line.
    @discardableResult
    public func settled(timeout: Double = 10) throws -> LogEntry {
        let barrier = try sync(timeout: timeout)
        return try waitForFrame(after: barrier.seq, timeout: timeout)
    }

    /// The first line named `event` whose seq is after `seq` (e.g. `seq` read before sending the input).
    @discardableResult
    public func waitForEvent(_ event: String, after seq: Int, timeout: Double = 5) throws -> LogEntry {
        try waitForEntry("the event \(event) after \(seq)", since: seq + 1, timeout: timeout) { $0.event == event }
    }

    /// Polls until some line with seq at least `since` satisfies `condition`, and returns the first such line
    /// (unlike `waitFor`, which looks at the latest state only).
    @discardableResult
    public func waitForEntry(_ what: String, since: Int = 0, timeout: Double = 5,
                             _ condition: (LogEntry) -> Bool) throws -> LogEntry {
        var found: LogEntry?
        try waitUntil(what, timeout: timeout) {
            // seq never goes down: read back from the end until the lines are older than `since`.
            for entry in entries().reversed() {
                if entry.seq < since { break }
                if condition(entry) { found = entry }
            }
            return found != nil
        }
        return found!
    }

    /// Polls `condition` (a file written, the process gone) until it holds, or throws after `timeout` seconds.
    public func waitUntil(_ what: String, timeout: Double = 5, _ condition: () -> Bool) throws {
        guard Poll.until(timeout: timeout, condition) else { throw HarnessError.timeout(what, current?.raw ?? "no log") }
    }

    /// Waits until the window's clock (CLOCK_MONOTONIC, the log's `t`) has passed `time`: for behaviour that
    /// depends on real time having elapsed since a logged event (a type-ahead pause), measured from that event.
    public func waitUntilWindowTime(_ time: Double, timeout: Double = 10) throws {
        try waitUntil("the window's clock to reach \(time)", timeout: timeout) { Self.monotonicNow() > time }
    }

    public static func monotonicNow() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    private func sendSyncMessage(token: Int) throws {
        guard process.isRunning else { throw HarnessError.exited }
        try sendClientMessage("_CROPPER_SYNC", first: { _ in token })
    }
}
