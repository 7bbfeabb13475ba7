import CIntl
import Glibc

/// Cropper in the user's language: glibc's gettext over the `cropper` catalogues (see po/README.md).
/// `start()` runs once, first thing, in the window and the command line alike.
public enum Localization {
    public static let domain = "cropper"

    /// Reads the locale from the environment and binds the catalogues; returns the folder they are read from.
    @discardableResult
    public static func start() -> String {
        setlocale(LC_ALL, "")
        // Numbers in JSON, the state log and settings keep the C locale's point; the interface asks for the
        // user's separator where it shows one (LocaleFormat).
        setlocale(LC_NUMERIC, "C")
        // glibc ignores LANGUAGE while LC_MESSAGES is "C", the usual state of a bare shell or CI job; C.UTF-8
        // is not "C" to it, so `LANGUAGE=zh_CN cropper` speaks Chinese there as well.
        if isPlainC(setlocale(LC_MESSAGES, nil)), !(getenv("LANGUAGE").map { String(cString: $0) } ?? "").isEmpty {
            setlocale(LC_MESSAGES, "C.UTF-8")
            if isPlainC(setlocale(LC_CTYPE, nil)) { setlocale(LC_CTYPE, "C.UTF-8") }
        }
        let directory = CatalogueFolder.find()
        bindtextdomain(domain, directory)
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
        return directory
    }

    private static func isPlainC(_ name: UnsafeMutablePointer<CChar>?) -> Bool {
        guard let name else { return true }
        let text = String(cString: name)
        return text == "C" || text == "POSIX"
    }
}

/// The message `msgid` in the user's language (itself when there is no translation).
public func tr(_ msgid: String) -> String {
    msgid.withCString { key in
        // Without a translation gettext hands back the key itself: then the Swift string is the answer.
        guard let found = dgettext(Localization.domain, key), found != UnsafeMutablePointer(mutating: key) else { return msgid }
        return String(cString: found)
    }
}

/// The message with its placeholders (`%s`, `%d`, or numbered `%1$s` a translation may reorder) filled in.
public func tr(_ msgid: String, _ arguments: any CustomStringConvertible...) -> String {
    MessageFormat.fill(tr(msgid), with: arguments.map(\.description))
}

/// The singular or plural message for `count`, by the language's plural rule, placeholders filled in.
public func trn(_ singular: String, _ plural: String, _ count: Int, _ arguments: any CustomStringConvertible...) -> String {
    let message = singular.withCString { one in
        plural.withCString { many in
            guard let found = dngettext(Localization.domain, one, many, UInt(max(count, 0))) else { return count == 1 ? singular : plural }
            if found == UnsafeMutablePointer(mutating: one) { return singular }
            if found == UnsafeMutablePointer(mutating: many) { return plural }
            return String(cString: found)
        }
    }
    return MessageFormat.fill(message, with: arguments.map(\.description))
}
