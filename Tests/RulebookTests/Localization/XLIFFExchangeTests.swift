import XCTest

@testable import Rulebook
@testable import RulebookTooling

final class XLIFFExchangeTests: XCTestCase {
    private var catalogs: MessageCatalogs { L10n.shipped }

    func testRoundTripReproducesEveryShippedCatalogue() throws {
        for locale in L10n.shippedLocales where locale != "en" {
            let original = try XCTUnwrap(catalogs.catalogs[locale]).file.text
            let xliff = XLIFFExchange.export(catalogs, targetLocale: locale)
            let imported = try XLIFFExchange.importXLIFF(xliff, catalogs: catalogs, existing: nil)
            XCTAssertEqual(imported.locale, locale)
            XCTAssertEqual(imported.json, original, locale)
            XCTAssertEqual(imported.diagnostics, [])
        }
    }

    func testExportStructure() throws {
        let xliff = XLIFFExchange.export(catalogs, targetLocale: "pl")
        let root = try XMLReader.parse(xliff)
        XCTAssertEqual(root.name, "xliff")
        XCTAssertEqual(root.attributes["version"], "2.0")
        XCTAssertEqual(root.attributes["srcLang"], "en")
        XCTAssertEqual(root.attributes["trgLang"], "pl")
        XCTAssertTrue(xliff.contains("xmlns=\"urn:oasis:names:tc:xliff:document:2.0\""))
        let units = try XCTUnwrap(root.element(named: "file")).elements(named: "unit")
        XCTAssertEqual(units.map { $0.attributes["name"] ?? "" }, catalogs.base?.keys)
        let sku = try XCTUnwrap(units.first { $0.attributes["name"] == "field.items[*].sku" })
        XCTAssertEqual(sku.attributes["id"], "field.items___.sku", "ids are NMTOKENs")
        XCTAssertEqual(Set(units.compactMap { $0.attributes["id"] }).count, units.count, "ids are unique")
        let minLength = try XCTUnwrap(units.first { $0.attributes["name"] == "minLength" })
        let notes = try XCTUnwrap(minLength.element(named: "notes")).elements(named: "note")
        XCTAssertEqual(notes.first?.attributes["category"], "parameters")
        XCTAssertEqual(notes.first?.text, "Parameters: {field}: the field's display name; {min}: a whole number (choose plural forms).")
        XCTAssertEqual(notes.last?.text, "Plural categories for pl (CLDR 46): one, few, many, other.")
        let segment = try XCTUnwrap(minLength.element(named: "segment"))
        XCTAssertEqual(segment.attributes["state"], "translated")
        XCTAssertEqual(segment.element(named: "source")?.text, catalogs.base?.entry(forKey: "minLength")?.text)
        XCTAssertEqual(segment.element(named: "target")?.text, catalogs.catalogs["pl"]?.entry(forKey: "minLength")?.text)
        let oneOf = try XCTUnwrap(units.first { $0.attributes["name"] == "oneOf" })
        XCTAssertTrue(oneOf.element(named: "notes")?.text.contains("{values}: the list of allowed values") == true)
    }

    func testExportForANewLanguageHasSourcesOnly() throws {
        let root = try XMLReader.parse(XLIFFExchange.export(catalogs, targetLocale: "sv"))
        let segments = root.element(named: "file")?.elements(named: "unit").compactMap { $0.element(named: "segment") } ?? []
        XCTAssertFalse(segments.isEmpty)
        XCTAssertTrue(segments.allSatisfy { $0.attributes["state"] == "initial" && $0.element(named: "target") == nil })
    }

    func testImportMergesIntoTheExistingCatalogueInStableOrder() throws {
        let existing = "{\n  \"zzz.custom\": \"keep me\",\n  \"required\": \"old\"\n}\n"
        let xliff = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- from a CAT tool -->
            <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de_at">
              <file id="f1">
                <group id="g">
                  <unit id="u1" name="field.line2"><segment><source>Address line 2</source><target>Stiege &amp; Tür</target></segment></unit>
                </group>
                <unit id="u2" name="required"><segment><source>x</source><target><![CDATA[<ph equiv="{field}"/>]]> fehlt</target></segment></unit>
                <unit id="u3" name="minLength"><segment><source>x</source><target><ph id="1" equiv="{field}"/> ist zu kurz</target></segment></unit>
                <unit id="u4" name="maxLength"><segment><source>x</source><target></target></segment></unit>
              </file>
            </xliff>
            """
        let result = try XLIFFExchange.importXLIFF(xliff, catalogs: catalogs, existing: existing)
        XCTAssertEqual(result.locale, "de-AT")
        XCTAssertEqual(result.importedKeys, ["field.line2", "required", "minLength"])
        XCTAssertEqual(
            result.json,
            """
            {
              "required": "<ph equiv=\\"{field}\\"/> fehlt",
              "minLength": "{field} ist zu kurz",
              "field.line2": "Stiege & Tür",
              "zzz.custom": "keep me"
            }

            """)
    }

    func testImportReportsMessagesThatDoNotParse() throws {
        let xliff = """
            <xliff version="2.0" srcLang="en" trgLang="pl"><file id="f"><unit id="a" name="required">
            <segment><source>s</source><target>Pole {field jest wymagane</target></segment></unit></file></xliff>
            """
        let result = try XLIFFExchange.importXLIFF(xliff, catalogs: catalogs, existing: nil)
        XCTAssertEqual(result.diagnostics.map(\.code), [.messageSyntax])
    }

    func testImportRejectsWhatIsNotXLIFF2() {
        let cases = [
            "not xml", "<xliff version=\"1.2\" trgLang=\"pl\"></xliff>", "<root/>", "<xliff version=\"2.0\"></xliff>",
            "<!DOCTYPE x [<!ENTITY a \"b\">]><xliff/>", "<xliff version=\"2.0\" trgLang=\"pl\"><file></xliff>",
        ]
        for text in cases {
            XCTAssertThrowsError(try XLIFFExchange.importXLIFF(text, catalogs: catalogs, existing: nil), text)
        }
    }

    func testXMLReaderBasics() throws {
        let element = try XMLReader.parse("<?xml version='1.0'?><a x='1 &lt; 2' y=\"&#x263A;\"><!-- c --><b>t&#65;&apos;</b>tail<c/></a>")
        XCTAssertEqual(element.attributes, ["x": "1 < 2", "y": "☺"])
        XCTAssertEqual(element.element(named: "b")?.text, "tA'")
        XCTAssertEqual(element.text, "tA'tail")
        let deep = String(repeating: "<a>", count: 500) + String(repeating: "</a>", count: 500)
        XCTAssertThrowsError(try XMLReader.parse(deep))
        XCTAssertThrowsError(try XMLReader.parse("<a>&bogus;</a>"))
    }
}
