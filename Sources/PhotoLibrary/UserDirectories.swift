import CGLib

/// The well-known user folders of xdg-user-dirs (`XDG_PICTURES_DIR` and its kin in `user-dirs.dirs`), with
/// Cropper's two rules on top: a missing folder falls back to its usual name in the home folder, and a folder
/// set to the home folder itself is disabled (the xdg-user-dirs convention), so it is neither scanned nor listed.
public enum UserDirectories {
    /// The folders GLib read for this process (`g_get_user_special_dir`, from `$XDG_CONFIG_HOME/user-dirs.dirs`),
    /// keyed by the file's names: `DESKTOP`, `DOCUMENTS`, `DOWNLOAD`, `MUSIC`, `PICTURES`, `PUBLICSHARE`,
    /// `TEMPLATES`, `VIDEOS`.
    public static func ofThisProcess() -> [String: String] {
        let names: [(String, GUserDirectory)] = [
            ("DESKTOP", G_USER_DIRECTORY_DESKTOP), ("DOCUMENTS", G_USER_DIRECTORY_DOCUMENTS),
            ("DOWNLOAD", G_USER_DIRECTORY_DOWNLOAD), ("MUSIC", G_USER_DIRECTORY_MUSIC),
            ("PICTURES", G_USER_DIRECTORY_PICTURES), ("PUBLICSHARE", G_USER_DIRECTORY_PUBLIC_SHARE),
            ("TEMPLATES", G_USER_DIRECTORY_TEMPLATES), ("VIDEOS", G_USER_DIRECTORY_VIDEOS),
        ]
        var folders: [String: String] = [:]
        for (name, directory) in names {
            if let path = g_get_user_special_dir(directory) { folders[name] = String(cString: path) }
        }
        return folders
    }

    /// The Pictures folder, else `~/Pictures`; nil when disabled.
    public static func picturesDirectory(in environment: XDGEnvironment) -> String? {
        directory(named: "PICTURES", fallback: "Pictures", in: environment)
    }

    /// The folder named `name`, else `~/fallback` when given; nil when disabled or neither is known.
    /// Whether it exists is for the caller to check.
    public static func directory(named name: String, fallback: String?, in environment: XDGEnvironment) -> String? {
        let directory = environment.userDirectories[name].map(XDGEnvironment.trimmingTrailingSlashes)
            ?? fallback.map { environment.home + "/" + $0 }
        return directory == environment.home ? nil : directory
    }
}
