import CX11
import Glibc

/// What the event loop drives. All calls come on the loop's thread.
protocol EventLoopClient: AnyObject {
    var isRunning: Bool { get }
    func handle(_ event: XEvent)
    func handleWakeUp()
    /// Advances animations and timers.
    func tick(now: Double)
    /// Draws and presents a frame when something changed.
    func redrawIfNeeded()
    /// When the loop must wake even without input; nil sleeps until input arrives.
    func nextWakeUp(now: Double) -> Double?
}

/// `poll` on the X connection and the wake-up pipe; X events drained in order, runs of
/// pointer motion folded into their last position.
struct EventLoop {
    let display: OpaquePointer
    let wakeDescriptor: Int32
    /// The window's clock, for ticks and timeouts.
    let clock: () -> Double

    func run(_ client: EventLoopClient) {
        let xDescriptor = XConnectionNumber(display)
        var event = XEvent()
        while client.isRunning {
            while client.isRunning && XPending(display) > 0 {
                XNextEvent(display, &event)
                if XFilterEvent(&event, 0) != 0 { continue }
                if event.type == MotionNotify { coalesceMotion(into: &event) }
                client.handle(event)
            }
            guard client.isRunning else { break }
            client.tick(now: clock())
            client.redrawIfNeeded()
            XFlush(display)
            if XPending(display) > 0 { continue }

            var timeout: Int32 = -1
            let now = clock()
            if let wake = client.nextWakeUp(now: now) {
                timeout = Int32(max(0, min(60_000, ((wake - now) * 1000).rounded(.up))))
            }
            var descriptors = [
                pollfd(fd: xDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, timeout)
            if ready > 0 && descriptors[1].revents != 0 {
                client.handleWakeUp()
            }
        }
    }

    private func coalesceMotion(into event: inout XEvent) {
        var next = XEvent()
        while XEventsQueued(display, QueuedAlready) > 0 {
            XPeekEvent(display, &next)
            guard next.type == MotionNotify, next.xmotion.window == event.xmotion.window else { return }
            XNextEvent(display, &event)
        }
    }
}
