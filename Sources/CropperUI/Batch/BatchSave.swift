import EditorState
import PhotoIO

/// Saving the grid's selected photos in the background: how far it got, what failed and why, whether it is
/// still running. What failed stays pending, so saving again retries it.
struct BatchSave: Equatable {
    struct Failure: Equatable {
        let path: String
        let reason: String
    }

    /// Which run this is: results of an earlier run are told apart.
    let id: Int
    let total: Int
    private(set) var saved = 0
    private(set) var failures: [Failure] = []
    private(set) var running = true
    /// Cancel was pressed: what is being written finishes, nothing more starts.
    private(set) var cancelled = false
    /// What to do once the run has stopped (leaving was asked for during it).
    var afterwards: ClosePurpose?
    /// The list's folder changed while the run wrote into it: listed again once, when the run ends, rather than
    /// once per photo written (each listing reorders the grid under the user and costs the window a frame).
    var folderChanged = false

    init(id: Int, total: Int) {
        self.id = id
        self.total = total
        running = total > 0
    }

    var finished: Int { saved + failures.count }
    /// 0…1, for the progress bar.
    var progress: Double { total > 0 ? Double(finished) / Double(total) : 1 }

    mutating func recordSaved() { saved += 1 }

    mutating func recordFailure(_ path: String, reason: String) {
        failures.append(Failure(path: path, reason: reason))
    }

    mutating func cancel() { if running { cancelled = true } }

    mutating func end() { running = false }

    /// The state log's `batch`.
    var logged: JSONValue {
        .object([("total", .integer(total)), ("done", .integer(saved)), ("failed", .integer(failures.count)),
                 ("running", .bool(running)), ("cancelled", .bool(cancelled)),
                 ("failures", .array(failures.prefix(50).map { .object([("path", .string($0.path)), ("reason", .string($0.reason))]) }))])
    }

    static let notRunning = JSONValue.object([("total", .integer(0)), ("done", .integer(0)), ("failed", .integer(0)),
                                               ("running", .bool(false)), ("cancelled", .bool(false)), ("failures", .array([]))])
}
