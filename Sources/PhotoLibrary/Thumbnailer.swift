import CGLib
import Dispatch
import Foundation
import Synchronization

/// The outcome of one thumbnail request.
public struct ThumbnailResult: Sendable {
    public let path: String
    public let size: ThumbnailSize
    public let outcome: Result<Thumbnail, LibraryError>

    public init(path: String, size: ThumbnailSize, outcome: Result<Thumbnail, LibraryError>) {
        self.path = path
        self.size = size
        self.outcome = outcome
    }
}

/// Makes thumbnails in the background on a small pool of worker threads (two by default:
/// one per core of the target machine), most urgent first. The strip asks for its visible
/// photos at a high priority and for the rest lower, and asks again as it scrolls; a path
/// asked for again with a new priority moves in the queue.
///
/// Results are delivered as values by calling `deliver` on the worker thread that made them;
/// the window forwards them through its wake-up pipe and never lets workers touch UI state.
/// A request is delivered once (a thumbnail or the reason there is none) unless it is
/// cancelled first; before that, a photo with a fitting EXIF thumbnail may get it delivered as a
/// stand-in (origin `.embedded`), always ahead of the real one. Paths already delivered are made again if asked again (then usually a
/// cache hit), so the caller keeps what it received.
public final class Thumbnailer: Sendable {
    public typealias Delivery = @Sendable (ThumbnailResult) -> Void

    public let size: ThumbnailSize
    let workerCount: Int
    private let shared: Shared

    public init(cache: ThumbnailCache, size: ThumbnailSize = .normal, workerCount: Int = 2,
                deliver: @escaping Delivery) {
        self.size = size
        self.workerCount = max(1, workerCount)
        shared = Shared(cache: cache, size: size, deliver: deliver)
        for index in 0..<self.workerCount {
            let shared = self.shared
            // GLib names the system thread itself (what ps, top and gdb show): Foundation's Thread sets the name
            // only when asked from inside the running thread, and even then now and then not at all.
            let start = Unmanaged.passRetained(WorkerStart { Thumbnailer.work(shared) }).toOpaque()
            let thread = g_thread_new("thumbnailer-\(index + 1)", { context in
                Unmanaged<WorkerStart>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, start)
            g_thread_unref(thread)
        }
    }

    /// Stops the workers without waiting for the jobs they are on.
    deinit { shared.beginStopping(workerCount: workerCount) }

    /// Queues `paths` (or moves them, when already queued) at `priority`; higher runs first,
    /// equal priorities in the order asked. Paths being made now are left alone.
    public func request(paths: [String], priority: Int) {
        let added = shared.state.withLock { state in
            state.isStopping ? 0 : state.queue.add(paths, priority: priority)
        }
        for _ in 0..<added { shared.wakeUps.signal() }
    }

    /// Forgets `paths`: waiting ones are dropped, running ones finish undelivered.
    public func cancel(paths: [String]) {
        shared.state.withLock { $0.queue.remove(paths) }
    }

    /// Paths waiting or being made.
    var pendingCount: Int {
        shared.state.withLock { $0.queue.waitingCount + $0.queue.runningCount }
    }

    /// Drops the queue and waits until the workers have finished their current jobs and
    /// exited; nothing is delivered after this returns.
    public func stop() {
        guard shared.beginStopping(workerCount: workerCount) else { return }
        for _ in 0..<workerCount { shared.exited.wait() }
    }

    private static func work(_ shared: Shared) {
        defer { shared.exited.signal() }
        while true {
            shared.wakeUps.wait()
            let next: (path: String, stage: ThumbnailQueue.Stage)?? = shared.state.withLock { state in
                state.isStopping ? nil : .some(state.queue.next())
            }
            guard let job = next else { return }
            guard let (path, stage) = job else { continue }

            let outcome: Result<Thumbnail, LibraryError>
            if stage == .quick {
                guard let hit = quickStage(path, shared) else { continue }
                outcome = .success(hit)
            } else {
                do {
                    outcome = .success(try shared.cache.thumbnail(for: path, size: shared.size))
                } catch let error as LibraryError {
                    outcome = .failure(error)
                } catch {
                    outcome = .failure(.undecodable(String(describing: error)))
                }
            }
            let wanted = shared.state.withLock { state in state.queue.finish(path) && !state.isStopping }
            if wanted { shared.deliver(ThumbnailResult(path: path, size: shared.size, outcome: outcome)) }
        }
    }

    /// A cached thumbnail, which finishes the path; else delivers a stand-in when there is one and sends the
    /// path on to its full stage (nil). Errors about the path are left to the full stage to report.
    private static func quickStage(_ path: String, _ shared: Shared) -> Thumbnail? {
        let found = try? shared.cache.quickThumbnail(for: path, size: shared.size)
        if let found, found.origin == .cache { return found }
        if let found, shared.state.withLock({ $0.queue.isRunning(path) && !$0.isStopping }) {
            shared.deliver(ThumbnailResult(path: path, size: shared.size, outcome: .success(found)))
        }
        if shared.state.withLock({ $0.queue.advanceToFull(path) && !$0.isStopping }) { shared.wakeUps.signal() }
        return nil
    }

    private final class Shared: Sendable {
        struct State {
            var queue = ThumbnailQueue()
            var isStopping = false
        }

        let cache: ThumbnailCache
        let size: ThumbnailSize
        let deliver: Delivery
        let state = Mutex(State())
        /// One signal per queued job, plus one per worker when stopping.
        let wakeUps = DispatchSemaphore(value: 0)
        let exited = DispatchSemaphore(value: 0)

        init(cache: ThumbnailCache, size: ThumbnailSize, deliver: @escaping Delivery) {
            self.cache = cache
            self.size = size
            self.deliver = deliver
        }

        /// Marks the pool stopping and wakes every worker; false when it already was.
        @discardableResult
        func beginStopping(workerCount: Int) -> Bool {
            let first = state.withLock { state in
                defer { state.isStopping = true }
                state.queue.removeAll()
                return !state.isStopping
            }
            if first { for _ in 0..<workerCount { wakeUps.signal() } }
            return first
        }
    }
}

/// What a worker thread runs, handed through GLib's thread start as one pointer.
private final class WorkerStart: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
