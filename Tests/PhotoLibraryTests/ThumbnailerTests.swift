import CropperTestSupport
import Dispatch
import Foundation
import Synchronization
import XCTest
@testable import PhotoLibrary

final class ThumbnailerTests: XCTestCase {
    /// Collects deliveries from worker threads.
    private final class Inbox: Sendable {
        struct Delivery {
            let path: String
            let succeeded: Bool
            let threadName: String?
            let onMainThread: Bool
        }

        private let items = Mutex<[Delivery]>([])
        let arrived = DispatchSemaphore(value: 0)

        func add(_ result: ThumbnailResult) {
            let delivery = Delivery(path: result.path, succeeded: (try? result.outcome.get()) != nil,
                                    threadName: systemThreadName(), onMainThread: Thread.isMainThread)
            items.withLock { $0.append(delivery) }
            arrived.signal()
        }

        var all: [Delivery] { items.withLock { $0 } }
        var paths: [String] { all.map(\.path) }

        func waitFor(_ count: Int) -> Bool {
            (0..<count).allSatisfy { _ in arrived.wait(timeout: .now() + 30) == .success }
        }
    }

    private func photos(_ count: Int, in tree: ScratchTree) throws -> [String] {
        try (0..<count).map { try tree.copyFixture("Landscape_\($0 % 8 + 1)", to: "photos/\($0).jpg") }
    }

    /// A one-worker thumbnailer that has made `paths[0]` and is held in its delivery until
    /// `gate` is signalled, so the test can queue the rest first.
    private func heldOnFirst(_ paths: [String], in tree: ScratchTree) throws
        -> (Thumbnailer, Inbox, DispatchSemaphore) {
        let inbox = Inbox()
        let started = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let first = paths[0]
        let thumbnailer = Thumbnailer(cache: ThumbnailCache(environment: tree.environment), workerCount: 1) { result in
            if result.path == first {
                started.signal()
                _ = gate.wait(timeout: .now() + 30)
            }
            inbox.add(result)
        }
        thumbnailer.request(paths: [first], priority: 0)
        XCTAssertEqual(started.wait(timeout: .now() + 30), .success)
        return (thumbnailer, inbox, gate)
    }

    /// One worker, held on the first photo while the others are queued: they then run by
    /// priority, re-prioritised ones moved, equal priorities in the order asked.
    func testVisibleItemsComeFirstAndReprioritisingMovesThem() throws {
        let tree = try ScratchTree()
        let paths = try photos(5, in: tree)
        let (thumbnailer, inbox, gate) = try heldOnFirst(paths, in: tree)
        thumbnailer.request(paths: [paths[1], paths[2]], priority: 1)
        thumbnailer.request(paths: [paths[3]], priority: 5)
        thumbnailer.request(paths: [paths[4]], priority: 1)
        thumbnailer.request(paths: [paths[2]], priority: 9)
        thumbnailer.request(paths: [paths[1]], priority: 1)
        XCTAssertEqual(thumbnailer.pendingCount, 4)
        gate.signal()

        XCTAssertTrue(inbox.waitFor(5))
        XCTAssertEqual(inbox.paths, [paths[0], paths[2], paths[3], paths[1], paths[4]])
        XCTAssertEqual(inbox.all.map(\.succeeded), [true, true, true, true, true])
        thumbnailer.stop()
    }

    func testTwoWorkersDeliverEveryResultOffTheCallingThread() throws {
        let tree = try ScratchTree()
        var paths = try photos(6, in: tree)
        paths.append(try tree.write([0xFF, 0xD8, 0xFF, 0x00], to: "photos/broken.jpg"))
        let inbox = Inbox()
        let thumbnailer = Thumbnailer(cache: ThumbnailCache(environment: tree.environment)) { inbox.add($0) }
        XCTAssertEqual(thumbnailer.workerCount, 2)
        thumbnailer.request(paths: paths, priority: 0)

        XCTAssertTrue(inbox.waitFor(paths.count))
        XCTAssertEqual(Set(inbox.paths), Set(paths))
        XCTAssertEqual(inbox.paths.count, paths.count, "each delivered once")
        XCTAssertEqual(inbox.all.filter { !$0.succeeded }.map(\.path), [paths.last!])
        XCTAssertTrue(inbox.all.allSatisfy { !$0.onMainThread && $0.threadName?.hasPrefix("thumbnailer-") == true })
        thumbnailer.stop()
        XCTAssertEqual(thumbnailer.pendingCount, 0)
    }

    func testCancelledRequestsAreNotDelivered() throws {
        let tree = try ScratchTree()
        let paths = try photos(4, in: tree)
        let (thumbnailer, inbox, gate) = try heldOnFirst(paths, in: tree)
        thumbnailer.request(paths: Array(paths.dropFirst()), priority: 0)
        thumbnailer.cancel(paths: [paths[1], paths[3]])
        gate.signal()
        XCTAssertTrue(inbox.waitFor(2))
        thumbnailer.stop()
        XCTAssertEqual(inbox.paths, [paths[0], paths[2]])
    }

    /// Both workers are held in delivery while `stop` runs: the queue is dropped, the two
    /// results in hand arrive, and nothing else ever does.
    func testStopDropsTheQueueAndNothingArrivesAfterIt() throws {
        let tree = try ScratchTree()
        let paths = try photos(8, in: tree)
        let inbox = Inbox()
        let delivering = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let thumbnailer = Thumbnailer(cache: ThumbnailCache(environment: tree.environment)) { result in
            inbox.add(result)
            delivering.signal()
            _ = gate.wait(timeout: .now() + 30)
        }
        thumbnailer.request(paths: paths, priority: 0)
        for _ in 0..<2 { XCTAssertEqual(delivering.wait(timeout: .now() + 30), .success) }
        XCTAssertEqual(thumbnailer.pendingCount, 6)

        let stopped = DispatchSemaphore(value: 0)
        Thread {
            thumbnailer.stop()
            stopped.signal()
        }.start()
        Poll.until(timeout: 30) { thumbnailer.pendingCount == 0 }
        XCTAssertEqual(stopped.wait(timeout: .now() + 0.05), .timedOut, "stop waits for the workers")
        for _ in 0..<2 { gate.signal() }
        XCTAssertEqual(stopped.wait(timeout: .now() + 30), .success)

        thumbnailer.request(paths: paths, priority: 1)
        XCTAssertEqual(thumbnailer.pendingCount, 0, "a stopped thumbnailer takes no work")
        // stop() returned after every worker exited: nothing can deliver any more, so no wait is needed.
        XCTAssertEqual(inbox.all.count, 2)
    }
}

final class ThumbnailQueueTests: XCTestCase {
    func testHighestPriorityFirstThenOrderOfRequest() {
        var queue = ThumbnailQueue()
        XCTAssertEqual(queue.add(["a", "b"], priority: 0), 2)
        XCTAssertEqual(queue.add(["c"], priority: 3), 1)
        XCTAssertEqual(queue.add(["d"], priority: 0), 1)
        XCTAssertEqual([queue.next()?.path, queue.next()?.path, queue.next()?.path, queue.next()?.path, queue.next()?.path],
                       ["c", "a", "b", "d", nil])
    }

    func testAskingAgainMovesOnlyWhenThePriorityChanges() {
        var queue = ThumbnailQueue()
        _ = queue.add(["a", "b", "c"], priority: 1)
        XCTAssertEqual(queue.add(["a"], priority: 1), 0, "same priority: keeps its place")
        XCTAssertEqual(queue.add(["b"], priority: 0), 0)
        XCTAssertEqual(queue.add(["b"], priority: 1), 0, "back up, but now after c")
        XCTAssertEqual([queue.next()?.path, queue.next()?.path, queue.next()?.path], ["a", "c", "b"])
    }

    func testRunningPathsAreNotQueuedAgainAndCancelledOnesAreUnwanted() {
        var queue = ThumbnailQueue()
        _ = queue.add(["a", "b"], priority: 0)
        XCTAssertEqual(queue.next()?.path, "a")
        XCTAssertEqual(queue.add(["a"], priority: 5), 0)
        XCTAssertEqual([queue.waitingCount, queue.runningCount], [1, 1])
        queue.remove(["a", "b"])
        XCTAssertFalse(queue.finish("a"))
        XCTAssertNil(queue.next())
        _ = queue.add(["c"], priority: 0)
        XCTAssertEqual(queue.next()?.path, "c")
        XCTAssertTrue(queue.finish("c"))
        XCTAssertEqual([queue.waitingCount, queue.runningCount], [0, 0])
    }

    /// Every quick stage (cache or stand-in) comes before any full one; a path sent on keeps its priority.
    func testQuickStagesComeFirstAndAPathSentOnKeepsItsPriority() {
        var queue = ThumbnailQueue()
        _ = queue.add(["a"], priority: 5)
        _ = queue.add(["b", "c"], priority: 1)
        let first = queue.next()
        XCTAssertEqual(first?.path, "a")
        XCTAssertEqual(first?.stage, .quick)
        XCTAssertTrue(queue.advanceToFull("a"))
        XCTAssertEqual(queue.add(["a"], priority: 5), 0, "waiting for its full stage: not queued twice")
        XCTAssertEqual([queue.next()?.path, queue.next()?.path], ["b", "c"])
        let full = queue.next()
        XCTAssertEqual(full?.path, "a")
        XCTAssertEqual(full?.stage, .full)
        queue.remove(["b"])
        XCTAssertFalse(queue.advanceToFull("b"), "cancelled while running")
        XCTAssertTrue(queue.advanceToFull("c"))
        XCTAssertEqual(queue.next()?.path, "c")
        XCTAssertNil(queue.next())
    }
}

/// The calling thread's name as the system keeps it.
private func systemThreadName() -> String? {
    (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8))?.trimmingCharacters(in: .newlines)
}
