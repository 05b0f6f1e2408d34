import Glibc
@testable import TabNavTerminal
import XCTest

final class ProcessEnvironmentTests: XCTestCase {
    func testEachVariableIsSplitAtItsFirstEqualsSign() {
        setenv("TABNAV_ENVIRONMENT_TEST", "a=b=c é", 1)
        setenv("TABNAV_ENVIRONMENT_EMPTY", "", 1)
        defer {
            unsetenv("TABNAV_ENVIRONMENT_TEST")
            unsetenv("TABNAV_ENVIRONMENT_EMPTY")
        }
        let environment = ProcessEnvironment.current()
        XCTAssertEqual(environment["TABNAV_ENVIRONMENT_TEST"], "a=b=c é")
        XCTAssertEqual(environment["TABNAV_ENVIRONMENT_EMPTY"], "")
        XCTAssertEqual(environment["PATH"], getenv("PATH").map { String(cString: $0) })
    }
}
