import PhotoIO
import CCairo
import EditorState
import X11Platform

/// The window's components, bottom first: the one place the stacking order exists. Input goes top-down to the
/// first component that takes it (a modal one takes everything), drawing goes bottom-up, and a component that
/// opens goes on top of whatever is up, so the newest question is always the visible one.
struct ComponentStack {
    private(set) var components: [any Component]

    init(_ bottom: [any Component]) {
        components = bottom
    }

    /// Puts `component` on top, replacing one of its kind that was up.
    mutating func push(_ component: any Component) {
        remove(component.kind)
        components.append(component)
    }

    mutating func remove(_ kind: ComponentKind) {
        components.removeAll { $0.kind == kind }
    }

    func contains(_ kind: ComponentKind) -> Bool {
        components.contains { $0.kind == kind }
    }

    func component<C: Component>(_ type: C.Type) -> C? {
        components.lazy.compactMap { $0 as? C }.first
    }

    /// Changes the component of type `C`, if it is up; the shell uses this to hand it what only the shell knows.
    mutating func modify<C: Component>(_ type: C.Type, _ change: (inout C) -> Void) {
        guard let index = components.firstIndex(where: { $0 is C }), var component = components[index] as? C else { return }
        change(&component)
        components[index] = component
    }

    /// The overlays above the canvas, top first (the state log's `overlays`).
    var overlays: [ComponentKind] { components.reversed().map(\.kind).filter(\.isOverlay) }

    var hasModal: Bool { components.contains { $0.isModal } }

    /// Offers an input top-down until a component takes it. Returns the kind that took it (nil: none did) and
    /// the effects of every component that saw it, in the order they answered.
    mutating func dispatch(_ offer: (inout any Component) -> Response) -> (taker: ComponentKind?, response: Response) {
        var effects: [Effect] = []
        for index in components.indices.reversed() {
            let wasModal = components[index].isModal
            var response = offer(&components[index])
            effects += response.effects
            if response.taken || wasModal {
                response.effects = effects
                response.taken = true
                return (components[index].kind, response)
            }
        }
        return (nil, Response(taken: false, effects: effects))
    }

    /// Input for the component holding the pointer (the one that took the press).
    mutating func send(to kind: ComponentKind, _ offer: (inout any Component) -> Response) -> Response? {
        guard let index = components.firstIndex(where: { $0.kind == kind }) else { return nil }
        return offer(&components[index])
    }

    /// Tells every component where the pointer is: top-down, those below the first that covers it see nil.
    /// Returns the kind under the pointer.
    @discardableResult
    mutating func hover(_ point: WindowPoint?, in context: WindowContext) -> ComponentKind? {
        var under: ComponentKind?
        for index in components.indices.reversed() {
            let covers = components[index].hover(under == nil ? point : nil, in: context)
            if covers && under == nil && point != nil { under = components[index].kind }
        }
        return under
    }

    func pointerShape(of kind: ComponentKind, at point: WindowPoint, in context: WindowContext) -> PointerShape? {
        components.first { $0.kind == kind }?.pointerShape(at: point, in: context)
    }

    /// Background results go to every component; effects and the first name given come back.
    mutating func deliver(_ message: BackgroundMessage, in context: WindowContext) -> Response {
        var combined = Response(taken: false)
        for index in components.indices.reversed() {
            let response = components[index].receive(message, in: context)
            combined.effects += response.effects
            if combined.name == nil { combined.name = response.name }
            combined.taken = combined.taken || response.taken
        }
        return combined
    }

    mutating func tick(in context: WindowContext) -> [Effect] {
        components.indices.flatMap { components[$0].tick(in: context) }
    }

    func nextChange(in context: WindowContext) -> Double? {
        components.compactMap { $0.nextChange(in: context) }.min()
    }

    /// Bottom-up: each component over the ones before it, from the topmost that covers the window (the grid: the
    /// editor under it would be painted for nothing on every frame). `scale` turns interface pixels into device pixels.
    func draw(in context: WindowContext, on cr: OpaquePointer) {
        let lowest = components.lastIndex { $0.coversWindow } ?? components.startIndex
        for component in components[lowest...] {
            if component.drawsInDevicePixels {
                component.draw(in: context, on: cr)
            } else {
                cairo_save(cr)
                cairo_scale(cr, context.layout.scale, context.layout.scale)
                component.draw(in: context, on: cr)
                cairo_restore(cr)
            }
        }
    }

    /// Every component's fields of the state log, bottom first.
    func snapshot(in context: WindowContext) -> [String: JSONValue] {
        var fields: [String: JSONValue] = [:]
        for component in components {
            for (key, value) in component.snapshot(in: context) { fields[key] = value }
        }
        return fields
    }

    func isSame(as other: ComponentStack) -> Bool {
        components.count == other.components.count
            && zip(components, other.components).allSatisfy { $0.isSame(as: $1) }
    }
}
