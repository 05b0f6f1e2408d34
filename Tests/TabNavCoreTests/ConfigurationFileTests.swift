#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import XCTest
import TabNavCore
import TabNavInteraction
import TabNavSystem

/// Where the configuration file is, and reading it from disk: `--config` must exist, the default
/// file may be missing.
final class ConfigurationFileTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        var template = Array("/tmp/tabnav-config-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw XCTSkip("no temporary folder") }
        folder = String(cString: made)
    }

    override func tearDownWithError() throws {
        _ = system("rm -rf '\(folder)'")
        try super.tearDownWithError()
    }

    private func write(_ text: String, to path: String) throws {
        _ = system("mkdir -p \"$(dirname '\(path)')\"")
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        XCTAssertGreaterThanOrEqual(fd, 0)
        _ = FileSystem.writeAll(fd, Array(text.utf8))
        close(fd)
    }

    // MARK: Location

    func testLocation() {
        XCTAssertEqual(ConfigurationLocation.file(configPath: nil, environment: ["HOME": "/home/a"]),
                       .init(path: "/home/a/.config/tabnav-tui/config.json", required: false))
        XCTAssertEqual(ConfigurationLocation.file(configPath: nil, environment: ["HOME": "/home/a/", "XDG_CONFIG_HOME": "/x/"]),
                       .init(path: "/x/tabnav-tui/config.json", required: false))
        XCTAssertEqual(ConfigurationLocation.file(configPath: nil, environment: ["HOME": "/home/a", "XDG_CONFIG_HOME": "~/cfg"]).path,
                       "/home/a/cfg/tabnav-tui/config.json", "~ is expanded")
        XCTAssertEqual(ConfigurationLocation.file(configPath: nil, environment: ["HOME": "/home/a", "XDG_CONFIG_HOME": "relative"]).path,
                       "/home/a/.config/tabnav-tui/config.json", "only an absolute XDG_CONFIG_HOME counts")
        XCTAssertEqual(ConfigurationLocation.file(configPath: nil, environment: ["HOME": "/home/a", "XDG_CONFIG_HOME": ""]).path,
                       "/home/a/.config/tabnav-tui/config.json")
        XCTAssertEqual(ConfigurationLocation.file(configPath: nil, environment: ["HOME": "/", "XDG_CONFIG_HOME": "/"]).path,
                       "/tabnav-tui/config.json")
        XCTAssertEqual(ConfigurationLocation.file(configPath: "~/k.json", environment: ["HOME": "/home/a", "XDG_CONFIG_HOME": "/x"]),
                       .init(path: "/home/a/k.json", required: true))
    }

    // MARK: Reading

    func testAMissingDefaultFileIsTheStandardConfiguration() throws {
        let environment = ["HOME": folder + "/home", "XDG_CONFIG_HOME": folder + "/nothing-here"]
        XCTAssertEqual(try ConfigurationLoader.load(configPath: nil, environment: environment), .standard)
    }

    func testTheDefaultFileIsRead() throws {
        try write(#"{"keys": {"normal": {"n": "next-tab"}}, "theme": "mono"}"#, to: folder + "/xdg/tabnav-tui/config.json")
        let configuration = try ConfigurationLoader.load(configPath: nil, environment: ["HOME": folder, "XDG_CONFIG_HOME": folder + "/xdg"])
        XCTAssertEqual(configuration.keymap.command(for: .character("n"), in: .normal), .nextTab)
        XCTAssertEqual(configuration.theme, .mono)
    }

    func testABadDefaultFileIsAnErrorNamingIt() throws {
        let path = folder + "/.config/tabnav-tui/config.json"
        try write(#"{"theme": "drak"}"#, to: path)
        XCTAssertThrowsError(try ConfigurationLoader.load(configPath: nil, environment: ["HOME": folder])) { error in
            XCTAssertEqual((error as? ConfigurationError)?.description,
                           #"\#(path): theme: unknown theme "drak" (expected auto, dark, light, high-contrast or mono)"#)
        }
    }

    func testAMissingConfigFileIsAnError() {
        let path = folder + "/missing.json"
        XCTAssertThrowsError(try ConfigurationLoader.load(configPath: path, environment: ["HOME": folder])) { error in
            let error = error as? ConfigurationError
            XCTAssertEqual(error?.kind, .file)
            XCTAssertEqual(error?.description, "cannot read \(path): No such file or directory")
        }
    }

    func testAFolderIsNotAConfigurationFile() {
        XCTAssertThrowsError(try ConfigurationLoader.load(path: folder)) { error in
            XCTAssertEqual((error as? ConfigurationError)?.description, "cannot read \(folder): Is a directory")
        }
        XCTAssertThrowsError(try ConfigurationLoader.loadIfPresent(path: folder), "only a missing file is fine")
    }

    /// Before, a FIFO as the configuration blocked `open` forever.
    func testAFIFOOrADeviceIsRefusedAtOnce() {
        let fifo = folder + "/config.json"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        for path in [fifo, "/dev/zero", "/dev/null"] {
            XCTAssertThrowsError(try ConfigurationLoader.load(path: path)) { error in
                XCTAssertTrue((error as? ConfigurationError)?.description.hasPrefix("cannot read \(path): a ") == true, "\(error)")
                XCTAssertTrue("\(error)".hasSuffix(", not a regular file (not read)"), "\(error)")
            }
        }
        // The default file too.
        _ = system("mkdir -p '\(folder)/x/tabnav-tui' && mkfifo '\(folder)/x/tabnav-tui/config.json'")
        XCTAssertThrowsError(try ConfigurationLoader.load(configPath: nil, environment: ["XDG_CONFIG_HOME": folder + "/x", "HOME": folder]))
    }
}
