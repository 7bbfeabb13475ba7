import XCTest
@testable import PhotoIO
