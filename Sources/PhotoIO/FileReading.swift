import Glibc
import Localization

/// Reads a whole file into memory, turning every failure into a PhotoIOError.
public enum FileReading {
    /// No photo we handle comes near this; a bigger file is refused before reading.
    static let maxFileBytes = 1 << 30

    public static func readAll(path: String) throws -> [UInt8] {
        let (fd, size) = try openRegular(path: path)
        defer { close(fd) }

        if size > 0 { return try read(fd, upTo: size) }
        // Files in /proc report size 0: read them until EOF in small steps.
        var bytes: [UInt8] = []
        while true {
            let chunk = try read(fd, upTo: 4096)
            bytes += chunk
            if chunk.count < 4096 { return bytes }
        }
    }

    /// A regular file opened for reading, and its size; the caller closes it. Directories, pipes and files over
    /// the limit are refused.
    static func openRegular(path: String) throws -> (fd: Int32, size: Int) {
        // O_NONBLOCK: opening a named pipe must not wait for a writer; fstat then refuses it.
        let fd = open(PathNames.cString(path), O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 { throw errorForOpen(errno) }
        var info = stat()
        do {
            guard fstat(fd, &info) == 0 else { throw PhotoIOError.notReadable(errnoText(errno)) }
            if (info.st_mode & S_IFMT) == S_IFDIR { throw PhotoIOError.notReadable("is a directory") }
            guard (info.st_mode & S_IFMT) == S_IFREG else { throw PhotoIOError.notReadable("not a regular file") }
            let size = Int(info.st_size)
            if size > maxFileBytes { throw PhotoIOError.unsupported(tr("a file of %d bytes", size)) }
        } catch {
            close(fd)
            throw error
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return (fd, Int(info.st_size))
    }

    /// The size of a regular file.
    static func size(path: String) throws -> Int {
        let (fd, size) = try openRegular(path: path)
        close(fd)
        return size
    }

    /// The first `count` bytes of a file (fewer when it is shorter).
    static func readPrefix(path: String, count: Int) throws -> [UInt8] {
        let (fd, _) = try openRegular(path: path)
        defer { close(fd) }
        return try read(fd, upTo: count)
    }

    /// The first `count` bytes of a file (all of it when it is no longer), and whether that is the whole file:
    /// for what the headers say, without reading a photo's pixels.
    public static func readStart(path: String, count: Int) throws -> (bytes: [UInt8], isWhole: Bool) {
        let (fd, size) = try openRegular(path: path)
        defer { close(fd) }
        guard size > count else { return (try readAll(path: path), true) }
        return (try read(fd, upTo: count), false)
    }

    static func read(_ fd: Int32, upTo capacity: Int) throws -> [UInt8] {
        var failure: Int32 = 0
        let bytes = HugePages.array(count: capacity) { buffer in
            var done = 0
            while done < capacity {
                let got = Glibc.read(fd, buffer.baseAddress! + done, capacity - done)
                if got < 0 && errno == EINTR { continue }
                if got < 0 { failure = errno }
                if got <= 0 { break }
                done += got
            }
            return done
        }
        if failure != 0 { throw PhotoIOError.notReadable(errnoText(failure)) }
        return bytes
    }

    private static func errorForOpen(_ code: Int32) -> PhotoIOError {
        switch code {
        case ENOENT, ENOTDIR: return .notFound
        default: return .notReadable(errnoText(code))
        }
    }
}

public func errnoText(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
}
