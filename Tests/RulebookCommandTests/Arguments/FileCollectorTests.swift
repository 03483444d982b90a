import Foundation
import Rulebook
import XCTest

@testable import RulebookCommand

final class FileCollectorTests: XCTestCase {
    private var root: URL!
    private var previousDirectory = ""

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("rulebook-collect-\(UUID().uuidString)")
        for path in [
            "Rules/b.rules", "Rules/a.rules", "Rules/nested/c.rules", "Rules/profile.examples.json",
            "Rules/.hidden/d.rules", "Localizations/en.json", "Localizations/de.json", "Other/x.json",
        ] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        previousDirectory = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(root.path))
    }

    override func tearDownWithError() throws {
        _ = FileManager.default.changeCurrentDirectoryPath(previousDirectory)
        try FileManager.default.removeItem(at: root)
    }

    func testDirectoriesAreWalkedInSortedOrder() throws {
        let files = try FileCollector().collect(["Rules/", "Localizations", "Other"], explicit: true)
        XCTAssertEqual(files.ruleFiles, ["Rules/a.rules", "Rules/b.rules", "Rules/nested/c.rules"])
        XCTAssertEqual(files.catalogues, ["Localizations/de.json", "Localizations/en.json"])
    }

    func testExplicitFilesAreTakenAsGiven() throws {
        let files = try FileCollector().collect(["Other/x.json", "Rules/b.rules", "Rules/b.rules"], explicit: true)
        XCTAssertEqual(files.ruleFiles, ["Rules/b.rules"])
        XCTAssertEqual(files.catalogues, ["Other/x.json"])
    }

    func testMissingPaths() throws {
        // Listed for the command to report; the other paths are still collected.
        let files = try FileCollector().collect(["Nope", "Rules"], explicit: true)
        XCTAssertEqual(files.missing, ["Nope"])
        XCTAssertEqual(files.ruleFiles.count, 3)
        XCTAssertEqual(try FileCollector().collect(["Nope", "Rules"], explicit: false).ruleFiles.count, 3)
    }

    func testExampleFilesCanBeCollectedInstead() throws {
        let files = try FileCollector(includeCatalogues: false, fileSuffix: ".examples.json").collect(["Rules"], explicit: true)
        XCTAssertEqual(files.ruleFiles, ["Rules/profile.examples.json"])
    }
}

final class FixApplierTests: XCTestCase {
    private func diagnostic(_ start: Int, _ end: Int, _ replacement: String, file: String = "a.rules") -> Diagnostic {
        Diagnostic(
            file: file, range: SourceRange(start: start, end: end), code: .unknownValidator, message: "m",
            fixIts: [
                FixIt(
                    message: "fix",
                    edits: [
                        TextEdit(
                            file: file, range: SourceRange(start: start, end: end),
                            replacement: replacement)
                    ])
            ])
    }

    func testAppliesFromTheEndSoOffsetsStayValid() {
        let text = "x: minLenght 2, maxLenght 3"
        let plan = FixApplier.plan([diagnostic(3, 12, "minLength"), diagnostic(16, 25, "maxLength")])
        XCTAssertEqual(plan.fixCount, 2)
        XCTAssertEqual(FixApplier.apply(plan.edits["a.rules"] ?? [], to: text), "x: minLength 2, maxLength 3")
    }

    func testOverlappingFixesWaitForTheNextRun() {
        let plan = FixApplier.plan([
            diagnostic(3, 12, "minLength"), diagnostic(5, 8, "zz"), diagnostic(3, 3, "a"),
            diagnostic(3, 3, "b"),
        ])
        XCTAssertEqual(plan.fixCount, 2)
        XCTAssertEqual(plan.edits["a.rules"]?.map(\.replacement), ["minLength", "a"])
    }

    func testMultiByteTextAndFilesAreKeptApart() {
        let text = "é: minLenght 2"  // é is two bytes
        let plan = FixApplier.plan([diagnostic(4, 13, "minLength"), diagnostic(0, 1, "b", file: "b.rules")])
        XCTAssertEqual(FixApplier.apply(plan.edits["a.rules"] ?? [], to: text), "é: minLength 2")
        XCTAssertEqual(plan.edits["b.rules"]?.count, 1)
        XCTAssertEqual(FixApplier.apply([TextEdit(file: "a", range: SourceRange(start: 90, end: 99), replacement: "x")], to: "ab"), "ab")
    }
}
