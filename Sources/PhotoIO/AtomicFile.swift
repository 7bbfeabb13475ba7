import Glibc

/// Writes a file so that it either appears complete or not at all: a temporary
/// `.NAME.XXXXXX.tmp` in the destination directory is written, fsynced, renamed
/// (or, without overwrite, hard-linked, which fails if the name was taken in the
/// meantime) into place, and the directory is fsynced. No temporary file is
/// left behind after an error; those of a killed save go on the next save there.
/// The file gets `permissions` when given, else 0666 less the umask, and `owner` when given and allowed.
/// A file that is not `durable` (a cache's, made again when lost) is placed without the fsyncs: after a power cut
/// it may be missing or empty.
/// `beforePlacing` runs once the new file is complete on disk, just before it takes the name, with the temporary
/// file's path (its size and modification time are the placed file's); if it throws, nothing is placed.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String, overwrite: Bool, permissions: mode_t? = nil,
                             owner: (user: uid_t, group: gid_t)? = nil, durable: Bool = true,
                             beforePlacing: (_ temporary: String) throws -> Void = { _ in }) throws {
        try write(to: path, overwrite: overwrite, permissions: permissions, owner: owner, durable: durable,
                  beforePlacing: beforePlacing) {
            try $0.write(bytes)
        }
    }

    /// The same for a file written as it is made: `contents` writes to the temporary file through the sink, so the
    /// whole file is never in memory (a long animation's crop).
    public static func write(to path: String, overwrite: Bool, permissions: mode_t? = nil,
                             owner: (user: uid_t, group: gid_t)? = nil, durable: Bool = true,
                             beforePlacing: (_ temporary: String) throws -> Void = { _ in },
                             contents: (AtomicFileSink) throws -> Void) throws {
        if !overwrite && exists(path) { throw PhotoIOError.outputExists }
        let directory = PathNames.folder(of: path), name = PathNames.name(of: path)
        removeStaleTemporariesIfDue(in: directory)
        var template = PathNames.cString(PathNames.path(".\(name).XXXXXX.tmp", in: directory))
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard fd >= 0 else { throw PhotoIOError.cannotWrite(errnoText(errno)) }
        let temporary = PathNames.string(fromFileSystem: template.dropLast().map { UInt8(bitPattern: $0) })
        var placed = false
        defer { if !placed { unlink(PathNames.cString(temporary)) } }

        do {
            defer { close(fd) }
            if let owner { _ = fchown(fd, owner.user, owner.group) }
            fchmod(fd, permissions ?? (0o666 & ~currentUmask()))
            try contents(AtomicFileSink(fd: fd))
            guard !durable || fsync(fd) == 0 else { throw PhotoIOError.cannotWrite(errnoText(errno)) }
        }
        try beforePlacing(temporary)
        try place(temporary, at: path, overwrite: overwrite)
        placed = true
        if durable { syncDirectory(directory) }
    }

    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(PathNames.cString(path), &info) == 0
    }

    private static func place(_ temporary: String, at path: String, overwrite: Bool) throws {
        if overwrite {
            guard rename(PathNames.cString(temporary), PathNames.cString(path)) == 0 else {
                throw PhotoIOError.cannotWrite(errnoText(errno))
            }
            return
        }
        if link(PathNames.cString(temporary), PathNames.cString(path)) == 0 {
            unlink(PathNames.cString(temporary))
            return
        }
        let code = errno
        if code == EEXIST { throw PhotoIOError.outputExists }
        // Filesystems without hard links: check, then rename.
        guard code == EPERM || code == ENOTSUP || code == EOPNOTSUPP else {
            throw PhotoIOError.cannotWrite(errnoText(code))
        }
        if exists(path) { throw PhotoIOError.outputExists }
        guard rename(PathNames.cString(temporary), PathNames.cString(path)) == 0 else {
            throw PhotoIOError.cannotWrite(errnoText(errno))
        }
    }


    private static func syncDirectory(_ directory: String) {
        let fd = open(PathNames.cString(directory), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    /// The process umask, read without changing it (umask(2) would, racily).
    private static func currentUmask() -> mode_t {
        guard let bytes = try? FileReading.readAll(path: "/proc/self/status") else { return 0o022 }
        let text = String(decoding: bytes, as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("Umask:") {
            let digits = line.dropFirst(6).filter { $0 != " " && $0 != "\t" }
            if let value = mode_t(digits, radix: 8) { return value }
        }
        return 0o022
    }
}

/// The temporary file of an atomic write, taking the bytes as they are made.
public final class AtomicFileSink {
    private let fd: Int32

    fileprivate init(fd: Int32) { self.fd = fd }

    public func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Writes over bytes already written at `offset` (a header whose sizes are known only at the end).
    public func write(_ bytes: [UInt8], at offset: Int) throws {
        try bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let wrote = pwrite(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
                if wrote < 0 {
                    if errno == EINTR { continue }
                    throw PhotoIOError.cannotWrite(errnoText(errno))
                }
                done += wrote
            }
        }
    }

    public func write(_ buffer: UnsafeRawBufferPointer) throws {
        var done = 0
        while done < buffer.count {
            let wrote = Glibc.write(fd, buffer.baseAddress! + done, buffer.count - done)
            if wrote < 0 {
                if errno == EINTR { continue }
                throw PhotoIOError.cannotWrite(errnoText(errno))
            }
            done += wrote
        }
    }
}
