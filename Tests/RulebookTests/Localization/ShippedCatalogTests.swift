import RulebookTooling
import XCTest

@testable import Rulebook
@testable import RulebookMessageFormat

/// The shipped `Localizations/` catalogues: complete, clean, and every message renders
/// in every shipped locale.
final class ShippedCatalogTests: XCTestCase {
    private var catalogs: MessageCatalogs { L10n.shipped }

    func testShippedLocalesLoadWithoutProblems() {
        XCTAssertEqual(catalogs.locales, L10n.shippedLocales.sorted())
        XCTAssertEqual(catalogs.loadDiagnostics, [])
    }

    func testCatalogueChecksAreCleanOnShippedCatalogues() throws {
        let diagnostics = try CatalogChecker.check(directory: L10n.localizationsDirectory)
        XCTAssertEqual(diagnostics.map { "\($0.file):\($0.range) \($0.code) \($0.message)" }, [])
    }

    func testBaseDefinesEveryValidatorMessage() {
        let keys = catalogs.baseKeys
        for key in CatalogKey.validatorMessageKeys { XCTAssertTrue(keys.contains(key), key) }
    }

    /// Every field and `message KEY` of the shipped rule files has a display name and a
    /// message in every shipped language.
    func testShippedRuleFilesAreCovered() throws {
        let (fields, keys) = try shippedRuleNames()
        XCTAssertTrue(fields.contains("items[*].sku"))
        XCTAssertEqual(keys, ["address.postcodeFormat", "address.stateCode", "signup.passwordsDiffer"])
        for locale in L10n.shippedLocales where locale != "de-AT" {
            let catalog = try XCTUnwrap(catalogs.catalogs[locale])
            for field in fields { XCTAssertNotNil(catalog.message(forKey: "field." + field), "\(locale): field.\(field)") }
            for key in keys { XCTAssertNotNil(catalog.message(forKey: key), "\(locale): \(key)") }
        }
    }

    /// Every key of the base, in every shipped locale, with representative parameters
    /// and counts: no raw keys, no unfilled placeholders, and the text comes from that
    /// locale's catalogue.
    func testEveryShippedMessageRendersInEveryShippedLocale() throws {
        let base = try XCTUnwrap(catalogs.base)
        var rendered = 0
        for locale in L10n.shippedLocales {
            let localizer = catalogs.localizer(locale: locale)
            for key in base.keys {
                for count in [0.0, 1, 2, 5, 22, 1.5] {
                    let (request, form) = request(forKey: key, count: count)
                    let text = localizer.render(request)
                    rendered += 1
                    XCTAssertFalse(text.isEmpty, "\(locale) \(key)")
                    XCTAssertFalse(text.contains("{") || text.contains("}"), "\(locale) \(key): \(text)")
                    XCTAssertFalse(text.contains(key) && key.contains("."), "\(locale) raw key: \(text)")
                    // Arabic writes 1 and 2 as words with the noun (حرف واحد, حرفين), as the language does.
                    let spelledOut = locale == "ar" && (count == 1 || count == 2)
                    if let form, !spelledOut, !key.hasPrefix("field."), form.parameters.first?.kind == .count {
                        XCTAssertTrue(text.contains(digits(count, locale: locale)), "\(locale) \(key) \(count): \(text)")
                    }
                    if locale != "en", locale != "de-AT", !key.hasPrefix("field.") {
                        let english = catalogs.localizer(locale: "en").render(request)
                        XCTAssertNotEqual(text, english, "\(locale) \(key) is not translated")
                    }
                }
            }
        }
        XCTAssertGreaterThan(rendered, 2_000)
    }

    func testPolishArabicAndFrenchPluralForms() {
        func minLength(_ locale: String, _ count: Double) -> String {
            catalogs.render(L10n.request("firstName", "minLength", [("min", .number(count))]), locale: locale)
        }
        XCTAssertEqual(minLength("pl", 1), "Pole „Imię” musi mieć co najmniej 1 znak.")
        XCTAssertEqual(minLength("pl", 2), "Pole „Imię” musi mieć co najmniej 2 znaki.")
        XCTAssertEqual(minLength("pl", 5), "Pole „Imię” musi mieć co najmniej 5 znaków.")
        XCTAssertEqual(minLength("pl", 22), "Pole „Imię” musi mieć co najmniej 22 znaki.")
        XCTAssertEqual(minLength("pl", 12), "Pole „Imię” musi mieć co najmniej 12 znaków.")
        XCTAssertEqual(minLength("pl", 1.5), "Pole „Imię” musi mieć co najmniej 1,5 znaku.")
        XCTAssertEqual(minLength("ar", 0), "يجب ألا يقل طول حقل الاسم الأول عن ٠ حرف.")
        XCTAssertEqual(minLength("ar", 1), "يجب ألا يقل طول حقل الاسم الأول عن حرف واحد.")
        XCTAssertEqual(minLength("ar", 2), "يجب ألا يقل طول حقل الاسم الأول عن حرفين.")
        XCTAssertEqual(minLength("ar", 5), "يجب ألا يقل طول حقل الاسم الأول عن ٥ أحرف.")
        XCTAssertEqual(minLength("ar", 22), "يجب ألا يقل طول حقل الاسم الأول عن ٢٢ حرفًا.")
        XCTAssertEqual(minLength("ar", 100), "يجب ألا يقل طول حقل الاسم الأول عن ١٠٠ حرف.")
        XCTAssertEqual(minLength("fr", 1.5), "Le champ «\u{00A0}Prénom\u{00A0}» doit contenir au moins 1,5 caractère.")
        XCTAssertEqual(
            minLength("fr", 1_000_000), "Le champ «\u{00A0}Prénom\u{00A0}» doit contenir au moins 1\u{202F}000\u{202F}000 de caractères.")
        XCTAssertEqual(minLength("ja", 22), "名は22文字以上で入力してください。")
        XCTAssertEqual(minLength("ru", 21), "Поле «Имя» должно содержать не менее 21 символа.")
        XCTAssertEqual(minLength("ru", 22), "Поле «Имя» должно содержать не менее 22 символов.")
        XCTAssertEqual(minLength("uk", 21), "Поле «Ім’я» має містити щонайменше 21 символ.")
        XCTAssertEqual(minLength("uk", 22), "Поле «Ім’я» має містити щонайменше 22 символи.")
        XCTAssertEqual(minLength("uk", 25), "Поле «Ім’я» має містити щонайменше 25 символів.")
        XCTAssertEqual(minLength("pt", 0), "O campo “Nome” deve ter pelo menos 0 caractere.", "CLDR pt: 0 and 1 are one")
        XCTAssertEqual(minLength("it", 0), "Il campo «Nome» deve contenere almeno 0 caratteri.")
        XCTAssertEqual(minLength("de-AT", 22), "Vorname muss mindestens 22 Zeichen lang sein.")
    }

    func testAustrianOverrideAndFormats() {
        let austrian = catalogs.localizer(locale: "de-AT")
        XCTAssertEqual(austrian.displayName(of: L10n.path("line2")), "Adresszusatz (Stiege, Tür)")
        XCTAssertEqual(catalogs.localizer(locale: "de").displayName(of: L10n.path("line2")), "Adresszeile 2")
        XCTAssertEqual(austrian.displayName(of: L10n.path("line1")), "Adresszeile 1")
    }

    /// The table for the closing note: `minLength` on `firstName` for 1, 2, 5 and 22.
    func testMinLengthTableForTheClosingNote() {
        var lines: [String] = []
        for locale in L10n.shippedLocales {
            for count in [1.0, 2, 5, 22] {
                let text = catalogs.render(L10n.request("firstName", "minLength", [("min", .number(count))]), locale: locale)
                lines.append("| \(locale) | \(Int(count)) | \(text) |")
            }
        }
        XCTAssertEqual(lines.count, L10n.shippedLocales.count * 4)
        if ProcessInfo.processInfo.environment["RULEBOOK_PRINT_L10N_TABLE"] != nil { print(lines.joined(separator: "\n")) }
    }

    // MARK: Helpers

    private func request(forKey key: String, count: Double) -> (MessageRequest, ValidatorForm?) {
        let validatorKey: String
        switch CatalogKey.meaning(of: key) {
        case .displayName(let path):
            return (L10n.request(path.description, "required"), L10n.forms["required"])
        case .fieldSpecific(let path, let messageKey):
            let form = L10n.forms[messageKey]
            return (L10n.request(path.description, messageKey, form.map { L10n.arguments(for: $0, count: count) } ?? []), form)
        case .message:
            validatorKey = overrideValidators[key] ?? key
        }
        let form = L10n.forms[validatorKey]
        let arguments = form.map { L10n.arguments(for: $0, count: count) } ?? []
        let override: MessageOverride? = L10n.forms[key] == nil ? .key(key) : nil
        return (L10n.request("firstName", validatorKey, arguments, override: override), form)
    }

    /// The validator each shipped override key is used with.
    private let overrideValidators = [
        "address.postcodeFormat": "pattern", "address.stateCode": "pattern", "signup.passwordsDiffer": "same",
    ]

    private func digits(_ count: Double, locale: String) -> String {
        LocaleFormat.forLocale(locale).formatNumber(count)
    }

    private func shippedRuleNames() throws -> (fields: Set<String>, keys: Set<String>) {
        var fields: Set<String> = [], keys: Set<String> = []
        let directory = L10n.root.appendingPathComponent("Rules")
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".rules") {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            let tree = Parser.parse(SourceFile(path: name, text: text))
            XCTAssertEqual(tree.diagnostics, [], name)
            collect(tree.statements, &fields, &keys)
        }
        return (fields, keys)
    }

    private func collect(_ statements: [StatementSyntax], _ fields: inout Set<String>, _ keys: inout Set<String>) {
        func note(_ rules: SyntaxList<RuleSyntax>) {
            for rule in rules { if case .key(let key)? = rule.message?.kind { keys.insert(key) } }
        }
        for statement in statements {
            switch statement {
            case .field(let field):
                fields.insert(field.path.description)
                note(field.rules)
            case .namedRule(let rule): note(rule.rules)
            case .when(let block): collect(block.body, &fields, &keys)
            case .importDecl, .unexpected: break
            }
        }
    }
}

/// docs/localization.md stays in step with the code.
final class LocalizationDocTests: XCTestCase {
    func testDocumentNamesEveryCodeLocaleAndTheCLDRVersion() throws {
        let text = try String(contentsOf: L10n.root.appendingPathComponent("docs/localization.md"), encoding: .utf8)
        for code in DiagnosticCode.localizationCodes { XCTAssertTrue(text.contains("`\(code.id)`"), code.id) }
        for locale in L10n.shippedLocales { XCTAssertTrue(text.contains("`\(locale)`"), locale) }
        for locale in PluralRules.supportedLocales { XCTAssertTrue(text.contains(locale), locale) }
        XCTAssertTrue(text.contains("CLDR \(PluralRules.cldrVersion)"))
        XCTAssertTrue(text.contains(L10n.shipped.render(L10n.request("firstName", "minLength", [("min", .number(2))]), locale: "pl")))
    }
}
