/// Everything that can happen to the editor. The window, the picker and the CLI all speak this.
public enum EditorAction: Sendable, Equatable {
    /// A new photo: resets the edit and history, fits the view.
    case loadImage(storedSize: PixelSize, orientation: Orientation)
    /// Canvas size in view pixels; keeps the fit when at minimum zoom.
    case resizeView(Size)
    /// The padding kept around the content inside the canvas.
    case setContentInset(EdgeInsets)
    /// Wheel or keys: multiply the zoom, keeping the image point under the view point fixed.
    case zoom(factor: Double, at: Point)
    /// "0": minimum zoom, centred.
    case zoomToFit
    /// "1": 100 %, about the given view point (or the centre of the view).
    case zoomToActualSize(at: Point?)
    case pan(dx: Double, dy: Double)
    /// Zoom ×2 about the point from minimum zoom, else back to minimum; animated. It is never also a click:
    /// a crop cleared by the pair's first click comes back, and a press still pending is dropped.
    case doubleClick(at: Point, now: Double)
    /// Advances a running animation to time `now` (seconds, caller's clock).
    case tick(now: Double)
    case pointerDown(Point, now: Double)
    case pointerDragged(Point)
    case pointerUp(Point, now: Double)
    /// Middle-drag or space-drag.
    case panBegan(Point)
    case panDragged(Point)
    case panEnded
    /// Arrow keys: move the box by whole pixels. Consecutive nudges make one undo entry.
    case nudge(dx: Int, dy: Int)
    /// Alt+arrow keys: grow or shrink the box, top-left fixed. Consecutive resizes make one undo entry.
    case resizeCrop(dw: Int, dh: Int)
    /// Numeric entry: clamped to the image; nil removes the crop.
    case setCrop(PixelRect?)
    case rotateLeft, rotateRight, flipHorizontal, flipVertical
    case setAspect(AspectRatio)
    case cycleAspect
    case swapAspectOrientation
    case undo, redo, reset, markSaved
    /// Puts a whole edit in place (a copied crop rule applied to this photo), as one undoable step.
    case adoptEdit(CropEdit)
    /// Takes up a photo's edit and its undo steps where they were left (a photo of the grid opened again).
    case resume(CropEdit, history: History<CropEdit>)
    case setRecentersAfterDrag(Bool)
    /// HiDPI: device pixels per interface pixel; ignored unless positive and finite.
    case setInterfaceScale(Double)
    /// The aspect lock the next loaded photo starts with; it counts as part of the photo as loaded, not as an edit.
    case setAspectForNewPhotos(AspectRatio)
    /// What the opened photo's JPEG blocks allow; comes after `loadImage`, which forgets the previous photo's.
    case setLosslessSupport(LosslessSupport)
    /// Lossless mode on or off (a setting, not an edit): while on, the box's grid-bound edges snap.
    case setLossless(Bool)
    /// `.` `,` `>` `<`: turn the straighten angle by tenths of a degree. Consecutive turns make one undo entry.
    case turnStraighten(tenths: Int)
    /// Reset, the level tool's result, auto-level: one undo step.
    case setStraighten(StraightenAngle)
    /// The straighten dial is being dragged: the picture turns live; the whole drag is one undo step.
    case dragStraighten(StraightenAngle)
    case endStraightenDrag
    /// The level tool: a line drawn between two view points becomes level (or plumb, when nearer vertical).
    case level(from: Point, to: Point)
    /// The opened photo's 35 mm-equivalent focal length from EXIF (nil: not recorded, 28 mm is assumed); comes
    /// after `loadImage`, before any edit.
    case setLensFocalLength(Double?)
    /// Perspective keys: turn the vertical and horizontal angles by tenths of a degree. Consecutive turns make one
    /// undo entry.
    case turnPerspective(vertical: Int, horizontal: Int)
    /// A typed or reset perspective: one undo step.
    case setPerspective(PerspectiveAngles)
    /// Upright's or the guides' answer, straighten and perspective together: one undo step.
    case setWarp(StraightenAngle, PerspectiveAngles)
    /// A perspective dial is being dragged: the picture warps live; the drag ends with `endStraightenDrag` and is
    /// one undo step.
    case dragPerspective(PerspectiveAngles)
    /// Guided mode: the guide lines (displayed pixels, before the warp) after a line is drawn, moved or deleted;
    /// two or more along verticals or horizontals re-project the picture so that they are. One undo step.
    case setGuides([LineSegment])
    /// A guide being drawn or moved: the picture follows live; the drag ends with `endStraightenDrag`, one undo step.
    case dragGuides([LineSegment])
}
