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
        xliff = xliff.replacingOccurrences(
            of: "<source>{field} is required.</source>\n        <target>",
            with: "<source>{field} is required.</source>\n        <target>NOUVEAU ")
        try project.write(xliff, to: "fr.xlf")
        let imported = try project.run(["catalogs", "import", "fr.xlf"])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stderr.contains("into Localizations/fr.json"), imported.stderr)
        let after = try project.read("Localizations/fr.json")
        XCTAssertNotEqual(before, after)
        XCTAssertTrue(after.contains("\"required\": \"NOUVEAU "), after)
    }

    /// Exports French and replaces the target of `required` with `target`.
    private func frenchXLIFF(in project: TemporaryProject, requiredTarget target: String) throws {
        XCTAssertEqual(try project.run(["catalogs", "export", "--locale", "fr", "-o", "fr.xlf"]).status, 0)
        let xliff = try project.read("fr.xlf")
        let source = try XCTUnwrap(xliff.range(of: "<source>{field} is required.</source>\n        <target>"), xliff)
        let end = try XCTUnwrap(xliff.range(of: "</target>", range: source.upperBound..<xliff.endIndex))
        try project.write(xliff.replacingCharacters(in: source.upperBound..<end.lowerBound, with: target), to: "fr.xlf")
    }

    func testAnUnknownPlaceholderBlocksTheImport() throws {
        let project = try TemporaryProject(copyRules: false)
        try frenchXLIFF(in: project, requiredTarget: "Le champ « {who} » est obligatoire.")
        let before = try project.read("Localizations/fr.json")
        let imported = try project.run(["catalogs", "import", "fr.xlf"])
        XCTAssertEqual(imported.status, 1, imported.stderr)
        XCTAssertTrue(imported.stderr.contains("'{who}' is not a placeholder of the base message 'required'"), imported.stderr)
        XCTAssertTrue(imported.stderr.contains("Localizations/fr.json:"), "rendered at the merged catalogue's line: \(imported.stderr)")
        XCTAssertTrue(imported.stderr.contains("rulebook: error: fr.xlf: not imported"), imported.stderr)
        XCTAssertEqual(try project.read("Localizations/fr.json"), before, "nothing is written")

        let dryRun = try project.run(["catalogs", "import", "--dry-run", "fr.xlf"])
        XCTAssertEqual(dryRun.status, 1, dryRun.stderr)
        XCTAssertEqual(dryRun.stdout, "", "a catalogue with errors is not printed either")
        XCTAssertTrue(dryRun.stderr.contains("'{who}' is not a placeholder"), dryRun.stderr)
    }

    func testADroppedPlaceholderIsReportedButImported() throws {
        let project = try TemporaryProject(copyRules: false)
        try frenchXLIFF(in: project, requiredTarget: "Ce champ est obligatoire.")
        let dryRun = try project.run(["catalogs", "import", "--dry-run", "fr.xlf"])
        XCTAssertEqual(dryRun.status, 0, "a dropped placeholder is a warning: \(dryRun.stderr)")
        XCTAssertTrue(dryRun.stderr.contains("the translation of 'required' drops the placeholder '{field}'"), dryRun.stderr)
        XCTAssertTrue(dryRun.stdout.contains("\"required\": \"Ce champ est obligatoire.\""), dryRun.stdout)
        let imported = try project.run(["catalogs", "import", "fr.xlf"])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stderr.contains("drops the placeholder '{field}'"), imported.stderr)
        XCTAssertTrue(try project.read("Localizations/fr.json").contains("\"required\": \"Ce champ est obligatoire.\""))
    }

    func testAMessageThatDoesNotParseBlocksTheImport() throws {
        let project = try TemporaryProject(copyRules: false)
        try frenchXLIFF(in: project, requiredTarget: "Le champ « {field » est obligatoire.")
        let before = try project.read("Localizations/fr.json")
        let imported = try project.run(["catalogs", "import", "fr.xlf"])
        XCTAssertEqual(imported.status, 1, imported.stderr)
        XCTAssertEqual(try project.read("Localizations/fr.json"), before)
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
