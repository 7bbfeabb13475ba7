import EditorState
import Localization

extension PhotoSource {
    /// Whether this photo can be cropped losslessly, for the window to offer lossless mode (or say why not).
    public var losslessSupport: LosslessSupport {
        if format == .heic || format == .avif {
            do {
                return .chroma(try HEIFLosslessCrop.chromaSteps(try heifPrimaryImage().primary))
            } catch let error as HEIFContainerError {
                return .unsupported(reason: error.photoIOError.reason)
            } catch {
                return .unsupported(reason: "\(error)")
            }
        }
        guard let jpeg else { return .unsupported(reason: tr("the photo is %s; lossless crops are for JPEG, HEIC and AVIF", format.rawValue.uppercased())) }
        if jpeg.isTruncated { return .unsupported(reason: tr("the JPEG is damaged (its data ends early)")) }
        guard let step = jpeg.frame.subsampling.turboJPEGMCUSize else {
            return .unsupported(reason: tr("its colour sampling (%s) cannot be cropped losslessly", jpeg.frame.subsampling.name))
        }
        return .blocks(jpeg.frame.losslessBlocks(offsetStep: step))
    }
}


extension PhotoSource {
    /// The HEIF container and its primary image as a lossless crop needs them (parsed anew: it takes well under a
    /// millisecond).
    func heifPrimaryImage() throws -> (container: HEIFContainer, primary: HEIFPrimaryImage) {
        let container = try HEIFContainer.parse(bytes)
        return (container, try HEIFPrimaryImage(container, bytes: bytes))
    }
}
