import Glibc
import Localization
import PhotoIO

/// The desktop's trash, as the freedesktop.org Trash specification lays it out, so any file manager lists and
/// restores what Cropper puts there: a file on the home trash's filesystem goes to `$XDG_DATA_HOME/Trash`, one
/// on another filesystem to that volume's `$topdir/.Trash/$UID` (when the administrator made a sticky `.Trash`)
/// or `$topdir/.Trash-$UID`. Each trashed file gets `info/NAME.trashinfo` with its original path (URI-escaped)
/// and the deletion date; the name is made unique by claiming the info file first (`O_EXCL`).
public struct Trash: Sendable {
    public let environment: XDGEnvironment
    /// Seconds since the epoch, for `DeletionDate`; injectable for tests.
    let now: @Sendable () -> Int

    public init(environment: XDGEnvironment, now: @escaping @Sendable () -> Int = { Int(time(nil)) }) {
        self.environment = environment
        self.now = now
    }

    /// Where the file at `path` goes: the home trash when on the same filesystem, else the volume's own.
    public func directory(for path: String) throws -> TrashDirectory {
        var file = stat()
        guard stat(PathNames.cString(path), &file) == 0 else { throw TrashError(tr("%1$s cannot be read (%2$s)", path, errnoText(errno))) }
        let home = environment.dataHome + "/Trash"
        if let homeDevice = deviceOfNearestExisting(home), homeDevice == file.st_dev {
            try makeTrash(home, creatingParents: true)
            return TrashDirectory(root: home, topDirectory: nil)
        }
        let top = topDirectory(of: PathNames.folder(of: path), device: file.st_dev)
        let uid = getuid()
        let admin = top == "/" ? "/.Trash" : top + "/.Trash"
        var adminStatus = stat()
        if lstat(PathNames.cString(admin), &adminStatus) == 0, adminStatus.st_mode & S_IFMT == S_IFDIR,
           adminStatus.st_mode & S_ISVTX != 0 {
            let mine = admin + "/\(uid)"
            if (try? makeTrash(mine, creatingParents: false)) != nil { return TrashDirectory(root: mine, topDirectory: top) }
        }
        let own = (top == "/" ? "" : top) + "/.Trash-\(uid)"
        try makeTrash(own, creatingParents: false)
        return TrashDirectory(root: own, topDirectory: top)
    }

    /// Puts the file at `path` in the trash while it stays where it is (a second hard link): the caller then
    /// replaces `path` atomically, so there is never a moment without a file there. On a filesystem without hard
    /// links, throws; `move` is the way there.
    public func keepCopy(of path: String) throws -> TrashedFile {
        try put(path) { trashed in
            guard link(PathNames.cString(path), PathNames.cString(trashed)) == 0 else {
                let code = errno
                throw TrashError(tr("the trash cannot take %1$s (%2$s)", PathNames.shown(PathNames.name(of: path)), errnoText(code)),
                                 linksUnsupported: [EPERM, ENOTSUP, EOPNOTSUPP, EMLINK].contains(code))
            }
        }
    }

    /// Moves the file at `path` into the trash.
    public func move(_ path: String) throws -> TrashedFile {
        try put(path) { trashed in
            guard rename(PathNames.cString(path), PathNames.cString(trashed)) == 0 else {
                throw TrashError(tr("the trash cannot take %1$s (%2$s)", PathNames.shown(PathNames.name(of: path)), errnoText(errno)))
            }
        }
    }

    /// Takes a trashed file out again (the replacement failed): the info file goes, the file itself is removed
    /// when it was a second link, moved back otherwise.
    public func undo(_ trashed: TrashedFile, movingBackTo original: String? = nil) {
        if let original {
            rename(PathNames.cString(trashed.path), PathNames.cString(original))
        } else {
            unlink(PathNames.cString(trashed.path))
        }
        unlink(PathNames.cString(trashed.infoPath))
    }

    private func put(_ path: String, _ place: (String) throws -> Void) throws -> TrashedFile {
        let trash = try directory(for: path)
        let name = PathNames.name(of: path)
        let info = infoText(path: path, in: trash)
        for attempt in 1...10_000 {
            let candidate = Self.candidateName(name, attempt: attempt)
            let infoPath = trash.root + "/info/" + candidate + ".trashinfo"
            let fd = open(PathNames.cString(infoPath), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd < 0 {
                if errno == EEXIST { continue }
                throw TrashError(tr("the trash cannot take it: %1$s cannot be written (%2$s)", trash.root + "/info", errnoText(errno)))
            }
            let bytes = Array(info.utf8)
            let wrote = write(fd, bytes, bytes.count)
            let synced = fsync(fd) == 0
            close(fd)
            guard wrote == bytes.count, synced else {
                unlink(PathNames.cString(infoPath))
                throw TrashError(tr("the trash cannot take it: %s could not be written", infoPath))
            }
            let filePath = trash.root + "/files/" + candidate
            do {
                try place(filePath)
            } catch {
                unlink(PathNames.cString(infoPath))
                throw error
            }
            return TrashedFile(path: filePath, infoPath: infoPath)
        }
        throw TrashError(tr("the trash already holds too many files named %s", PathNames.shown(name)))
    }

    /// `NAME.EXT`, then `NAME.2.EXT`, `NAME.3.EXT` … as file managers number them.
    static func candidateName(_ name: String, attempt: Int) -> String {
        guard attempt > 1 else { return name }
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            return "\(name[..<dot]).\(attempt)\(name[dot...])"
        }
        return "\(name).\(attempt)"
    }

    func infoText(path: String, in trash: TrashDirectory) -> String {
        var shownPath = FileURI.canonical(path)
        if let top = trash.topDirectory, top != "/", shownPath.hasPrefix(top + "/") {
            shownPath = String(shownPath.dropFirst(top.count + 1))
        } else if trash.topDirectory == "/" {
            shownPath = String(shownPath.dropFirst())
        }
        // Escaped as in a file URI; a path relative to the top directory loses the URI's leading slash too.
        let isRelative = !shownPath.hasPrefix("/")
        let escaped = String(FileURI.from(path: isRelative ? "/" + shownPath : shownPath).dropFirst(isRelative ? 8 : 7))
        return "[Trash Info]\nPath=\(escaped)\nDeletionDate=\(Self.deletionDate(now()))\n"
    }

    /// Local time, `YYYY-MM-DDThh:mm:ss`, as the specification asks.
    static func deletionDate(_ seconds: Int) -> String {
        var clock = time_t(seconds), parts = tm()
        localtime_r(&clock, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }

    /// `root`, `root/files` and `root/info` as folders only the user can enter.
    private func makeTrash(_ root: String, creatingParents: Bool) throws {
        let parent = PathNames.folder(of: root)
        if creatingParents, !Folder.isFolder(parent) {
            try makeFolders(parent)
        }
        for folder in [root, root + "/files", root + "/info"] {
            var status = stat()
            if lstat(PathNames.cString(folder), &status) == 0 {
                guard status.st_mode & S_IFMT == S_IFDIR else {
                    throw TrashError(tr("the trash cannot take it: %s is not a folder", folder))
                }
                guard access(PathNames.cString(folder), W_OK | X_OK) == 0 else {
                    throw TrashError(tr("the trash cannot take it: %s is not writable", folder))
                }
                continue
            }
            guard mkdir(PathNames.cString(folder), 0o700) == 0 else {
                throw TrashError(tr("the trash cannot take it: %1$s cannot be made (%2$s)", folder, errnoText(errno)))
            }
        }
    }

    private func makeFolders(_ path: String) throws {
        var built = ""
        for component in path.split(separator: "/") {
            built += "/" + component
            if Folder.isFolder(built) { continue }
            guard mkdir(PathNames.cString(built), 0o700) == 0 || errno == EEXIST else {
                throw TrashError(tr("the trash cannot take it: %1$s cannot be made (%2$s)", built, errnoText(errno)))
            }
        }
    }

    /// The device of `path` or of its nearest existing ancestor (the trash may not exist yet).
    private func deviceOfNearestExisting(_ path: String) -> dev_t? {
        var current = path
        while true {
            var status = stat()
            if stat(PathNames.cString(current), &status) == 0 { return status.st_dev }
            if current == "/" || current.isEmpty { return nil }
            current = PathNames.folder(of: current)
        }
    }

    /// The mount point holding `folder`: the highest ancestor still on `device`.
    private func topDirectory(of folder: String, device: dev_t) -> String {
        var top = folder
        while top != "/" {
            let parent = PathNames.folder(of: top)
            var status = stat()
            guard stat(PathNames.cString(parent), &status) == 0, status.st_dev == device else { break }
            top = parent
        }
        return top
    }
}

/// A trash folder: `root` holds `files/` and `info/`; `topDirectory` is the volume's mount point for a
/// volume's own trash (its info paths are relative to it), nil for the home trash.
public struct TrashDirectory: Equatable, Sendable {
    public let root: String
    public let topDirectory: String?
}

/// A file in the trash and its `.trashinfo`.
public struct TrashedFile: Equatable, Sendable {
    public let path: String
    public let infoPath: String
}

/// Why the trash could not take a file, in words for the user.
public struct TrashError: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String
    /// The filesystem has no hard links: `keepCopy` cannot work there, `move` can.
    public let linksUnsupported: Bool
    init(_ reason: String, linksUnsupported: Bool = false) {
        self.reason = reason
        self.linksUnsupported = linksUnsupported
    }
    public var description: String { reason }
}
