import Foundation
import RulebookTooling

@testable import Rulebook

/// Shared helpers for the localisation tests.
enum L10n {
    /// The repository root, from this file's path.
    static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static var localizationsDirectory: String { root.appendingPathComponent("Localizations").path }

    /// The shipped catalogues, loaded once per test process.
    static let shipped: MessageCatalogs = {
        do { return try MessageCatalogs(directory: localizationsDirectory) } catch { return .empty }
    }()

    static let shippedLocales = ["en", "de", "de-AT", "fr", "es", "pl", "ar", "ja", "it", "pt", "nl", "ru", "uk"]

    static func path(_ text: String) -> FieldPath {
        CatalogKey.parsePath(Substring(text)) ?? FieldPath([.key(text)])
    }

    static func request(
        _ field: String, _ key: String, _ arguments: [(String, MessageArgument)] = [],
        override: MessageOverride? = nil
    ) -> MessageRequest {
        MessageRequest(
            messageOverride: override, field: path(field), messageKey: key,
            arguments: arguments.map { (name: $0.0, value: $0.1) })
    }

    /// Representative arguments for a validator form's parameters.
    static func arguments(for form: ValidatorForm, count: Double = 2) -> [(String, MessageArgument)] {
        var result: [(String, MessageArgument)] = []
        for (index, parameter) in form.parameters.enumerated() {
            result.append((parameter.name, sample(parameter.kind, count: count + Double(index) * 3)))
        }
        if let variadic = form.variadic {
            result.append((variadic.name, .list([.text("GB"), .text("FR"), .text("DE")])))
        }
        return result
    }

    static func sample(_ kind: ParameterKind, count: Double) -> MessageArgument {
        switch kind {
        case .count: .number(count)
        case .number: .number(count == 2 ? 1.5 : count)
        case .regex: .text("/^[0-9]{5}$/")
        case .literal: .text("GB")
        case .dateBound: .date(CalendarDate(year: 2026, month: 1, day: 31)!)
        case .field: .field(FieldPath([.key("password")]))
        }
    }

    /// Every validator form, by message key.
    static let forms: [String: ValidatorForm] = Dictionary(
        ValidatorDefinition.all.flatMap(\.forms).map { ($0.messageKey, $0) }, uniquingKeysWith: { first, _ in first })
}

// Conveniences the localisation tests read results through; the library itself appends
// to a message being rendered.

extension LocaleFormat {
    /// `value` written for this locale.
    func formatNumber(_ value: Double) -> String {
        var output = ""
        appendNumber(value, to: &output)
        return output
    }

    /// `date` in this locale's pattern for `style`.
    func formatDate(_ date: CalendarDate, style: DateStyle) -> String {
        var output = ""
        appendDate(date, style: style, to: &output)
        return output
    }

    /// Whether conventions for `tag` (or a prefix) are built in.
    static func hasData(for tag: String) -> Bool {
        LocaleTag.truncations(of: tag).contains { table[$0] != nil }
    }
}

extension PluralRules {
    /// Every locale with rules of its own, sorted.
    static var supportedLocales: [String] { table.keys.sorted() }
}
