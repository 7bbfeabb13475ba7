import PhotoIO

/// The well-known user folders of xdg-user-dirs, read from `$XDG_CONFIG_HOME/user-dirs.dirs`:
/// lines such as `XDG_PICTURES_DIR="$HOME/Pictures"`, a path either absolute or relative to
/// `$HOME`, double-quoted with backslash escapes as a shell would read them.
public enum UserDirectories {
    /// The Pictures folder: the file's `XDG_PICTURES_DIR`, else `~/Pictures` when the file or
    /// the line is missing or unusable. Nil when the user disabled the folder by pointing it at
    /// the home directory itself (the xdg-user-dirs convention), so it is not scanned.
    public static func picturesDirectory(in environment: XDGEnvironment) -> String? {
        let directory = assignments(in: environment)["PICTURES"] ?? environment.home + "/Pictures"
        return directory == environment.home ? nil : directory
    }

    /// The folder named `name` (`DESKTOP`, `DOWNLOAD`, `DOCUMENTS`, `PICTURES`, …): the file's
    /// `XDG_NAME_DIR`, else `~/fallback` when given. Nil when the folder is disabled (set to the
    /// home directory) or neither is known. Whether it exists is for the caller to check.
    public static func directory(named name: String, fallback: String?, in environment: XDGEnvironment) -> String? {
        let directory = assignments(in: environment)[name] ?? fallback.map { environment.home + "/" + $0 }
        return directory == environment.home ? nil : directory
    }

    /// Every assignment of `$XDG_CONFIG_HOME/user-dirs.dirs`; empty when the file cannot be read.
    static func assignments(in environment: XDGEnvironment) -> [String: String] {
        let bytes = (try? FileReading.readAll(path: environment.userDirsFile)) ?? []
        return parse(String(decoding: bytes, as: UTF8.self), home: environment.home)
    }

    /// Every `XDG_NAME_DIR` assignment in `text`, keyed by NAME, with `$HOME` expanded and
    /// trailing slashes removed. Lines that are comments or malformed are skipped; a later
    /// assignment replaces an earlier one, as in the shell.
    public static func parse(_ text: String, home: String) -> [String: String] {
        var result: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            if let (name, path) = assignment(in: Substring(line), home: home) { result[name] = path }
        }
        return result
    }

    private static func assignment(in line: Substring, home: String) -> (String, String)? {
        let line = line.drop { $0 == " " || $0 == "\t" }
        guard line.hasPrefix("XDG_"), let equals = line.firstIndex(of: "=") else { return nil }
        let key = line[..<equals].trimmingTrailingBlanks
        guard key.hasSuffix("_DIR"), key.count > 8 else { return nil }
        let name = String(key.dropFirst(4).dropLast(4))
        guard name.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber || $0 == "_") }) else { return nil }

        let rawValue = line[line.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
        guard let value = unquoted(rawValue), let path = expand(value, home: home) else { return nil }
        return (name, XDGEnvironment.trimmingTrailingSlashes(path))
    }

    /// The value between double quotes with backslash escapes resolved, or the bare word.
    private static func unquoted(_ value: Substring) -> String? {
        guard value.first == "\"" else {
            let word = value.prefix { $0 != " " && $0 != "\t" && $0 != "#" }
            return word.isEmpty ? nil : String(word)
        }
        var result = ""
        var escaped = false
        for character in value.dropFirst() {
            if escaped {
                result.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                return result
            } else {
                result.append(character)
            }
        }
        return nil
    }

    private static func expand(_ value: String, home: String) -> String? {
        for variable in ["$HOME", "${HOME}"] where value.hasPrefix(variable) {
            let rest = value.dropFirst(variable.count)
            guard rest.isEmpty || rest.hasPrefix("/") else { return nil }
            return home == "/" ? (rest.isEmpty ? "/" : String(rest)) : home + rest
        }
        return value.hasPrefix("/") ? value : nil
    }
}

extension Substring {
    var trimmingTrailingBlanks: Substring {
        var text = self
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
