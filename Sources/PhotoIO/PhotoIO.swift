import EditorState
import CTurboJPEG
import CCairo
