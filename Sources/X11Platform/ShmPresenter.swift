import CCairo
import CX11
import Glibc

/// A part of the window to copy from the back buffer, in device pixels.
public struct PresentedArea: Equatable, Sendable {
    public var x, y, width, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// The back buffer: a Cairo image surface whose pixels are an XImage, shown with one
/// XShmPutImage (shared memory) per frame, or XPutImage where MIT-SHM is not available.
public final class ShmPresenter {
    /// Held so the X connection outlives the buffers released in `deinit`, whatever order the owner lets go in.
    private let connection: X11Window
    private let display: OpaquePointer
    private let window: Window
    private let visual: UnsafeMutablePointer<Visual>
    private let depth: Int32
    private let graphicsContext: GC
    private let segment = UnsafeMutablePointer<XShmSegmentInfo>.allocate(capacity: 1)
    private var image: UnsafeMutablePointer<XImage>?
    private var shmAttached = false
    public private(set) var usesSharedMemory: Bool
    private(set) var surface: OpaquePointer?
    private(set) var width = 0
    private(set) var height = 0

    public init(window: X11Window) {
        connection = window
        display = window.display
        self.window = window.window
        visual = window.visual
        depth = window.depth
        graphicsContext = XCreateGC(display, window.window, 0, nil)
        segment.initialize(to: XShmSegmentInfo())
        usesSharedMemory = XShmQueryExtension(display) != 0 && getenv("CROPPER_NO_SHM") == nil
    }

    deinit {
        releaseBuffer()
        XFreeGC(display, graphicsContext)
        segment.deallocate()
    }

    /// Makes sure the back buffer matches the window size; returns the Cairo surface to draw on.
    public func prepare(width newWidth: Int, height newHeight: Int) -> OpaquePointer? {
        if surface == nil || newWidth != width || newHeight != height {
            releaseBuffer()
            width = max(1, newWidth)
            height = max(1, newHeight)
            if usesSharedMemory && !createSharedBuffer() {
                usesSharedMemory = false
            }
            if !usesSharedMemory { createHeapBuffer() }
        }
        return surface
    }

    /// Copies `areas` of the back buffer (device pixels) to the window; returns once the X server has them.
    public func present(_ areas: [PresentedArea]) {
        guard let image, let surface else { return }
        cairo_surface_flush(surface)
        for area in areas {
            let x = max(0, Int(area.x)), y = max(0, Int(area.y))
            let w = min(width - x, Int(area.width.rounded(.up))), h = min(height - y, Int(area.height.rounded(.up)))
            guard w > 0, h > 0 else { continue }
            if usesSharedMemory {
                XShmPutImage(display, window, graphicsContext, image, Int32(x), Int32(y), Int32(x), Int32(y),
                             UInt32(w), UInt32(h), 0)
            } else {
                XPutImage(display, window, graphicsContext, image, Int32(x), Int32(y), Int32(x), Int32(y),
                          UInt32(w), UInt32(h))
            }
        }
        // The next frame draws into the same memory: wait until the server has read it.
        XSync(display, 0)
    }

    private func createSharedBuffer() -> Bool {
        guard let created = XShmCreateImage(display, visual, UInt32(depth), ZPixmap, nil, segment,
                                            UInt32(width), UInt32(height)) else { return false }
        guard isCairoCompatible(created) else {
            cx11_destroy_image(created)
            return false
        }
        let size = Int(created.pointee.bytes_per_line) * Int(created.pointee.height)
        let shmid = cx11_shm_create(size)
        guard shmid >= 0 else {
            cx11_destroy_image(created)
            return false
        }
        guard let address = cx11_shm_attach(shmid) else {
            cx11_shm_remove(shmid)
            cx11_destroy_image(created)
            return false
        }
        segment.pointee.shmid = shmid
        segment.pointee.shmaddr = address
        segment.pointee.readOnly = 0
        created.pointee.data = address
        _ = cx11_take_error()
        XShmAttach(display, segment)
        XSync(display, 0)
        // Removed now so the segment disappears with the process, whatever happens.
        cx11_shm_remove(shmid)
        if cx11_take_error() != 0 {
            cx11_destroy_image(created)
            cx11_shm_detach(address)
            return false
        }
        shmAttached = true
        image = created
        surface = makeSurface(on: created)
        return true
    }

    private func createHeapBuffer() {
        let stride = width * 4
        guard let pixels = malloc(stride * height) else { return }
        guard let created = XCreateImage(display, visual, UInt32(depth), ZPixmap, 0,
                                         pixels.assumingMemoryBound(to: CChar.self),
                                         UInt32(width), UInt32(height), 32, Int32(stride)) else {
            free(pixels)
            return
        }
        created.pointee.byte_order = LSBFirst
        image = created
        surface = makeSurface(on: created)
    }

    private func isCairoCompatible(_ image: UnsafeMutablePointer<XImage>) -> Bool {
        image.pointee.bits_per_pixel == 32 && image.pointee.byte_order == LSBFirst
            && image.pointee.red_mask == 0xff0000 && image.pointee.green_mask == 0xff00 && image.pointee.blue_mask == 0xff
    }

    private func makeSurface(on image: UnsafeMutablePointer<XImage>) -> OpaquePointer? {
        guard let data = image.pointee.data else { return nil }
        return data.withMemoryRebound(to: UInt8.self, capacity: 1) { bytes in
            cairo_image_surface_create_for_data(bytes, CAIRO_FORMAT_RGB24, Int32(width), Int32(height),
                                                image.pointee.bytes_per_line)
        }
    }

    private func releaseBuffer() {
        if let surface { cairo_surface_destroy(surface) }
        surface = nil
        guard let image else { return }
        if shmAttached {
            XShmDetach(display, segment)
            XSync(display, 0)
            cx11_destroy_image(image)
            cx11_shm_detach(segment.pointee.shmaddr)
            shmAttached = false
        } else {
            cx11_destroy_image(image)
        }
        self.image = nil
    }
}
