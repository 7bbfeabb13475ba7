// EditorState: every editor rule as pure Swift values. (being written)
