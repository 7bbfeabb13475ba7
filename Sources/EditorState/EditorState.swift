/// The single source of truth of the editor: the photo's geometry, the viewport, the crop and its history.
/// Everything changes through `apply(_:)`; the window renders what it reads here.
public struct EditorState: Sendable, Equatable {
    /// The bitmap size as stored in the file; nil until a photo is loaded.
    public internal(set) var storedSize: PixelSize?
    /// The photo's EXIF orientation.
    public internal(set) var sourceOrientation: Orientation = .normal
    /// The user's rotations and flips, applied after the EXIF orientation.
    public internal(set) var userTransform: Orientation = .normal
    public internal(set) var viewport = Viewport()
    /// The crop in whole pixels of the displayed image; nil means the whole image, nothing dimmed.
    public internal(set) var crop: PixelRect?
    public internal(set) var aspect: AspectRatio = .free
    /// The straighten angle: the displayed picture turned about its centre, after the user's rotation and flip.
    public internal(set) var straighten = StraightenAngle.zero
    /// Vertical and horizontal perspective, in the displayed picture's frame (after the rotation and flip).
    public internal(set) var perspective = PerspectiveAngles.zero
    /// Guided mode's lines, in the displayed picture's pixels before the warp (what they are drawn along).
    public internal(set) var guides: [LineSegment] = []
    /// The lens' 35 mm-equivalent focal length (EXIF, else 28 mm): how a perspective turn moves the picture.
    public internal(set) var focal35mm = CameraLens.defaultFocal35mm
    /// The box the user made, kept while straightening shrinks the crop, so that it grows back (see `CropEdit`).
    public internal(set) var madeBox: MadeBox?
    public internal(set) var activity: Activity = .idle
    public internal(set) var animation: ViewportAnimation?
    /// After a handle drag or a drawn box, animate the viewport so the box is centred and fills the view.
    public var recentersAfterDrag = true
    /// Device pixels per interface pixel (HiDPI). The handles' reach, the smallest box a drag makes and the click
    /// slop are interface sizes, so they grow with it; the image itself stays in device pixels.
    public internal(set) var interfaceScale = 1.0
    /// The aspect lock a newly loaded photo starts with: the lock only, no box until the user makes one.
    public internal(set) var aspectForNewPhotos: AspectRatio = .free
    public internal(set) var history = History<CropEdit>()
    /// The edit as last loaded or saved; `isDirty` compares against it.
    public internal(set) var savedEdit = CropEdit.original
    /// Whether the open photo's blocks allow a lossless crop; set by whoever opened it.
    public internal(set) var losslessSupport = LosslessSupport.unsupported(reason: "open a photo first")
    /// The user wants lossless crops (a setting); `isLossless` says whether this photo allows it.
    public internal(set) var losslessWanted = false

    var gesture: PointerGesture = .none
    var pressPoint: Point?
    var dragEngaged = false
    var panAnchor: Point?
    var keyboardBurst: KeyboardBurst?
    /// The edit before a click outside the box cleared the crop, while a double-click may still take it back.
    var clearedByClick: CropEdit?
    /// The edit before the straighten or a perspective dial was grabbed, while it is dragged.
    var straightenDragBefore: CropEdit?

    public init() {}

    // MARK: Derived values

    /// Source orientation, then the user's transform.
    public var displayOrientation: Orientation { sourceOrientation.followed(by: userTransform) }

    /// The displayed (upright, user-transformed) image size.
    public var imageSize: PixelSize? { storedSize.map { displayOrientation.displayedSize(forStored: $0) } }

    /// The current edit as one value (what undo and `isDirty` work with).
    public var edit: CropEdit {
        CropEdit(crop: crop, userTransform: userTransform, aspect: aspect, straighten: straighten, madeBox: madeBox,
                 perspective: perspective, guides: guides)
    }

    public var isDirty: Bool { edit != savedEdit }
    public var canUndo: Bool { history.canUndo }
    public var canRedo: Bool { history.canRedo }

    /// The crop as a box, or the whole image when there is no crop.
    var frameBox: CropBox? {
        guard let imageSize else { return nil }
        return CropBox(rect: crop ?? PixelRect(size: imageSize), imageSize: imageSize)
    }

    /// The crop frame (the whole image when there is no crop) in view pixels.
    public var cropFrameInView: Rect? { frameBox.map { viewport.viewRect(fromImage: $0.rect) } }

    /// The dimmed surround; nil when there is no crop.
    public var mask: DimmingMask? {
        guard crop != nil, let hole = cropFrameInView else { return nil }
        return DimmingMask(canvas: viewport.viewSize, hole: hole, activity: activity)
    }

    /// The locked ratio (width / height) for the current image, nil when free.
    var lockedRatio: Double? { imageSize.flatMap { aspect.ratio(for: $0) } }

    /// The smallest box a drag may make at the current zoom, in image pixels.
    var minimumCropSize: PixelSize? {
        imageSize.map { CropBox.minimumSize(zoom: viewport.zoomScale, imageSize: $0,
                                            minimumViewSize: CropBox.minimumViewSize * interfaceScale) }
    }

    public func hitTest(_ viewPoint: Point) -> HitTarget {
        guard let frame = cropFrameInView else { return .outside }
        return HandleHitTest(frame: frame, hasInterior: crop != nil, radius: HandleHitTest.defaultRadius * interfaceScale)
            .target(at: viewPoint)
    }

    /// The photo as its EXIF orientation displays it, before the user's rotate/flip.
    var uprightSize: PixelSize? { storedSize.map { sourceOrientation.displayedSize(forStored: $0) } }

    /// The crop to save, in the photo as its EXIF orientation displays it, plus the user's transform to apply to
    /// the cropped result. Nil before a photo is loaded.
    public var exportRequest: ExportGeometry? {
        guard let uprightSize, let imageSize else { return nil }
        let displayedRect = losslessRect ?? crop ?? PixelRect(size: imageSize)
        return ExportGeometry(rectInUpright: userTransform.storedRect(fromDisplayed: displayedRect, storedSize: uprightSize),
                              userTransform: userTransform, straighten: straightenInUpright,
                              perspective: perspectiveInUpright, focal35mm: focal35mm)
    }

    // MARK: Actions

    public mutating func apply(_ action: EditorAction) {
        if !action.continuesKeyboardBurst { keyboardBurst = nil }
        if !action.isPartOfAClick { clearedByClick = nil }
        switch action {
        case let .loadImage(storedSize, orientation): load(storedSize: storedSize, orientation: orientation)
        case let .resizeView(size): changeViewport { $0.resized(to: size) }
        case let .setContentInset(inset): changeViewport { $0.replacingInset(inset) }
        case let .zoom(factor, point): changeViewport { $0.zoomed(by: factor, about: point) }
        case .zoomToFit: changeViewport { $0.fitted() }
        case let .zoomToActualSize(point): changeViewport { $0.zoomed(to: 1, about: point ?? $0.availableCenter) }
        case let .pan(dx, dy): changeViewport { $0.panned(dx: dx, dy: dy) }
        case let .doubleClick(point, now): doubleClick(at: point, now: now)
        case let .tick(now): tick(now: now)
        case let .pointerDown(point, now): pointerDown(point, now: now)
        case let .pointerDragged(point): pointerDragged(point)
        case let .pointerUp(point, now): pointerUp(point, now: now)
        case let .panBegan(point): panBegan(point)
        case let .panDragged(point): panDragged(point)
        case .panEnded: panEnded()
        case let .nudge(dx, dy): nudge(dx: dx, dy: dy)
        case let .resizeCrop(dw, dh): resizeCrop(dw: dw, dh: dh)
        case let .setCrop(rect): setCrop(rect)
        case .rotateLeft: transformImage(by: .rotate270CW)
        case .rotateRight: transformImage(by: .rotate90CW)
        case .flipHorizontal: transformImage(by: .mirrorHorizontal)
        case .flipVertical: transformImage(by: .mirrorVertical)
        case let .setAspect(aspect): setAspect(aspect)
        case .cycleAspect: setAspect(aspect.next)
        case .swapAspectOrientation: swapAspectOrientation()
        case .undo: undo()
        case .redo: redo()
        case .reset: reset()
        case .markSaved: savedEdit = edit
        case let .adoptEdit(target): adopt(target)
        case let .resume(target, steps):
            guard imageSize != nil else { return }
            restore(target)
            history = steps
        case let .setRecentersAfterDrag(on): recentersAfterDrag = on
        case let .setInterfaceScale(scale): if scale.isFinite && scale > 0 { interfaceScale = scale }
        case let .setAspectForNewPhotos(aspect): aspectForNewPhotos = aspect
        case let .setLosslessSupport(support): losslessSupport = support
        case let .setLossless(on): losslessWanted = on
        case let .turnStraighten(tenths): turnStraighten(byTenths: tenths)
        case let .setStraighten(angle): setStraighten(angle)
        case let .dragStraighten(angle): dragStraighten(to: angle)
        case .endStraightenDrag: endStraightenDrag()
        case let .level(from, to): level(from: from, to: to)
        case let .setLensFocalLength(focal): setLensFocalLength(focal)
        case let .turnPerspective(vertical, horizontal): turnPerspective(vertical: vertical, horizontal: horizontal)
        case let .setPerspective(angles): setWarp(straighten, angles)
        case let .setWarp(angle, angles): setWarp(angle, angles)
        case let .dragPerspective(angles): dragWarp(to: straighten, angles)
        case let .setGuides(lines): setGuides(lines)
        case let .dragGuides(lines): dragGuides(lines)
        }
    }

    private mutating func load(storedSize: PixelSize, orientation: Orientation) {
        guard !storedSize.isEmpty else { return }
        self.storedSize = storedSize
        sourceOrientation = orientation
        userTransform = .normal
        crop = nil
        straighten = .zero
        perspective = .zero
        guides = []
        focal35mm = CameraLens.defaultFocal35mm
        madeBox = nil
        straightenDragBefore = nil
        losslessSupport = .unsupported(reason: "the photo is still opening")
        aspect = aspectForNewPhotos
        history = History()
        savedEdit = CropEdit(aspect: aspectForNewPhotos)
        gesture = .none
        pressPoint = nil
        clearedByClick = nil
        panAnchor = nil
        animation = nil
        activity = .idle
        viewport = viewport.replacingContent(orientation.displayedSize(forStored: storedSize).size)
    }

    /// Records `before` as an undo step when the edit has changed since.
    mutating func commitEdit(from before: CropEdit) {
        if edit != before { history.record(before) }
    }
}

extension EditorAction {
    /// Keyboard crop edits coalesce into one undo step until another action (other than a tick) comes between.
    var continuesKeyboardBurst: Bool {
        switch self {
        case .nudge, .resizeCrop, .turnStraighten, .turnPerspective, .tick: true
        default: false
        }
    }

    /// The events a double-click is made of (its two clicks arrive before it).
    var isPartOfAClick: Bool {
        switch self {
        case .pointerDown, .pointerDragged, .pointerUp, .doubleClick, .tick: true
        default: false
        }
    }
}
