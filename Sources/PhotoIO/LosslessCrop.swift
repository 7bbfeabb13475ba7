import CTurboJPEG
import EditorState

/// Lossless crop with tjTransform: the EXIF orientation and the user's
/// rotation/flip become one DCT-domain transform, and the crop is snapped
/// outwards so that its top-left corner sits on the output's iMCU grid.
///
/// Partial iMCUs (the last columns/rows when the stored size is not a multiple
/// of the iMCU) can only stay on the right or bottom of the output. When the
/// transform would move them to the left or top, the crop must keep clear of
/// them; if the rect reaches them the crop is refused.
enum LosslessCrop {
    struct Plan: Equatable {
        /// Stored pixels to the output picture.
        let transform: Orientation
        /// The crop in the transformed image's coordinates, as tjTransform takes it.
        let outputRect: PixelRect
        /// The snapped crop in stored and in displayed coordinates.
        let storedRect: PixelRect
        let uprightRect: PixelRect
        /// What libjpeg allocates for the transform, about: the source's coefficients (128 bytes a block, 1.5 blocks
        /// a 64-pixel square at 4:2:0, 3 at 4:4:4), the turned crop's as many again, and TurboJPEG's output buffer.
        let workingMemory: Int
    }

    static func plan(frame: JPEGFrame, orientation: Orientation, rect upright: PixelRect,
                     user: Orientation) throws -> Plan {
        guard let tjMCU = frame.subsampling.turboJPEGMCUSize else {
            throw PhotoIOError.losslessImpossible("its \(frame.components.count)-component sampling "
                + "(\(frame.subsampling.name)) is not one TurboJPEG can transform")
        }
        let stored = frame.size
        let storedRect = orientation.storedRect(fromDisplayed: upright, storedSize: stored)
        let transform = orientation.followed(by: user)
        let iMCU = frame.iMCUSize
        guard let grid = LosslessGrid(storedSize: stored, blocks: frame.losslessBlocks(offsetStep: tjMCU),
                                      transform: transform) else {
            throw PhotoIOError.losslessImpossible("this rotation/flip leaves no whole \(iMCU.width)x\(iMCU.height) block")
        }
        // The whole blocks, in stored pixels: the partial ones the transform would move are left out.
        let usable = transform.storedRect(fromDisplayed: grid.usable, storedSize: stored)
        if storedRect.maxX > usable.maxX {
            throw partialBlockError(storedEdge: (1, 0), partial: stored.width % iMCU.width,
                                    iMCU: iMCU, orientation: orientation)
        }
        if storedRect.maxY > usable.maxY {
            throw partialBlockError(storedEdge: (0, 1), partial: stored.height % iMCU.height,
                                    iMCU: iMCU, orientation: orientation)
        }
        // The grid lives in the turned picture with its left-out strip; tjTransform counts from the whole blocks.
        let wanted = transform.displayedRect(fromStored: storedRect, storedSize: stored)
        guard let snapped = grid.snappedOutwards(wanted) else {
            throw PhotoIOError.losslessImpossible("the rect has no whole block in it")
        }
        let output = PixelRect(x: snapped.x - grid.usable.x, y: snapped.y - grid.usable.y,
                               width: snapped.width, height: snapped.height)
        let snappedStored = transform.storedRect(fromDisplayed: snapped, storedSize: stored)
        let coefficientsPerPixel = 6
        let workingMemory = coefficientsPerPixel * (frame.size.width * frame.size.height + output.width * output.height)
            + Int(tjBufSize(Int32(output.width), Int32(output.height), Int32(TJSAMP_444.rawValue)))
        return Plan(transform: transform, outputRect: output, storedRect: snappedStored,
                    uprightRect: orientation.displayedRect(fromStored: snappedStored, storedSize: stored),
                    workingMemory: workingMemory)
    }

    static func run(_ plan: Plan, on bytes: [UInt8], progressive: Bool) throws -> (codestream: [UInt8], warning: String?) {
        let handle = try TurboJPEGHandle(.transform)  // fresh per transform: COPYNONE on a reused handle misbehaves
        var transform = tjtransform()
        transform.r = tjregion(x: Int32(plan.outputRect.x), y: Int32(plan.outputRect.y),
                               w: Int32(plan.outputRect.width), h: Int32(plan.outputRect.height))
        transform.op = plan.transform.turboJPEGOperation
        transform.options = TJXOPT_CROP | TJXOPT_COPYNONE | (progressive ? TJXOPT_PROGRESSIVE : 0)
        // TurboJPEG writes straight into the array, sized for the worst case (4:4:4) so that it never grows it:
        // growing by doubling copied the 7 MB output of a 24 MP crop four times, and copying it out of
        // TurboJPEG's buffer once more; the pages past the end of the real output are never touched.
        let capacity = Int(tjBufSize(Int32(plan.outputRect.width), Int32(plan.outputRect.height), Int32(TJSAMP_444.rawValue)))
        guard capacity > 0 else { throw PhotoIOError.corrupt("the crop is too large for TurboJPEG") }
        var status: Int32 = -1
        let codestream = try [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            var output = buffer.baseAddress
            var outputSize = UInt(capacity)
            status = bytes.withUnsafeBufferPointer { input in
                HugePages.forLargeAllocations(upTo: plan.workingMemory) {
                    tjTransform(handle.raw, input.baseAddress, UInt(input.count), 1, &output, &outputSize, &transform,
                                TJFLAG_NOREALLOC)
                }
            }
            guard output == buffer.baseAddress, outputSize > 0, outputSize <= UInt(capacity),
                  status == 0 || handle.lastFailureIsWarning else {
                throw PhotoIOError.corrupt(handle.errorMessage)
            }
            count = Int(outputSize)
        }
        // Damaged data can stop the transform part-way with only a warning: an image without its end
        // is refused rather than written.
        guard (try? JPEGStructure.parse(codestream))?.isTruncated == false else {
            throw PhotoIOError.corrupt(status == 0 ? "the lossless crop came out incomplete" : handle.errorMessage)
        }
        return (codestream, status == 0 ? nil : handle.errorMessage)
    }

    /// `storedEdge` points from the bitmap's centre to its right (1, 0) or bottom (0, 1) edge.
    private static func partialBlockError(storedEdge: (dx: Int, dy: Int), partial: Int, iMCU: PixelSize,
                                          orientation: Orientation) -> PhotoIOError {
        // The stored right (or bottom) edge, named as the displayed picture shows it.
        let (dx, dy) = orientation.displayedStep(dx: storedEdge.dx, dy: storedEdge.dy)
        let side = dx > 0 ? "right" : dx < 0 ? "left" : dy > 0 ? "bottom" : "top"
        return .losslessImpossible("the rect reaches the last \(partial) pixels at the \(side) edge of the picture, "
            + "a partial \(iMCU.width)x\(iMCU.height) block that this rotation/flip cannot move; "
            + "keep the rect \(partial) pixels away from that edge")
    }
}

extension JPEGFrame {
    /// The blocks a lossless crop must respect; `offsetStep` is the MCU TurboJPEG checks offsets against.
    func losslessBlocks(offsetStep: PixelSize) -> JPEGBlocks { JPEGBlocks(iMCU: iMCUSize, offsetStep: offsetStep) }
}
