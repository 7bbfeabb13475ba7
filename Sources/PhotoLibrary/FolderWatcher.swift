import Glibc
import PhotoIO

/// Watches one folder with inotify and calls `changed` (on its own thread) when photos may have come or gone:
/// a photo-named entry created, finished writing, moved in or out, or deleted, or the folder itself removed.
/// Bursts (a copy of many files) are gathered into one call. Hidden names (a save's temporary file) are ignored.
public final class FolderWatcher: Sendable {
    public let folder: String
    private let stopWriter: Int32

    /// Nil when the folder cannot be watched (gone, unreadable, no inotify); the list then simply does not follow.
    public init?(folder: String, changed: @escaping @Sendable () -> Void) {
        let notify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard notify >= 0 else { return nil }
        let mask = UInt32(IN_CREATE | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE | IN_DELETE_SELF
            | IN_MOVE_SELF | IN_ONLYDIR)
        var pipeEnds: [Int32] = [-1, -1]
        guard inotify_add_watch(notify, PathNames.cString(folder), mask) >= 0, pipe(&pipeEnds) == 0 else {
            close(notify)
            return nil
        }
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        self.folder = folder
        stopWriter = pipeEnds[1]
        let stopReader = pipeEnds[0]
        var thread = pthread_t()
        let context = Unmanaged.passRetained(WatchLoop(notify: notify, stop: stopReader, changed: changed))
        let started = pthread_create(&thread, nil, { raw in
            let loop = Unmanaged<WatchLoop>.fromOpaque(raw!).takeRetainedValue()
            loop.run()
            return nil
        }, context.toOpaque())
        if started == 0 {
            pthread_detach(thread)
        } else {
            context.release()
            close(notify)
            close(stopReader)
        }
    }

    /// Ends the watch; no call comes after the watcher's thread sees this.
    public func stop() {
        var byte: UInt8 = 1
        _ = write(stopWriter, &byte, 1)
    }

    deinit {
        stop()
        close(stopWriter)
    }
}

/// The watcher's thread: waits on inotify and the stop pipe, and owns both descriptors.
private final class WatchLoop: @unchecked Sendable {
    /// How long a burst of events is gathered before one call.
    private static let quietMilliseconds: Int32 = 40
    private let notify: Int32
    private let stop: Int32
    private let changed: @Sendable () -> Void

    init(notify: Int32, stop: Int32, changed: @escaping @Sendable () -> Void) {
        self.notify = notify
        self.stop = stop
        self.changed = changed
    }

    func run() {
        defer {
            close(notify)
            close(stop)
        }
        var pending = false
        while true {
            var fds = [pollfd(fd: notify, events: Int16(POLLIN), revents: 0), pollfd(fd: stop, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, pending ? Self.quietMilliseconds : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if fds[1].revents != 0 { return }
            if ready == 0 {
                pending = false
                changed()
                continue
            }
            switch readEvents() {
            case .photos: pending = true
            case .nothing: break
            case .folderGone:
                changed()
                return
            }
        }
    }

    private enum Seen { case nothing, photos, folderGone }

    private func readEvents() -> Seen {
        var seen = Seen.nothing
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(notify, $0.baseAddress!, $0.count) }
            if count <= 0 { return seen }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let (mask, length) = buffer.withUnsafeBytes { raw in
                    (raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
                offset += header + length
                if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 { return .folderGone }
                if mask & UInt32(IN_Q_OVERFLOW) != 0 || FolderPhotos.isPhotoName(PathNames.string(fromFileSystem: nameBytes)) {
                    seen = .photos
                }
            }
        }
    }
}
