import Glibc

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
