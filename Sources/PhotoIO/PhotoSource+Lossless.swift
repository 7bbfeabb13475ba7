import EditorState
import Localization

extension PhotoSource {
    /// Whether this photo can be cropped losslessly, for the window to offer lossless mode (or say why not).
    public var losslessSupport: LosslessSupport {
        guard let jpeg else { return .unsupported(reason: tr("the photo is %s, not JPEG", format.rawValue.uppercased())) }
        if jpeg.isTruncated { return .unsupported(reason: tr("the JPEG is damaged (its data ends early)")) }
        guard let step = jpeg.frame.subsampling.turboJPEGMCUSize else {
            return .unsupported(reason: tr("its colour sampling (%s) cannot be cropped losslessly", jpeg.frame.subsampling.name))
        }
        return .blocks(jpeg.frame.losslessBlocks(offsetStep: step))
    }
}
