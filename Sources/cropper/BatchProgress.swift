import Glibc
import Localization

/// The line a batch redraws in place on a terminal: done/total, photos a second, the time left, the current file.
struct BatchProgress {
    let total: Int
    var done = 0
    var current = ""

    /// The line for `elapsed` seconds since the start, no wider than `columns`.
    func line(elapsed: Double, columns: Int) -> String {
        let rate = elapsed > 0 && done > 0 ? Double(done) / elapsed : nil
        let rateText = rate.map { decimal($0) } ?? "–"
        let left = rate.map { clock(Double(total - done) / $0) } ?? "–"
        let head = tr("%1$d/%2$d  %3$s photos/s  ETA %4$s", done, total, rateText, left)
        let room = columns - 1 - TerminalWidth.of(head) - 2
        guard room >= 4, !current.isEmpty else { return String(head.prefix(max(0, columns - 1))) }
        return head + "  " + Self.fitted(current, to: room)
    }

    /// `name` cut from the left to `room` columns, an ellipsis showing the cut.
    static func fitted(_ name: String, to room: Int) -> String {
        guard TerminalWidth.of(name) > room else { return name }
        var kept = "", width = 1
        for character in name.reversed() {
            let w = TerminalWidth.of(String(character))
            if width + w > room { break }
            kept = String(character) + kept
            width += w
        }
        return "…" + kept
    }

    /// 0:07, 12:34, 1:02:03.
    func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.up))
        let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        return s >= 3600 ? "\(s / 3600):\(two(s / 60 % 60)):\(two(s % 60))" : "\(s / 60):\(two(s % 60))"
    }

    private func decimal(_ value: Double) -> String {
        value >= 10 ? String(Int(value.rounded())) : LocaleFormat.user.tenths(Int((value * 10).rounded()))
    }
}

/// Standard error as a terminal: whether it is one, how wide, and a line redrawn in place.
enum ProgressTerminal {
    static var isTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    static var columns: Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    static func draw(_ line: String) { writeError("\r" + line + "\u{1B}[K") }

    static func clear() { writeError("\r\u{1B}[K") }

    private static func writeError(_ text: String) {
        var bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let wrote = bytes.withUnsafeMutableBytes { write(STDERR_FILENO, $0.baseAddress! + done, $0.count - done) }
            if wrote <= 0 { return }
            done += wrote
        }
    }
}
