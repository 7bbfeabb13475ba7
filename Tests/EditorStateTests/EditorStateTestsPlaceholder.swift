import XCTest
@testable import EditorState
