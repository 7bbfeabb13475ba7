import Glibc

/// Where the compiled catalogues (`LANG/LC_MESSAGES/cropper.mo`) are: beside an installed executable
/// (`PREFIX/share/locale` for `PREFIX/bin/cropper`), in the build tree (`.build/locale`, compiled by `make`),
/// or the system's folder. `CROPPER_LOCALEDIR` names another.
enum CatalogueFolder {
    static let system = "/usr/share/locale"

    static func find() -> String {
        if let chosen = getenv("CROPPER_LOCALEDIR").map({ String(cString: $0) }), !chosen.isEmpty { return chosen }
        var folder = executableFolder()
        for _ in 0..<4 {
            guard let current = folder else { break }
            for candidate in [current + "/share/locale", current + "/locale"] where holdsCatalogues(candidate) {
                return candidate
            }
            folder = parent(of: current)
        }
        return system
    }

    private static func executableFolder() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return parent(of: String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    private static func parent(of path: String) -> String? {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return nil }
        return String(path[..<slash])
    }

    /// True when some `LANG/LC_MESSAGES/cropper.mo` exists under `folder`.
    private static func holdsCatalogues(_ folder: String) -> Bool {
        guard let directory = opendir(folder) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if name.hasPrefix(".") { continue }
            if access("\(folder)/\(name)/LC_MESSAGES/\(Localization.domain).mo", R_OK) == 0 { return true }
        }
        return false
    }
}
