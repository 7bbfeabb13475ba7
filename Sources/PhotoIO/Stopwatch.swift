import Glibc

/// A monotonic stopwatch and a tiny benchmark loop, for benchmarks run by hand
/// (never for timing assertions in tests).
public struct Stopwatch: Sendable {
    private let start: Double

    public init() { start = Stopwatch.now() }

    public var elapsedSeconds: Double { Stopwatch.now() - start }

    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Runs `body` `warmup` times untimed, then `iterations` times timed.
    public static func measure(warmup: Int = 1, iterations: Int = 5, _ body: () throws -> Void) rethrows -> Timing {
        for _ in 0..<warmup { try body() }
        var samples: [Double] = []
        for _ in 0..<max(1, iterations) {
            let watch = Stopwatch()
            try body()
            samples.append(watch.elapsedSeconds)
        }
        return Timing(samples: samples)
    }
}

/// Samples in seconds with the usual summaries.
public struct Timing: Sendable, CustomStringConvertible {
    public let samples: [Double]

    public var minimum: Double { samples.min() ?? 0 }
    public var median: Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return 0 }
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }

    public var description: String {
        "median \(milliseconds(median)) ms, min \(milliseconds(minimum)) ms over \(samples.count) runs"
    }

    private func milliseconds(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10_000).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
