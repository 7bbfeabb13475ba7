import CX11
import PhotoIO

/// Serving a copied crop: its targets, its pixels once rendered, and large ones in pieces.
extension Clipboard {
    func answer(_ request: XSelectionRequestEvent, for crop: CopiedCrop, property: Atom) {
        if request.target == targets {
            var offered: [Atom] = [targets] + crop.formats.map(atom(for:))
            XChangeProperty(display, request.requestor, property, Atom(4), 32, PropModeReplace,
                            offered.withUnsafeMutableBytes { $0.baseAddress!.assumingMemoryBound(to: UInt8.self) },
                            Int32(offered.count))
            notify(request, property: property)
            return
        }
        guard let format = crop.formats.first(where: { atom(for: $0) == request.target }) else {
            refuse(request)
            return
        }
        if let rendered, rendered.crop == crop, rendered.format == format {
            send(rendered.bytes, for: request, property: property)
            return
        }
        // Rendered off the event loop; the requestor waits for its SelectionNotify, as the ICCCM allows.
        let alreadyAsked = waiting.contains { $0.target == request.target }
        waiting.append(request)
        if !alreadyAsked { crop.render(as: format, replyTo: pipeForRendering) }
    }

    /// A rendering finished: every request waiting for it is answered (or refused, when it failed).
    func receive(_ render: ClipboardRender) {
        let target = atom(for: render.format)
        let answered = waiting.filter { $0.target == target }
        waiting.removeAll { $0.target == target }
        guard render.crop == copiedCrop, case let .success(bytes) = render.result else {
            answered.forEach(refuse)
            return
        }
        rendered = (render.crop, render.format, bytes)
        for request in answered {
            send(bytes, for: request, property: request.property == Atom(0) ? request.target : request.property)
        }
    }

    /// A requestor deleted a property we write to in pieces: the next piece.
    func propertyChanged(_ event: XPropertyEvent) {
        guard event.state == PropertyDelete,
              let index = transfers.firstIndex(where: { $0.requestor == event.window && $0.property == event.atom })
        else { return }
        transfers[index].sendNext(on: display, chunk: SelectionTransfer.chunkSize(display))
        if transfers[index].finished {
            XSelectInput(display, transfers[index].requestor, NoEventMask)
            transfers.remove(at: index)
        }
        XFlush(display)
    }

    private func send(_ bytes: [UInt8], for request: XSelectionRequestEvent, property: Atom) {
        let chunk = SelectionTransfer.chunkSize(display)
        if bytes.count <= chunk {
            _ = bytes.withUnsafeBufferPointer {
                XChangeProperty(display, request.requestor, property, request.target, 8, PropModeReplace,
                                $0.baseAddress, Int32(bytes.count))
            }
            notify(request, property: property)
            return
        }
        // INCR: the property says how much comes; each deletion by the requestor asks for the next piece.
        transfers.removeAll { $0.requestor == request.requestor && $0.property == property }
        transfers.append(SelectionTransfer(requestor: request.requestor, property: property, type: request.target,
                                           data: bytes))
        XSelectInput(display, request.requestor, PropertyChangeMask)
        var size = [Int(bytes.count)]
        XChangeProperty(display, request.requestor, property, incr, 32, PropModeReplace,
                        size.withUnsafeMutableBytes { $0.baseAddress!.assumingMemoryBound(to: UInt8.self) }, 1)
        notify(request, property: property)
    }

    func refuse(_ request: XSelectionRequestEvent) {
        notify(request, property: Atom(0))
    }

    func notify(_ request: XSelectionRequestEvent, property: Atom) {
        var reply = XEvent()
        reply.xselection.type = SelectionNotify
        reply.xselection.display = display
        reply.xselection.requestor = request.requestor
        reply.xselection.selection = request.selection
        reply.xselection.target = request.target
        reply.xselection.time = request.time
        reply.xselection.property = property
        XSendEvent(display, request.requestor, 0, 0, &reply)
        XFlush(display)
    }

    func atom(for format: PhotoFormat) -> Atom {
        format == .png ? imagePNG : imageJPEG
    }
}
