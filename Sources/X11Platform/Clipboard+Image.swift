import CX11
import Foundation

/// Offered data is rendered only when a program asks for it: requests wait (the ICCCM lets a requestor wait for
/// its SelectionNotify) while the rendering runs off the event loop, and are answered again when it arrives.
extension Clipboard {
    func wait(_ request: XSelectionRequestEvent, for mimeTypes: [String], of offer: SelectionOffer) {
        guard case let .rendered(rendered, generation) = offer else { return refuse(request) }
        waiting.append(request)
        let done = renderingsDone
        for mimeType in mimeTypes where !rendering.contains(mimeType) {
            rendering.insert(mimeType)
            let thread = Thread {
                done.post(OfferRendering(generation: generation, mimeType: mimeType, bytes: rendered.render(mimeType)))
            }
            thread.name = "cropper.clipboard"
            thread.start()
        }
    }

    /// Renderings finished: the requests waiting are answered again (each waits on, or is refused, as it needs).
    func receiveRenderings() {
        for done in renderingsDone.drain() {
            guard done.generation == renderedOffer?.generation, rendering.contains(done.mimeType) else { continue }
            rendering.remove(done.mimeType)
            handoff?.noteActivity()
            renderings[done.mimeType] = .some(done.bytes)
            let answered = waiting
            waiting = []
            answered.forEach(answer)
        }
    }

    func atom(for mimeType: String) -> Atom {
        if let known = mimeAtoms[mimeType] { return known }
        let interned = XInternAtom(display, mimeType, 0)
        mimeAtoms[mimeType] = interned
        return interned
    }
}
