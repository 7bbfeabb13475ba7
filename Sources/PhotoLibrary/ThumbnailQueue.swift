/// The thumbnailer's waiting list: paths with priorities, highest first, and among equal
/// priorities the earliest request first. A path is in the list at most once; asking again
/// with another priority moves it (as if newly asked), asking again with the same keeps its
/// place. Paths being worked on are tracked so they are not queued twice.
///
/// Every path goes through two stages: a quick one (a cached thumbnail, or the photo's embedded one as a
/// stand-in) and, when that did not find the real thumbnail, a full one that decodes the photo. All quick
/// jobs come before any full one, so that something is on screen for every photo in view soon.
struct ThumbnailQueue {
    enum Stage: Sendable {
        case quick, full
    }

    private struct Job {
        var priority: Int
        var sequence: Int
        var stage: Stage
    }

    private var jobs: [String: Job] = [:]
    /// Paths being worked on, with their priority (kept for their full stage).
    private var running: [String: Int] = [:]
    private var nextSequence = 0

    var waitingCount: Int { jobs.count }
    var runningCount: Int { running.count }

    /// Queues or re-prioritises `paths` in order; returns how many were not queued before.
    mutating func add(_ paths: [String], priority: Int) -> Int {
        var added = 0
        for path in paths where running[path] == nil {
            if let job = jobs[path] {
                if job.priority != priority { jobs[path] = Job(priority: priority, sequence: take(), stage: job.stage) }
            } else {
                jobs[path] = Job(priority: priority, sequence: take(), stage: .quick)
                added += 1
            }
        }
        return added
    }

    /// Drops waiting paths; running ones finish but their results are not wanted.
    mutating func remove(_ paths: [String]) {
        for path in paths {
            jobs[path] = nil
            running[path] = nil
        }
    }

    mutating func removeAll() {
        jobs.removeAll()
        running.removeAll()
    }

    /// The most urgent waiting path and its stage, now marked running.
    mutating func next() -> (path: String, stage: Stage)? {
        var best: (path: String, job: Job)?
        for (path, job) in jobs {
            guard let current = best else {
                best = (path, job)
                continue
            }
            if (job.stage == .quick ? 1 : 0, job.priority, -job.sequence)
                > (current.job.stage == .quick ? 1 : 0, current.job.priority, -current.job.sequence) {
                best = (path, job)
            }
        }
        guard let (path, job) = best else { return nil }
        jobs[path] = nil
        running[path] = job.priority
        return (path, job.stage)
    }

    /// Marks a running path done; false when it was cancelled meanwhile.
    mutating func finish(_ path: String) -> Bool {
        running.removeValue(forKey: path) != nil
    }

    func isRunning(_ path: String) -> Bool { running[path] != nil }

    /// Sends a running path that finished its quick stage back to wait for its full stage, at the priority it
    /// had; false when it was cancelled meanwhile.
    mutating func advanceToFull(_ path: String) -> Bool {
        guard let priority = running.removeValue(forKey: path) else { return false }
        jobs[path] = Job(priority: priority, sequence: take(), stage: .full)
        return true
    }

    private mutating func take() -> Int {
        defer { nextSequence += 1 }
        return nextSequence
    }
}
