// bench-thumbnails CACHE_HOME PATH...: makes the `normal` thumbnails of PATHs with PhotoLibrary's Thumbnailer
// (its default two workers) into CACHE_HOME/thumbnails, the order asked being the order wanted, and prints
// when the first and the last arrived, in milliseconds from the request.
import Foundation
import PhotoLibrary
import Synchronization

@main
enum BenchThumbnails {
    final class Arrivals: Sendable {
        let start = milliseconds()
        let times = Mutex<[Double]>([])
        let failures = Mutex(0)
        let done = DispatchSemaphore(value: 0)

        func note(_ result: ThumbnailResult) {
            let at = milliseconds() - start
            if case .failure = result.outcome { failures.withLock { $0 += 1 } }
            times.withLock { $0.append(at) }
            done.signal()
        }
    }

    static func milliseconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) * 1e3 + Double(spec.tv_nsec) / 1e6
    }

    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count >= 3 else {
            FileHandle.standardError.write(Data("usage: bench-thumbnails CACHE_HOME PATH...\n".utf8))
            exit(2)
        }
        let paths = Array(arguments.dropFirst(2))
        let cache = ThumbnailCache(environment: XDGEnvironment(home: arguments[1], cacheHome: arguments[1]))
        let arrivals = Arrivals()
        let thumbnailer = Thumbnailer(cache: cache) { arrivals.note($0) }
        // Most urgent first, as the strip asks for what it shows.
        for (index, path) in paths.enumerated() { thumbnailer.request(paths: [path], priority: paths.count - index) }
        for _ in paths { arrivals.done.wait() }
        thumbnailer.stop()
        let times = arrivals.times.withLock { $0 }.sorted()
        print("{\"firstMs\": \(times.first ?? 0), \"allMs\": \(times.last ?? 0), \"count\": \(times.count), "
              + "\"failures\": \(arrivals.failures.withLock { $0 }), \"workers\": \(thumbnailer.workerCount)}")
    }
}
