import EditorState
import CX11
import CCairo
import CPango
