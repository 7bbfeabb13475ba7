import CIntl
import Glibc

/// Numbers and dates the way the user's locale writes them (LC_NUMERIC, LC_TIME). The process keeps the C
/// locale's LC_NUMERIC for JSON and the state log, so the user's separator is read once, on the side.
public enum LocaleFormat {
    /// "," in de_DE, "." in C and zh_CN.
    public static let decimalSeparator: String = {
        guard let locale = newlocale(LC_NUMERIC_MASK, "", nil) else { return "." }
        defer { freelocale(locale) }
        guard let radix = nl_langinfo_l(nl_item(RADIXCHAR), locale) else { return "." }
        let text = String(cString: radix)
        return text.isEmpty ? "." : text
    }()

    /// `tenths` as a number with one decimal: 15 → "1.5" (or "1,5").
    public static func tenths(_ tenths: Int) -> String {
        let sign = tenths < 0 ? "-" : ""
        return sign + "\(abs(tenths) / 10)" + decimalSeparator + "\(abs(tenths) % 10)"
    }

    /// A number already written with a point ("+3.2°"), with the locale's separator instead.
    public static func decimals(_ text: String) -> String {
        decimalSeparator == "." ? text : text.split(separator: ".", omittingEmptySubsequences: false).joined(separator: decimalSeparator)
    }

    /// Whether dates follow the C locale (then the file dialog keeps its own "3 Mar 2024" form).
    public static var timeIsC: Bool {
        guard let name = setlocale(LC_TIME, nil) else { return true }
        let text = String(cString: name)
        return text == "C" || text == "POSIX" || text.hasPrefix("C.")
    }

    /// The locale's date without the time (`%x`-like: "03.03.2024", "2024年03月03日").
    public static var dateFormat: String {
        guard let format = nl_langinfo(nl_item(D_FMT)) else { return "%x" }
        return String(cString: format)
    }

    /// `format` (strftime) applied to a local time.
    public static func format(_ time: tm, _ format: String) -> String {
        var copy = time
        var buffer = [CChar](repeating: 0, count: 128)
        let count = strftime(&buffer, buffer.count, format, &copy)
        return count == 0 ? "" : String(cString: buffer)
    }
}
