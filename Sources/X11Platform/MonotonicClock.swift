import Glibc

/// Seconds on the monotonic clock: for animations, timers and frame statistics.
public enum MonotonicClock {
    public static func now() -> Double { seconds(on: CLOCK_MONOTONIC) }

    /// Seconds of CPU the calling thread has used: a frame's own cost, whatever else the machine runs.
    public static func threadCPU() -> Double { seconds(on: CLOCK_THREAD_CPUTIME_ID) }

    /// Seconds of CPU every thread of the process has used: with `threadCPU`, what a frame's helpers (the blit's
    /// bands on other cores) add to it.
    public static func processCPU() -> Double { seconds(on: CLOCK_PROCESS_CPUTIME_ID) }

    private static func seconds(on clock: clockid_t) -> Double {
        var spec = timespec()
        clock_gettime(clock, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
