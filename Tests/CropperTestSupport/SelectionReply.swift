import CX11
import X11Platform

/// The SelectionNotify an owner sends a requestor, as the window's own clipboard sends it.
public func sendSelectionReply(on display: OpaquePointer, to request: XSelectionRequestEvent, property: Atom) {
    SelectionReply.send(on: display, requestor: request.requestor, selection: request.selection, target: request.target,
                        time: request.time, property: property)
}
