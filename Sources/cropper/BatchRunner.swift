import Dispatch
import Glibc
import Synchronization

/// Runs jobs on a bounded number of worker threads and hands their outcomes back on the calling thread in the
/// order of the jobs, whatever order they finish in. Only `workers` jobs are ever in flight, so memory does not
/// grow with the number of jobs. `stop` (or Ctrl+C, see `Interrupt`) ends the run early: no job starts after it,
/// those in flight finish.
final class BatchRunner<Outcome: Sendable>: Sendable {
    enum StopReason: Sendable, Equatable {
        case interrupted
        case outOfSpace
    }

    /// What the calling thread hears about, in order.
    enum Event {
        case started(index: Int)
        case finished(index: Int, Outcome)
        /// Nothing changed for a while: time to redraw a clock.
        case tick
    }

    private struct State {
        var next = 0
        var inFlight = 0
        var finished: [Int: Outcome] = [:]
        var started: [Int] = []
        var stop: StopReason?
    }

    let count: Int
    let workers: Int
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)

    init(count: Int, workers: Int) {
        self.count = count
        self.workers = max(1, min(workers, count))
    }

    /// Asks the run to start nothing more; safe from any thread.
    func stop(_ reason: StopReason) {
        state.withLock { if $0.stop == nil { $0.stop = reason } }
        wake.signal()
    }

    /// Runs `work` for every index (until stopped) and calls `event` on this thread; returns why it stopped
    /// early, if it did, and how many jobs never started.
    /// An outcome for which `shouldStop` gives a reason stops the run as soon as it is known.
    func run(_ work: @escaping @Sendable (Int) -> Outcome, event: (Event) -> Void,
             shouldStop: @escaping @Sendable (Outcome) -> StopReason? = { _ in nil }) -> (stop: StopReason?, notStarted: Int) {
        for _ in 0..<workers {
            WorkerThread.start { [self] in
                while let index = take() {
                    let outcome = work(index)
                    if let reason = shouldStop(outcome) { stop(reason) }
                    state.withLock {
                        $0.finished[index] = outcome
                        $0.inFlight -= 1
                    }
                    wake.signal()
                }
                wake.signal()
            }
        }
        var reported = 0
        while true {
            let timedOut = wake.wait(timeout: .now() + .milliseconds(100)) == .timedOut
            if Interrupt.requested { stop(.interrupted) }
            let (started, ready, done) = state.withLock { s -> ([Int], [(Int, Outcome)], Bool) in
                let started = s.started
                s.started = []
                var ready: [(Int, Outcome)] = []
                while let outcome = s.finished.removeValue(forKey: reported + ready.count) {
                    ready.append((reported + ready.count, outcome))
                }
                let done = s.inFlight == 0 && (s.next == count || s.stop != nil)
                return (started, ready, done && s.finished.isEmpty)
            }
            for index in started { event(.started(index: index)) }
            for (index, outcome) in ready { event(.finished(index: index, outcome)) }
            reported += ready.count
            if done { break }
            if timedOut && started.isEmpty && ready.isEmpty { event(.tick) }
        }
        return state.withLock { ($0.stop, count - $0.next) }
    }

    /// The next job to start, or nil when all have or the run is stopping.
    private func take() -> Int? {
        let index = state.withLock { s -> Int? in
            guard s.stop == nil, s.next < count else { return nil }
            defer { s.next += 1 }
            s.inFlight += 1
            s.started.append(s.next)
            return s.next
        }
        if index != nil { wake.signal() }
        return index
    }
}

/// A thread of its own for each worker: a worker blocks on decoding and disk for its whole life, which a shared
/// Dispatch pool sized to the cores would not run `-j N` of at once.
enum WorkerThread {
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    static func start(_ run: @escaping @Sendable () -> Void) {
        let body = Unmanaged.passRetained(Body(run)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { raw in
            Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
            return nil
        }, body)
        if started == 0 { pthread_detach(thread) } else { Unmanaged<Body>.fromOpaque(body).takeRetainedValue().run() }
    }
}
