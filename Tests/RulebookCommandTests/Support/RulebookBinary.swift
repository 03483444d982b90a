import Foundation
import XCTest

/// Finds and runs the built `rulebook` executable for end-to-end tests.
///
/// Looked for, in order: `$RULEBOOK_BINARY`; next to the test bundle (SwiftPM puts
/// products and the test bundle in the same directory); the package's `.build/debug`;
/// and as a last resort it is built with `swift build --product rulebook`.
enum RulebookBinary {
    /// The package root (`Tests/RulebookCommandTests/Support/../../..`).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    nonisolated(unsafe) private static var cached: URL?
    private static let lock = NSLock()

    /// The executable's URL.
    static func url() throws -> URL {
        lock.lock()
        defer { lock.unlock() }
        if let cached { return cached }
        let found = try locate()
        cached = found
        return found
    }

    private static func locate() throws -> URL {
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["RULEBOOK_BINARY"] { candidates.append(URL(fileURLWithPath: path)) }
        if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
        let bundle = Bundle(for: BundleMarker.self).bundleURL
        candidates += [
            bundle.deletingLastPathComponent(), bundle.deletingLastPathComponent().deletingLastPathComponent(),
            packageRoot.appendingPathComponent(".build/debug"),
        ]
        for candidate in candidates {
            let url = candidate.lastPathComponent == "rulebook" ? candidate : candidate.appendingPathComponent("rulebook")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        let build = try ProcessRunner.run("/usr/bin/env", ["swift", "build", "--product", "rulebook"], currentDirectory: packageRoot)
        guard build.status == 0 else { throw XCTSkip("could not build rulebook: \(build.stderr)") }
        let binPath = try ProcessRunner.run("/usr/bin/env", ["swift", "build", "--show-bin-path"], currentDirectory: packageRoot)
        let url = URL(fileURLWithPath: binPath.stdout.trimmingCharacters(in: .whitespacesAndNewlines)).appendingPathComponent("rulebook")
        guard FileManager.default.isExecutableFile(atPath: url.path) else { throw XCTSkip("no rulebook executable at \(url.path)") }
        return url
    }

    /// Runs `rulebook arguments…` in `directory` with a plain environment (no colour
    /// settings, no terminal), feeding `stdin` when given.
    static func run(
        _ arguments: [String], in directory: URL, stdin: Data? = nil,
        environment extra: [String: String] = [:]
    ) throws -> ProcessRunner.Result {
        var environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8"]
        // Under scripts/sanitize the executable is instrumented too: it must get the same
        // sanitizer options (leak detection off), or a reported false leak changes its exit status.
        for key in ["ASAN_OPTIONS", "TSAN_OPTIONS", "LSAN_OPTIONS"] {
            if let value = ProcessInfo.processInfo.environment[key] { environment[key] = value }
        }
        environment.merge(extra) { _, new in new }
        return try ProcessRunner.run(
            try url().path, arguments, stdin: stdin, currentDirectory: directory,
            environment: environment)
    }

    private final class BundleMarker {}
}

/// A temporary project directory with copies of the shipped `Rules/` and
/// `Localizations/`, removed when the test ends.
final class TemporaryProject {
    let url: URL

    init(copyRules: Bool = true, copyLocalizations: Bool = true) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("rulebook-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let root = RulebookBinary.packageRoot
        if copyRules { try FileManager.default.copyItem(at: root.appendingPathComponent("Rules"), to: url.appendingPathComponent("Rules")) }
        let localizations = root.appendingPathComponent("Localizations")
        if copyLocalizations, FileManager.default.fileExists(atPath: localizations.path) {
            try FileManager.default.copyItem(at: localizations, to: url.appendingPathComponent("Localizations"))
        }
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` to `path` (relative), creating directories.
    func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    func write(_ data: Data, to path: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
    }

    /// Runs `rulebook` in the project.
    func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]) throws -> ProcessRunner.Result {
        try RulebookBinary.run(arguments, in: url, stdin: stdin, environment: environment)
    }
}
