import Foundation
import XCTest

/// Validates JSON documents against a JSON schema with Python's `jsonschema` package
/// (installed by `.ci/run`); tests skip with a reason when it is missing.
enum PythonJSONSchema {
    /// `Tests/RulebookCommandTests/Resources/<name>`.
    static func resource(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources").appendingPathComponent(name)
    }

    /// Skips the test unless `python3 -c "import jsonschema"` works.
    static func requireAvailable() throws {
        let result = try? ProcessRunner.run("/usr/bin/env", ["python3", "-c", "import jsonschema"])
        guard let result, result.status == 0 else {
            throw XCTSkip("python3 with the jsonschema package is not installed (pip install jsonschema); .ci/run installs it")
        }
    }

    /// The validation errors of `document` against `schema` (empty when valid).
    static func errors(validating document: String, against schema: URL) throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rulebook-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let documentURL = directory.appendingPathComponent("document.json")
        try document.write(to: documentURL, atomically: true, encoding: .utf8)
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            document = json.load(open(sys.argv[2]))
            validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())
            for error in sorted(validator.iter_errors(document), key=lambda e: list(e.path)):
                print("/".join(str(p) for p in error.path) + ": " + error.message)
            """
        let result = try ProcessRunner.run("/usr/bin/env", ["python3", "-c", script, schema.path, documentURL.path])
        guard result.status == 0 else { return ["python3 failed: \(result.stderr)"] }
        return result.stdout.split(separator: "\n").map(String.init)
    }
}
