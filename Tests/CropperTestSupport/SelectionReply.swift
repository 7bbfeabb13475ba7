import CX11

/// The SelectionNotify an owner sends a requestor: the data is on `property`, or (None) it was refused.
public func sendSelectionReply(on display: OpaquePointer, to request: XSelectionRequestEvent, property: Atom) {
    var reply = XEvent()
    reply.xselection.type = SelectionNotify
    reply.xselection.display = display
    reply.xselection.requestor = request.requestor
    reply.xselection.selection = request.selection
    reply.xselection.target = request.target
    reply.xselection.time = request.time
    reply.xselection.property = property
    XSendEvent(display, request.requestor, 0, NoEventMask, &reply)
    XFlush(display)
}
