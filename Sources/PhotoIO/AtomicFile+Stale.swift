import Glibc
import Synchronization

extension AtomicFile {
    /// A temporary file untouched for longer than this no longer belongs to a save in progress.
    static let staleSeconds = 60

    /// When each folder was last swept, in `time()` seconds.
    private static let sweeps = Mutex<[String: Int]>([:])

    /// `removeStaleTemporaries`, unless this process swept the folder less than `staleSeconds` ago: what turned
    /// stale since goes at the next save after that. Listing a folder for every file written into it cost a
    /// batch of 40 thumbnails 40 listings of the thumbnail cache (a few thousand entries), a sixth of their CPU.
    static func removeStaleTemporariesIfDue(in directory: String) {
        let now = Int(time(nil))
        let due = sweeps.withLock { sweeps in
            if let last = sweeps[directory], now - last < staleSeconds { return false }
            if sweeps.count >= 64 { sweeps = sweeps.filter { now - $0.value < staleSeconds } }
            sweeps[directory] = now
            return true
        }
        if due { removeStaleTemporaries(in: directory) }
    }

    /// Removes what interrupted saves (a killed process, a power cut) left in `directory`: files named
    /// `.NAME.XXXXXX.tmp` as `write` names them, NAME a photo name Cropper writes, regular files owned
    /// by this user and unmodified for over a minute. Younger ones may be another process's save in progress.
    static func removeStaleTemporaries(in directory: String) {
        guard let folder = opendir(PathNames.cString(directory)) else { return }
        defer { closedir(folder) }
        let descriptor = dirfd(folder)
        let now = time(nil)
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                PathNames.string(fromFileSystem: raw.prefix { $0 != 0 })
            }
            guard isTemporaryName(name) else { continue }
            var info = stat()
            guard fstatat(descriptor, PathNames.cString(name), &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFREG,
                  info.st_uid == geteuid(), Int(now - info.st_mtim.tv_sec) > staleSeconds else { continue }
            unlinkat(descriptor, PathNames.cString(name), 0)
        }
    }

    /// `.NAME.XXXXXX.tmp` with six template characters and NAME ending in .jpg, .jpeg, .png, …
    static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return false }
        let middle = name.dropFirst().dropLast(4)
        guard let dot = middle.lastIndex(of: "."), middle.distance(from: dot, to: middle.endIndex) == 7 else {
            return false
        }
        return PhotoFormat(pathExtensionOf: String(middle[..<dot])) != nil
    }
}
