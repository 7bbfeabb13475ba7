/// The thumbnailer's waiting list: paths with priorities, highest first, and among equal
/// priorities the earliest request first. A path is in the list at most once; asking again
/// with another priority moves it (as if newly asked), asking again with the same keeps its
/// place. Paths being worked on are tracked so they are not queued twice.
struct ThumbnailQueue {
    private struct Job {
        var priority: Int
        var sequence: Int
    }

    private var jobs: [String: Job] = [:]
    private var running: Set<String> = []
    private var nextSequence = 0

    var waitingCount: Int { jobs.count }
    var runningCount: Int { running.count }

    /// Queues or re-prioritises `paths` in order; returns how many were not queued before.
    mutating func add(_ paths: [String], priority: Int) -> Int {
        var added = 0
        for path in paths where !running.contains(path) {
            if let job = jobs[path] {
                if job.priority != priority { jobs[path] = Job(priority: priority, sequence: take()) }
            } else {
                jobs[path] = Job(priority: priority, sequence: take())
                added += 1
            }
        }
        return added
    }

    /// Drops waiting paths; running ones finish but their results are not wanted.
    mutating func remove(_ paths: [String]) {
        for path in paths {
            jobs[path] = nil
            running.remove(path)
        }
    }

    mutating func removeAll() {
        jobs.removeAll()
        running.removeAll()
    }

    /// The most urgent waiting path, now marked running.
    mutating func next() -> String? {
        var best: (path: String, job: Job)?
        for (path, job) in jobs {
            guard let current = best else {
                best = (path, job)
                continue
            }
            if (job.priority, -job.sequence) > (current.job.priority, -current.job.sequence) {
                best = (path, job)
            }
        }
        guard let path = best?.path else { return nil }
        jobs[path] = nil
        running.insert(path)
        return path
    }

    /// Marks a running path done; false when it was cancelled meanwhile.
    mutating func finish(_ path: String) -> Bool {
        running.remove(path) != nil
    }

    private mutating func take() -> Int {
        defer { nextSequence += 1 }
        return nextSequence
    }
}
