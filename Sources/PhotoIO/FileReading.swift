import Glibc

/// Reads a whole file into memory, turning every failure into a PhotoIOError.
enum FileReading {
    /// No photo we handle comes near this; a bigger file is refused before reading.
    static let maxFileBytes = 1 << 30

    static func readAll(path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw errorForOpen(errno) }
        defer { close(fd) }

        var info = stat()
        guard fstat(fd, &info) == 0 else { throw PhotoIOError.notReadable(errnoText(errno)) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw PhotoIOError.notReadable("is a directory") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw PhotoIOError.notReadable("not a regular file") }
        let size = Int(info.st_size)
        if size > maxFileBytes { throw PhotoIOError.unsupported("a file of \(size) bytes") }

        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let got = bytes.withUnsafeMutableBytes { buffer in
                read(fd, buffer.baseAddress! + done, size - done)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw PhotoIOError.notReadable(errnoText(errno))
            }
            if got == 0 { break }
            done += got
        }
        if done < size { bytes.removeLast(size - done) }
        return bytes
    }

    private static func errorForOpen(_ code: Int32) -> PhotoIOError {
        switch code {
        case ENOENT, ENOTDIR: return .notFound
        default: return .notReadable(errnoText(code))
        }
    }
}

func errnoText(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
}
