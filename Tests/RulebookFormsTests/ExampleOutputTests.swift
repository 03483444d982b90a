import Foundation
import XCTest

/// The scripted screens in Examples/ print what their expected.txt says (run from the
/// package root, against the shipped Rules/).
final class ExampleOutputTests: XCTestCase {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func testEditProfile() throws { try assertExample("EditProfile") }
    func testHotspot() throws { try assertExample("Hotspot") }
    func testSignUp() throws { try assertExample("SignUp") }
    func testAddress() throws { try assertExample("Address") }
    func testPayment() throws { try assertExample("Payment") }

    func assertExample(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let binary = try XCTUnwrap(
            Self.binary(name), "\(name) is not built next to the test bundle (swift build)",
            file: file, line: line)
        let process = Process()
        process.executableURL = binary
        process.currentDirectoryURL = Self.packageRoot
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, file: file, line: line)
        let expected = try String(contentsOf: Self.packageRoot.appendingPathComponent("Examples/\(name)/expected.txt"), encoding: .utf8)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), expected, file: file, line: line)
    }

    /// The example's executable in the build directory the tests run from.
    static func binary(_ name: String) -> URL? {
        var directories: [URL] = []
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
        return directories.map { $0.appendingPathComponent(name) }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
