import RulebookTooling
import XCTest

@testable import Rulebook

/// Loading files and imports through source providers.
final class WorkspaceTests: XCTestCase {
    private func workspace(_ files: [String: String], cache: ParseCache? = nil) -> Workspace {
        Workspace(provider: InMemorySourceProvider(files: files), cache: cache)
    }

    func testImportsResolveRelativeToTheImportingFile() throws {
        let result = try workspace([
            "forms/signup.rules": "import \"../lib/common.rules\"\nname: personName\n",
            "lib/common.rules": "import \"./more/extra.rules\"\nrule personName = required, extra\n",
            "lib/more/extra.rules": "rule extra = minLength 2\n",
        ]).check(rootFile: "./forms//signup.rules")
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(result.ruleSet?.files, ["forms/signup.rules", "lib/common.rules", "lib/more/extra.rules"])
        XCTAssertEqual(result.ruleSet?.statements.first?.rules.map(\.validator), [.required, .minLength])
        XCTAssertEqual(Set(result.trees.keys), ["forms/signup.rules", "lib/common.rules", "lib/more/extra.rules"])
    }

    func testMissingImportPointsAtThePathLiteral() throws {
        let source = MarkedSource("import 1️⃣\"comon.rules\"2️⃣\nname: required\n")
        let result = try workspace(["a/test.rules": source.text]).check(rootFile: "a/test.rules")
        XCTAssertEqual(
            result.diagnostics.map(CheckedDiagnostic.init),
            [
                CheckedDiagnostic(.missingImport, source.range(1, 2), "cannot import 'comon.rules': no such file 'a/comon.rules'")
            ])
        XCTAssertEqual(result.diagnostics.first?.file, "a/test.rules")
        XCTAssertNil(result.ruleSet)
    }

    func testImportCycleOfTwoFiles() throws {
        let a = MarkedSource("1️⃣import \"b.rules\"2️⃣\nrule fromA = required\nx: fromB\n")
        let b = MarkedSource("1️⃣import \"a.rules\"2️⃣\nrule fromB = fromA\n")
        let result = try workspace(["a.rules": a.text, "b.rules": b.text]).check(rootFile: "a.rules")
        XCTAssertEqual(
            result.diagnostics,
            [
                Diagnostic(
                    file: "b.rules", range: b.range(1, 2), code: .importCycle, message: "import cycle: 'a.rules' → 'b.rules' → 'a.rules'",
                    notes: [
                        Note(message: "import chain: a.rules → b.rules → a.rules"),
                        Note(message: "'a.rules' imports 'b.rules' here", file: "a.rules", range: a.range(1, 2)),
                    ])
            ])
        XCTAssertNil(result.ruleSet)
    }

    func testImportCycleOfThreeFilesAndASelfImport() throws {
        let files = [
            "a.rules": "import \"b.rules\"\n",
            "b.rules": "import \"c.rules\"\n",
            "c.rules": "import \"a.rules\"\nimport \"c.rules\"\n",
        ]
        let result = try workspace(files).check(rootFile: "a.rules")
        XCTAssertEqual(result.diagnostics.map(\.code), [.importCycle, .importCycle])
        XCTAssertEqual(result.diagnostics.map(\.file), ["c.rules", "c.rules"])
        XCTAssertEqual(
            result.diagnostics.map(\.message),
            [
                "import cycle: 'a.rules' → 'b.rules' → 'c.rules' → 'a.rules'", "'c.rules' imports itself",
            ])
        XCTAssertEqual(
            result.diagnostics[0].notes.map(\.message),
            [
                "import chain: a.rules → b.rules → c.rules → a.rules",
                "'a.rules' imports 'b.rules' here", "'b.rules' imports 'c.rules' here",
            ])
        XCTAssertEqual(result.diagnostics[0].range, SourceRange(start: 0, end: 16))
    }

    func testDiamondImportsLoadTheSharedFileOnce() throws {
        let counter = CountingProvider(files: [
            "root.rules": "import \"left.rules\"\nimport \"right.rules\"\nx: l, r\n",
            "left.rules": "import \"base.rules\"\nrule l = b\n",
            "right.rules": "import \"base.rules\"\nrule r = b, maxLength 9\n",
            "base.rules": "rule b = minLength 2\n",
        ])
        let result = try Workspace(provider: counter).check(rootFile: "root.rules")
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(counter.reads, ["root.rules": 1, "left.rules": 1, "right.rules": 1, "base.rules": 1])
        XCTAssertEqual(result.ruleSet?.files, ["root.rules", "left.rules", "base.rules", "right.rules"])
        XCTAssertEqual(result.ruleSet?.statements.first?.rules.map(\.expandedFrom), [["l", "b"], ["r", "b"], ["r"]])
    }

    func testRepeatedImportIsAWarningWithARemovalFix() throws {
        let source = MarkedSource("1️⃣import \"c.rules\"2️⃣\n3️⃣import \"./c.rules\"4️⃣\n5️⃣x: c\n")
        // A lint warning: the tools' passes report it, as `rulebook check` runs them.
        let files = ["test.rules": source.text, "c.rules": "rule c = required\n"]
        let result = try Workspace(provider: InMemorySourceProvider(files: files), options: CheckOptions().withLint)
            .check(rootFile: "test.rules")
        XCTAssertEqual(
            result.diagnostics.map(CheckedDiagnostic.init),
            [
                CheckedDiagnostic(
                    .duplicateImport, source.range(3, 4), "'./c.rules' is already imported by this file",
                    notes: [note("first imported here", source.range(1, 2))],
                    fixIts: [fix("Remove the repeated import", source.range(3, 5), "")])
            ])
        XCTAssertNotNil(result.ruleSet, "a warning does not withhold the rule set")
    }

    func testUnreadableRootThrows() {
        XCTAssertThrowsError(try workspace([:]).check(rootFile: "nope.rules")) { error in
            XCTAssertEqual(error as? SourceReadError, SourceReadError(path: "nope.rules", reason: .notFound))
        }
    }

    func testCheckAllReportsEachFileOnceUnderItsOwnPath() {
        let result = workspace([
            "a.rules": "import \"common.rules\"\nname: personName\n",
            "b.rules": "import \"common.rules\"\nname: personName, maxLenght 3\n",
            "common.rules": "rule personName = required, minLenth 2\n",
        ]).checkAll(paths: ["a.rules", "b.rules", "common.rules", "missing.rules", "a.rules"])
        XCTAssertEqual(result.files, ["a.rules", "common.rules", "b.rules"])
        XCTAssertEqual(result.diagnostics["a.rules"], [])
        XCTAssertEqual(
            result.diagnostics["b.rules"]?.map(\.message), ["unknown validator or named rule 'maxLenght'; did you mean 'maxLength'?"])
        XCTAssertEqual(
            result.diagnostics["common.rules"]?.map(\.message), ["unknown validator or named rule 'minLenth'; did you mean 'minLength'?"])
        XCTAssertEqual(result.allDiagnostics.count, 2)
        XCTAssertEqual(result.unreadable, [SourceReadError(path: "missing.rules", reason: .notFound)])
        XCTAssertTrue(result.hasErrors)
        XCTAssertEqual(result.ruleSets.keys.sorted(), [], "every root depends on the broken common.rules")
    }

    func testCheckAllBuildsTheRuleSetOfEachCleanRoot() {
        let result = workspace([
            "a.rules": "import \"common.rules\"\nname: personName\n",
            "b.rules": "age: integer\n",
            "common.rules": "rule personName = required\n",
        ]).checkAll(paths: ["a.rules", "b.rules"])
        XCTAssertEqual(result.ruleSets.keys.sorted(), ["a.rules", "b.rules"])
        XCTAssertFalse(result.hasErrors)
        XCTAssertEqual(result.graph.importers(of: "common.rules"), ["a.rules"])
    }

    func testOverlayBuffersWinOverTheBase() throws {
        var overlay = OverlaySourceProvider(
            base: InMemorySourceProvider(files: [
                "form.rules": "import \"common.rules\"\nname: short\n",
                "common.rules": "rule short = maxLength 3\n",
            ]))
        overlay.setBuffer("rule short = maxLength 3, minLength 5\n", for: "./common.rules")
        let edited = try Workspace(provider: overlay).check(rootFile: "form.rules")
        XCTAssertEqual(edited.diagnostics.map(\.code), [.contradiction])
        XCTAssertEqual(edited.diagnostics.map(\.file), ["common.rules"])
        overlay.removeBuffer(for: "common.rules")
        XCTAssertEqual(try Workspace(provider: overlay).check(rootFile: "form.rules").diagnostics, [])
    }

    func testParseCacheReparsesOnlyChangedFiles() throws {
        let cache = ParseCache()
        let parses = ParseCounter()
        func check(_ files: [String: String]) throws -> CheckResult {
            try Workspace(provider: InMemorySourceProvider(files: files), cache: CountingCache(cache: cache, parses: parses))
                .check(rootFile: "form.rules")
        }
        let common = "rule short = maxLength 3\n"
        _ = try check(["form.rules": "import \"common.rules\"\nname: short\n", "common.rules": common])
        _ = try check(["form.rules": "import \"common.rules\"\nname: short, required\n", "common.rules": common])
        XCTAssertEqual(parses.counts, ["form.rules": 2, "common.rules": 1])
        XCTAssertEqual(cache.count, 2)
        cache.remove("common.rules")
        _ = try check(["form.rules": "import \"common.rules\"\nname: short, required\n", "common.rules": common])
        XCTAssertEqual(parses.counts, ["form.rules": 2, "common.rules": 2])
    }

    func testParseCacheByPathAndTextReusesATreeParsedFromASourceFile() {
        let cache = ParseCache()
        let parses = ParseCounter()
        let parse: (SourceFile) -> SyntaxTree = { source in
            parses.count(source.path)
            return Parser.parse(source)
        }
        let seeded = cache.tree(for: SourceFile(path: "form.rules", text: "name: required\n"), parse: parse)
        let found = cache.tree(path: "form.rules", text: "name: required\n", parse: parse)
        XCTAssertEqual(parses.counts, ["form.rules": 1])
        XCTAssertEqual(found.source, seeded.source)
        let edited = cache.tree(path: "form.rules", text: "name: required, email\n", parse: parse)
        XCTAssertEqual(parses.counts, ["form.rules": 2])
        XCTAssertEqual(edited.source.text, "name: required, email\n")
        XCTAssertEqual(edited.source.lines.lineCount, 2)
    }

    func testParseCacheHandsTheSamePathsPreviousTreeToAReparse() {
        let cache = ParseCache()
        var handed: [String?] = []
        let reparse: (SourceFile, SyntaxTree?) -> SyntaxTree = { source, previous in
            handed.append(previous?.source.text)
            return Parser.parse(source, reusing: previous)
        }
        let first = cache.tree(for: SourceFile(path: "form.rules", text: "a: required\nb: email\n"), reparse: reparse)
        let edited = cache.tree(for: SourceFile(path: "form.rules", text: "a: required\nb: email, required\n"), reparse: reparse)
        _ = cache.tree(for: SourceFile(path: "form.rules", text: "a: required\nb: email, required\n"), reparse: reparse)
        _ = cache.tree(for: SourceFile(path: "other.rules", text: "c: required\n"), reparse: reparse)
        // No previous tree, then the first version's; the unchanged text is not reparsed.
        XCTAssertEqual(handed, [nil, "a: required\nb: email\n", nil])
        XCTAssertEqual(first.statements.count, 2)
        XCTAssertEqual(edited, Parser.parse(SourceFile(path: "form.rules", text: "a: required\nb: email, required\n")))
    }

    func testSingleTreeEntryPoint() {
        let common = Parser.parse(SourceFile(path: "lib/common.rules", text: "rule short = maxLength 3\n"))
        let tree = Parser.parse(SourceFile(path: "form.rules", text: "import \"lib/common.rules\"\nimport \"other.rules\"\nname: short\n"))
        let (ruleSet, diagnostics) = Checker().check(tree: tree, imports: [common])
        XCTAssertNil(ruleSet)
        XCTAssertEqual(diagnostics.map(\.message), ["cannot import 'other.rules': no such file 'other.rules'"])
        let clean = Parser.parse(SourceFile(path: "form.rules", text: "import \"lib/common.rules\"\nname: short\n"))
        XCTAssertEqual(Checker().check(tree: clean, imports: [common]).ruleSet?.statements.count, 1)
    }

    func testDiskProviderReadsAndListsRuleFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rulebook-ws-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "import \"sub/common.rules\"\nname: short\n".write(
            to: directory.appendingPathComponent("form.rules"), atomically: true, encoding: .utf8)
        try "rule short = maxLength 3\n".write(to: directory.appendingPathComponent("sub/common.rules"), atomically: true, encoding: .utf8)
        try Data([0x61, 0xFF]).write(to: directory.appendingPathComponent("bad.rules"))
        let provider = DiskSourceProvider(baseDirectory: directory.path)
        XCTAssertEqual(try provider.ruleFiles(under: "."), ["bad.rules", "form.rules", "sub/common.rules"])
        XCTAssertEqual(try provider.ruleFiles(under: "form.rules"), ["form.rules"])
        let result = try Workspace(provider: provider).check(rootFile: "form.rules")
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertThrowsError(try provider.read("bad.rules")) { XCTAssertEqual(($0 as? SourceReadError)?.reason, .notUTF8) }
        XCTAssertThrowsError(try provider.read("sub")) { XCTAssertEqual(($0 as? SourceReadError)?.reason, .isDirectory) }
        XCTAssertThrowsError(try provider.read("none.rules")) { XCTAssertEqual(($0 as? SourceReadError)?.reason, .notFound) }
    }
}

/// Path normalisation and resolution.
final class SourcePathTests: XCTestCase {
    func testNormalize() {
        XCTAssertEqual(SourcePath.normalize("Rules/./forms/../common.rules"), "Rules/common.rules")
        XCTAssertEqual(SourcePath.normalize("./a//b.rules"), "a/b.rules")
        XCTAssertEqual(SourcePath.normalize("../x/../../y.rules"), "../../y.rules")
        XCTAssertEqual(SourcePath.normalize("/a/../../b.rules"), "/b.rules")
        XCTAssertEqual(SourcePath.normalize("."), ".")
        XCTAssertEqual(SourcePath.normalize("a/.."), ".")
        XCTAssertEqual(SourcePath.normalize("file:///ws/./Rules/../a.rules"), "file:///ws/a.rules")
    }

    func testResolve() {
        XCTAssertEqual(SourcePath.resolve("common.rules", relativeTo: "Rules/profile.rules"), "Rules/common.rules")
        XCTAssertEqual(SourcePath.resolve("../lib/x.rules", relativeTo: "Rules/profile.rules"), "lib/x.rules")
        XCTAssertEqual(SourcePath.resolve("common.rules", relativeTo: "profile.rules"), "common.rules")
        XCTAssertEqual(SourcePath.resolve("/abs/x.rules", relativeTo: "Rules/profile.rules"), "/abs/x.rules")
        XCTAssertEqual(SourcePath.resolve("common.rules", relativeTo: "/ws/profile.rules"), "/ws/common.rules")
        XCTAssertEqual(SourcePath.resolve("common.rules", relativeTo: "file:///ws/Rules/a.rules"), "file:///ws/Rules/common.rules")
        XCTAssertEqual(SourcePath.resolve("common.rules", relativeTo: "file:///a.rules"), "file:///common.rules")
        XCTAssertEqual(SourcePath.directory(of: "/a.rules"), "/")
        XCTAssertEqual(SourcePath.resolve("b.rules", relativeTo: "/a.rules"), "/b.rules")
    }
}

/// Counts reads per path (thread-safe, since providers are `Sendable`).
final class CountingProvider: SourceProvider, @unchecked Sendable {
    private let files: InMemorySourceProvider
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    init(files: [String: String]) { self.files = InMemorySourceProvider(files: files) }

    var reads: [String: Int] { lock.withLock { counts } }

    func read(_ path: String) throws(SourceReadError) -> String {
        lock.withLock { counts[path, default: 0] += 1 }
        return try files.read(path)
    }
}

/// Counts parses per path.
/// A cache that counts, per path, the parses the cache it wraps asks for.
struct CountingCache: SyntaxTreeCache {
    let cache: ParseCache
    let parses: ParseCounter

    func tree(path: String, text: String, parse: (SourceFile) -> SyntaxTree) -> SyntaxTree {
        cache.tree(path: path, text: text) { source in
            parses.count(source.path)
            return parse(source)
        }
    }
}

final class ParseCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String: Int] = [:]
    var counts: [String: Int] { lock.withLock { storage } }
    func count(_ path: String) { lock.withLock { storage[path, default: 0] += 1 } }
}
