import Foundation
import Glibc
import PhotoIO
import X11Platform

/// One photo of a batch saved, or the reason it was not.
struct BatchItemOutcome: Sendable {
    let batch: Int
    let request: SaveRequest
    let result: Result<SavedCrop, SaveFailure>
}

/// Writes the grid's photos on worker threads, as many as there are cores (as the command line's batch does), each
/// through the one save pipeline (`PhotoWriter.run`). The workers run at a lower priority than the window (nice
/// +10, a tenth of its weight), so the event loop gets a core the moment input or a frame needs one while every
/// core writes; with nothing else to run the workers still have the whole machine. Cancel stops what has not started; what is being written finishes, so
/// nothing is half-written.
final class BatchSaver: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled: Set<Int> = []

    /// How much nicer than the window a worker runs (added to the window's own nice value, 19 at most).
    static let workerNiceness: Int32 = 10

    static var workerCount: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    func start(_ requests: [SaveRequest], batch: Int, replyTo pipe: WakePipe<BackgroundMessage>) {
        let queue = WorkQueue(requests)
        let workers = max(1, min(Self.workerCount, requests.count))
        let remaining = Countdown(workers)
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        let niceness = min(19, getpriority(which, 0) + Self.workerNiceness)
        HeapPolicy.batchStarted()
        for index in 0..<workers {
            let thread = Thread { [self] in
                // On Linux the nice value is the thread's own: 0 names the calling thread.
                setpriority(which, 0, niceness)
                while !isCancelled(batch), let request = queue.next() {
                    pipe.post(.batchItemSaved(BatchItemOutcome(batch: batch, request: request, result: PhotoWriter.run(request))))
                }
                if remaining.countDown() {
                    HeapPolicy.batchEnded()
                    pipe.post(.batchFinished(batch: batch, cancelled: isCancelled(batch)))
                }
            }
            thread.name = "cropper.batch.\(index)"
            thread.start()
        }
    }

    func cancel(_ batch: Int) {
        lock.withLock { _ = cancelled.insert(batch) }
    }

    private func isCancelled(_ batch: Int) -> Bool {
        lock.withLock { cancelled.contains(batch) }
    }

    private final class WorkQueue: @unchecked Sendable {
        private let lock = NSLock()
        private var requests: ArraySlice<SaveRequest>

        init(_ requests: [SaveRequest]) { self.requests = requests[...] }

        func next() -> SaveRequest? { lock.withLock { requests.popFirst() } }
    }

    private final class Countdown: @unchecked Sendable {
        private let lock = NSLock()
        private var count: Int

        init(_ count: Int) { self.count = count }

        /// True for the last one down.
        func countDown() -> Bool {
            lock.withLock {
                count -= 1
                return count == 0
            }
        }
    }
}
