import Glibc
import Localization

/// Sizes and dates as the file dialog writes them, in the user's locale: "2.4 MB" ("2,4 MB" in German),
/// "Today 14:32", "3 Mar 2024 09:05" ("03.03.2024 09:05", "2024年03月03日 09:05").
enum FileFacts {
    static func size(_ bytes: Int, in locale: LocaleFormat = .user) -> String {
        if bytes < 1000 { return trn("%d byte", "%d bytes", bytes, bytes) }
        let units = ["kB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 999.95 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        let number = value >= 100 ? "\(Int(value.rounded()))" : locale.tenths(Int((value * 10).rounded()))
        return number + " " + units[unit]
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Local time; "Today" and "Yesterday" for the two most recent days.
    static func date(_ seconds: Int, now: Int, in locale: LocaleFormat = .user) -> String {
        guard let time = localTime(seconds), let today = localTime(now) else { return "" }
        let clock = LocaleFormat.format(time, "%H:%M")
        if time.tm_year == today.tm_year && time.tm_yday == today.tm_yday { return tr("Today %s", clock) }
        if let yesterday = localTime(now - 86_400), time.tm_year == yesterday.tm_year && time.tm_yday == yesterday.tm_yday {
            return tr("Yesterday %s", clock)
        }
        if let dateFormat = locale.dateFormat { return LocaleFormat.format(time, dateFormat) + " " + clock }
        let month = months.indices.contains(Int(time.tm_mon)) ? months[Int(time.tm_mon)] : "?"
        return "\(time.tm_mday) \(month) \(Int(time.tm_year) + 1900) " + clock
    }

    static func now() -> Int { Int(time(nil)) }

    private static func localTime(_ seconds: Int) -> tm? {
        var value = time_t(seconds)
        var result = tm()
        return localtime_r(&value, &result) == nil ? nil : result
    }
}
