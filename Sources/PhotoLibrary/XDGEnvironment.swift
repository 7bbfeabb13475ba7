import Glibc

/// The base directories of the XDG Base Directory specification, resolved once and
/// passed around as a value so that nothing below reads the process environment
/// (tests point every path at a scratch directory).
public struct XDGEnvironment: Sendable, Equatable {
    public var home: String
    /// `$XDG_CONFIG_HOME`, default `~/.config`: holds `user-dirs.dirs`.
    public var configHome: String
    /// `$XDG_DATA_HOME`, default `~/.local/share`: holds `recently-used.xbel`.
    var dataHome: String
    /// `$XDG_CACHE_HOME`, default `~/.cache`: holds `thumbnails/`.
    var cacheHome: String
    /// The xdg-user-dirs folders by name (`PICTURES`, `DOWNLOAD`, …), as GLib read them for this process
    /// (`UserDirectories.ofThisProcess`); none unless given.
    public var userDirectories: [String: String]

    public init(home: String, configHome: String? = nil, dataHome: String? = nil, cacheHome: String? = nil,
                userDirectories: [String: String] = [:]) {
        let home = XDGEnvironment.trimmingTrailingSlashes(home)
        let base = home == "/" ? "" : home
        self.home = home
        self.configHome = configHome.map(XDGEnvironment.trimmingTrailingSlashes) ?? base + "/.config"
        self.dataHome = dataHome.map(XDGEnvironment.trimmingTrailingSlashes) ?? base + "/.local/share"
        self.cacheHome = cacheHome.map(XDGEnvironment.trimmingTrailingSlashes) ?? base + "/.cache"
        self.userDirectories = userDirectories
    }

    /// Resolves the directories from environment variables. As the specification
    /// says, a variable that is empty or holds a relative path is ignored.
    public init(variables: [String: String], fallbackHome: String = "/") {
        func absolute(_ name: String) -> String? {
            guard let value = variables[name], value.hasPrefix("/") else { return nil }
            return value
        }
        self.init(home: absolute("HOME") ?? fallbackHome, configHome: absolute("XDG_CONFIG_HOME"),
                  dataHome: absolute("XDG_DATA_HOME"), cacheHome: absolute("XDG_CACHE_HOME"))
    }

    /// The directories of this process: its environment, with the password
    /// database's home directory when `$HOME` is unset, and the user folders GLib read.
    public static func current() -> XDGEnvironment {
        var variables: [String: String] = [:]
        for name in ["HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"] {
            if let value = getenv(name) { variables[name] = String(cString: value) }
        }
        var fallback = "/"
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir {
            fallback = String(cString: directory)
        }
        var environment = XDGEnvironment(variables: variables, fallbackHome: fallback)
        environment.userDirectories = UserDirectories.ofThisProcess()
        return environment
    }

    var recentlyUsedFile: String { dataHome + "/recently-used.xbel" }
    var thumbnailsDirectory: String { cacheHome + "/thumbnails" }
    /// GTK 3's bookmarked folders (the file dialog's places).
    var gtkBookmarksFile: String { configHome + "/gtk-3.0/bookmarks" }

    /// The user's Pictures folder (see `UserDirectories.picturesDirectory`).
    public var picturesDirectory: String? { UserDirectories.picturesDirectory(in: self) }

    static func trimmingTrailingSlashes(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1 && path.hasSuffix("/") { path = path.dropLast() }
        return String(path)
    }
}
