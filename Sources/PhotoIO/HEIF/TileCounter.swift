import Glibc
import Synchronization

/// Counts finished tiles across the threads that decode or code them, for a progress report.
final class TileCounter: @unchecked Sendable {
    private var finished = 0
    private var lock = pthread_mutex_t()
    let total: Int
    let progress: (@Sendable (Int, Int) -> Void)?

    init(total: Int, progress: (@Sendable (Int, Int) -> Void)?) {
        self.total = total
        self.progress = progress
        pthread_mutex_init(&lock, nil)
    }

    deinit { pthread_mutex_destroy(&lock) }

    func done() {
        guard let progress else { return }
        pthread_mutex_lock(&lock)
        finished += 1
        let count = finished
        pthread_mutex_unlock(&lock)
        progress(count, total)
    }
}

/// The tiles still to decode, handed out one at a time to the threads that decode them.
final class TileQueue: Sendable {
    private let tiles: [Int]
    private let taken = Mutex(0)

    init(_ tiles: [Int]) {
        self.tiles = tiles
    }

    /// The next tile, or nil when all are taken or the decode stopped.
    func next() -> Int? {
        taken.withLock { taken in
            guard taken < tiles.count else { return nil }
            taken += 1
            return tiles[taken - 1]
        }
    }

    /// Hands out no more tiles (one failed).
    func stop() {
        taken.withLock { $0 = tiles.count }
    }
}
