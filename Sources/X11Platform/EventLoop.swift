import CX11
import Glibc

/// What the window's event loop drives. All calls come on the loop's thread.
public protocol WindowClient: AnyObject {
    var isRunning: Bool { get }
    func handle(_ event: WindowEvent)
    /// The client's wake-up pipe has messages.
    func handleWakeUp()
    /// Advances animations and timers.
    func tick(now: Double)
    /// Draws and presents a frame when something changed.
    func redrawIfNeeded()
    /// When the loop must wake even without input; nil sleeps until input arrives.
    func nextWakeUp(now: Double) -> Double?
}

/// `poll` on the X connection, the client's wake-up pipe and the clipboard's; X events drained in order, runs of
/// pointer motion folded into their last position.
struct EventLoop {
    let window: X11Window
    let wakeDescriptor: Int32
    /// The window's clock, for ticks and timeouts.
    let clock: () -> Double

    func run(_ client: WindowClient) {
        let display = window.display
        let xDescriptor = XConnectionNumber(display)
        var event = XEvent()
        while client.isRunning {
            while client.isRunning && XPending(display) > 0 {
                XNextEvent(display, &event)
                if XFilterEvent(&event, 0) != 0 { continue }
                if event.type == MotionNotify { coalesceMotion(into: &event) }
                for translated in window.translate(event) { client.handle(translated) }
            }
            guard client.isRunning else { break }
            client.tick(now: clock())
            client.redrawIfNeeded()
            XFlush(display)
            if XPending(display) > 0 { continue }

            var timeout: Int32 = -1
            let now = clock()
            var wake = client.nextWakeUp(now: now)
            // The clipboard manager's patience is counted on the monotonic clock, which tests do not replace.
            if window.clipboard.isHandingOff { wake = min(wake ?? now + 0.25, now + 0.25) }
            if let wake {
                timeout = Int32(max(0, min(60_000, ((wake - now) * 1000).rounded(.up))))
            }
            var descriptors = [
                pollfd(fd: xDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: window.clipboard.renderingsDone.readDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 3, timeout)
            if ready > 0 && descriptors[2].revents != 0 {
                window.clipboard.receiveRenderings()
            }
            if ready > 0 && descriptors[1].revents != 0 {
                client.handleWakeUp()
            }
        }
    }

    private func coalesceMotion(into event: inout XEvent) {
        var next = XEvent()
        let display = window.display
        while XEventsQueued(display, QueuedAlready) > 0 {
            XPeekEvent(display, &next)
            guard next.type == MotionNotify, next.xmotion.window == event.xmotion.window else { return }
            XNextEvent(display, &event)
        }
    }
}
