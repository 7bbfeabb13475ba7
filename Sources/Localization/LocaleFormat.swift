import CIntl
import Glibc

/// Numbers and dates the way a locale writes them (its LC_NUMERIC and LC_TIME). The process keeps the C locale's
/// LC_NUMERIC for JSON and the state log, so the user's conventions are read on the side, once (`user`).
public struct LocaleFormat: Sendable, Equatable {
    /// "," in de_DE, "." in C and zh_CN.
    public let decimalSeparator: String
    /// The locale's date without the time, for strftime ("%d.%m.%Y", "%Y年%m月%d日"); nil in the C locale, whose
    /// "%m/%d/%y" reads worse than the file dialog's own "3 Mar 2024".
    public let dateFormat: String?

    /// The environment's locale (LC_ALL, LC_NUMERIC / LC_TIME, LANG), whatever the process's own is set to.
    public static let user = LocaleFormat(locale: "")

    /// `locale`: a name such as "de_DE.UTF-8"; "" for the environment's. An unknown one gives the C locale's forms.
    public init(locale: String) {
        var separator = ".", format: String?
        if let numeric = newlocale(LC_NUMERIC_MASK, locale, nil) {
            if let radix = nl_langinfo_l(nl_item(RADIXCHAR), numeric), radix.pointee != 0 { separator = String(cString: radix) }
            freelocale(numeric)
        }
        if let time = newlocale(LC_TIME_MASK, locale, nil) {
            if !Self.isC(Self.timeName(locale)), let date = nl_langinfo_l(nl_item(D_FMT), time) { format = String(cString: date) }
            freelocale(time)
        }
        decimalSeparator = separator
        dateFormat = format
    }

    /// `tenths` as a number with one decimal: 15 → "1.5" (or "1,5").
    public func tenths(_ tenths: Int) -> String {
        (tenths < 0 ? "-" : "") + "\(abs(tenths) / 10)" + decimalSeparator + "\(abs(tenths) % 10)"
    }

    /// A number already written with a point ("+3.2°"), with the locale's separator instead.
    public func decimals(_ text: String) -> String {
        decimalSeparator == "." ? text : text.split(separator: ".", omittingEmptySubsequences: false).joined(separator: decimalSeparator)
    }

    /// `format` (strftime) applied to a local time.
    public static func format(_ time: tm, _ format: String) -> String {
        var copy = time
        var buffer = [CChar](repeating: 0, count: 128)
        let count = strftime(&buffer, buffer.count, format, &copy)
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The name LC_TIME resolves to for `locale` ("" reads the environment as setlocale does).
    private static func timeName(_ locale: String) -> String {
        guard locale.isEmpty else { return locale }
        for variable in ["LC_ALL", "LC_TIME", "LANG"] {
            if let value = getenv(variable).map({ String(cString: $0) }), !value.isEmpty { return value }
        }
        return "C"
    }

    private static func isC(_ name: String) -> Bool {
        name == "C" || name == "POSIX" || name.hasPrefix("C.")
    }
}
