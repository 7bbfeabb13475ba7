import XCTest
@testable import CropperUI
