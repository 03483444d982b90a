import Foundation
import XCTest

final class FormatCommandEndToEndTests: XCTestCase {
    private let messy = "firstName:required,   minLength 2   # first\nlastName: required\n\n\n"

    func testShippedRulesAreFormatted() throws {
        let project = try TemporaryProject(copyLocalizations: false)
        let result = try project.run(["fmt", "--check"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, "")
    }

    func testCheckListsFilesThatWouldChangeAndWritesNothing() throws {
        let project = try TemporaryProject(copyLocalizations: false)
        try project.write(messy, to: "Rules/messy.rules")
        let result = try project.run(["fmt", "--check"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "Rules/messy.rules\n")
        XCTAssertEqual(try project.read("Rules/messy.rules"), messy)
    }

    func testFormatsInPlaceIdempotently() throws {
        let project = try TemporaryProject(copyLocalizations: false)
        try project.write(messy, to: "Rules/messy.rules")
        let first = try project.run(["fmt"])
        XCTAssertEqual(first.status, 0)
        XCTAssertEqual(first.stdout, "formatted Rules/messy.rules\n")
        XCTAssertEqual(try project.read("Rules/messy.rules"), "firstName: required, minLength 2 # first\nlastName:  required\n")
        let second = try project.run(["fmt", "Rules/messy.rules"])
        XCTAssertEqual(second.status, 0)
        XCTAssertEqual(second.stdout, "")
    }

    func testRefusesFilesWithSyntaxErrors() throws {
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        let broken = "name: required, \"open\nage: ))\n"
        try project.write(broken, to: "Rules/broken.rules")
        let result = try project.run(["fmt"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(try project.read("Rules/broken.rules"), broken)
        XCTAssertTrue(result.stderr.contains("Rules/broken.rules:1:17: error:"), result.stderr)
        XCTAssertTrue(result.stderr.contains("'Rules/broken.rules' has syntax errors; not formatted"), result.stderr)
    }

    func testStandardInputToStandardOutput() throws {
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        let result = try project.run(["fmt", "-"], stdin: Data(messy.utf8))
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "firstName: required, minLength 2 # first\nlastName:  required\n")
    }

    func testMissingPathIsAnInputError() throws {
        let project = try TemporaryProject(copyRules: false, copyLocalizations: false)
        XCTAssertEqual(try project.run(["fmt", "Nope.rules"]).status, 2)
        XCTAssertEqual(try project.run(["fmt"]).status, 2)
    }
}

final class CatalogsCommandEndToEndTests: XCTestCase {
    func testExportWritesXLIFFWithSourcesAndCurrentTranslations() throws {
        let project = try TemporaryProject(copyRules: false)
        let result = try project.run(["catalogs", "export", "--format", "xliff", "--locale", "de"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff "), result.stdout)
        XCTAssertTrue(result.stdout.contains("trgLang=\"de\""))
        XCTAssertTrue(result.stdout.contains("<source>{field} is required.</source>"))
        XCTAssertTrue(result.stdout.contains("<target>"))
    }

    func testRoundTripThroughAFile() throws {
        let project = try TemporaryProject(copyRules: false)
        XCTAssertEqual(try project.run(["catalogs", "export", "--locale", "fr", "-o", "fr.xlf"]).status, 0)
        var xliff = try project.read("fr.xlf")
        let before = try project.read("Localizations/fr.json")
        xliff = xliff.replacingOccurrences(of: "<source>{field} is required.</source>\n        <target>",
                                           with: "<source>{field} is required.</source>\n        <target>NOUVEAU ")
        try project.write(xliff, to: "fr.xlf")
        let imported = try project.run(["catalogs", "import", "fr.xlf"])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stderr.contains("into Localizations/fr.json"), imported.stderr)
        let after = try project.read("Localizations/fr.json")
        XCTAssertNotEqual(before, after)
        XCTAssertTrue(after.contains("\"required\": \"NOUVEAU "), after)
    }

    func testErrors() throws {
        let project = try TemporaryProject(copyRules: false)
        XCTAssertEqual(try project.run(["catalogs", "export", "--format", "xliff"]).status, 2, "--locale is required")
        XCTAssertEqual(try project.run(["catalogs", "export", "--locale", "de", "--format", "po"]).status, 2)
        try project.write("<html/>", to: "bad.xlf")
        let notXLIFF = try project.run(["catalogs", "import", "bad.xlf"])
        XCTAssertEqual(notXLIFF.status, 2)
        XCTAssertTrue(notXLIFF.stderr.contains("bad.xlf: "), notXLIFF.stderr)
        XCTAssertEqual(try project.run(["catalogs", "frobnicate"]).status, 2)
        let none = try TemporaryProject(copyRules: false, copyLocalizations: false)
        XCTAssertEqual(try none.run(["catalogs", "export", "--locale", "de"]).status, 2)
    }
}
