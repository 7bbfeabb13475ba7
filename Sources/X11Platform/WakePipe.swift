import Glibc
import Synchronization

/// Carries messages from background threads to the event loop: the message goes into a locked
/// queue and one byte into a pipe, so `poll` on the read end wakes the loop.
public final class WakePipe<Message: Sendable>: Sendable {
    public let readDescriptor: Int32
    private let writeDescriptor: Int32
    private let queue = Mutex<[Message]>([])

    public init() {
        var descriptors: [Int32] = [-1, -1]
        if pipe(&descriptors) == 0 {
            for descriptor in descriptors {
                _ = fcntl(descriptor, F_SETFL, O_NONBLOCK)
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            }
        } else {
            descriptors = [-1, -1]
        }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Callable from any thread.
    public func post(_ message: Message) {
        post(contentsOf: [message])
    }

    /// Several messages the event loop takes in one go, in order, with nothing between them.
    public func post(contentsOf messages: [Message]) {
        guard !messages.isEmpty else { return }
        queue.withLock { $0.append(contentsOf: messages) }
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Called by the event loop after `poll` reports the read end readable.
    public func drain() -> [Message] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readDescriptor, &buffer, buffer.count) > 0 {}
        return queue.withLock { messages in
            defer { messages.removeAll() }
            return messages
        }
    }
}
