import Foundation
import Rulebook
import RulebookMessageFormat
import RulebookTooling

/// Loads what `validate`, `test` and `explain` evaluate with: a rule file, checked and
/// compiled, and the message renderer for the requested locale.
///
/// A rule file with errors is not evaluated: its diagnostics are printed on stderr (in
/// the text format) and the command ends with status 2. Warnings are printed and the
/// command goes on.
struct RuleLoader {
    /// The catalogue directory, if any (`--catalogs`, else `Localizations` when present).
    let catalogsDirectory: String?
    /// The locale of messages (`--locale`); the base locale when nil.
    let locale: String?
    /// The project configuration: its `diagnostics` levels apply to the rule file's
    /// diagnostics.
    let project: ProjectConfiguration?

    /// Resolves `--catalogs` and `--locale`, falling back to the project
    /// configuration's `catalogs` and `locale`.
    init(catalogs: String?, locale: String?, project: ProjectConfiguration? = nil) throws(CommandError) {
        self.project = project
        let catalogs = catalogs ?? project?.catalogs
        let locale = locale ?? project?.locale
        if let catalogs {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: catalogs, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw CommandError("no catalogue directory '\(catalogs)'")
            }
            catalogsDirectory = catalogs
        } else {
            var isDirectory: ObjCBool = false
            let present = FileManager.default.fileExists(atPath: "Localizations", isDirectory: &isDirectory) && isDirectory.boolValue
            catalogsDirectory = present ? "Localizations" : nil
        }
        if let locale {
            // BCP 47 tags are case-insensitive, and POSIX locales write `_`: `DE` is `de`,
            // `de_DE` is `de-DE`.
            let canonical = LocaleTag.canonical(locale)
            guard LocaleTag.isWellFormed(canonical) else {
                throw CommandError("'\(locale)' is not a BCP 47 locale tag (e.g. de, pt-BR)")
            }
            guard catalogsDirectory != nil else {
                throw CommandError("--locale \(locale) needs message catalogues: give --catalogs DIR or add a Localizations directory")
            }
            self.locale = canonical
        } else {
            self.locale = nil
        }
    }

    /// The loaded catalogues (empty without a directory). A directory without catalogues,
    /// or without one for the requested locale or any of its parents, is a warning on
    /// stderr: messages then fall back to the base language, which should not pass
    /// unnoticed.
    ///
    /// Only the catalogues that messages in the requested locale read are parsed (its
    /// fallback chain down to the base); the others are listed, not read.
    func catalogs(warningsTo context: CommandContext? = nil) throws(CommandError) -> MessageCatalogs {
        guard let catalogsDirectory else { return .empty }
        let catalogs: MessageCatalogs
        let present: [String]
        do {
            present = try MessageCatalogs.locales(in: catalogsDirectory)
            catalogs = try MessageCatalogs(directory: catalogsDirectory, chainOf: locale ?? MessageCatalogs.baseLocale)
        } catch {
            throw CommandError("cannot read the catalogues in '\(catalogsDirectory)': \(FileErrorText.reason(error))")
        }
        if let context { for warning in warnings(present: present) { context.reportWarning(warning) } }
        return catalogs
    }

    /// What ``catalogs(warningsTo:)`` warns about, given the locales of the directory's
    /// catalogue files.
    func warnings(present locales: [String]) -> [String] {
        guard let catalogsDirectory else { return [] }
        guard !locales.isEmpty else {
            return ["'\(catalogsDirectory)' holds no message catalogues (LOCALE.json files); messages are the built-in English defaults"]
        }
        guard let locale, locale != MessageCatalogs.baseLocale,
            !LocaleTag.truncations(of: locale).contains(where: locales.contains)
        else { return [] }
        return [
            "no catalogue for locale '\(locale)' in '\(catalogsDirectory)' (there are: \(locales.joined(separator: ", "))); "
                + "messages fall back to '\(MessageCatalogs.baseLocale)'"
        ]
    }

    /// The renderer for messages: the localiser when there are catalogues, else the
    /// built-in English defaults.
    func messages(_ catalogs: MessageCatalogs) -> any MessageRendering {
        guard catalogsDirectory != nil, !catalogs.catalogs.isEmpty else { return DefaultMessages() }
        return catalogs.localizer(locale: locale ?? MessageCatalogs.baseLocale)
    }

    /// Checks and compiles `path` (with `overlay` text, when the rules are not on disk).
    func compile(
        _ path: String, catalogs: MessageCatalogs, overlay: String? = nil,
        in context: CommandContext
    ) throws -> CompiledRuleSet {
        let (ruleSet, validators) = try check(path, catalogs: catalogs, overlay: overlay, in: context)
        let compiled = CompiledRuleSet(ruleSet, validators: validators)
        for name in compiled.declaredOnlyValidators {
            context.stderr.write(
                "note: validator '\(name)' is only declared in the rules (#validator); the command cannot run it, so its rules are skipped and count as passed\n"
            )
        }
        return compiled
    }

    /// Checks `path` and reports its diagnostics; returns what compiling needs.
    ///
    /// Memory: the check's syntax trees and import graph end with this call, before the
    /// rule set is compiled, so that a large rule file's tree is not held beside the
    /// compiled program.
    private func check(
        _ path: String, catalogs: MessageCatalogs, overlay: String?, in context: CommandContext
    ) throws -> (RuleSet, ValidatorRegistry) {
        let options = CheckOptions(knownMessageKeys: catalogs.base == nil ? nil : catalogs.baseKeys).withLint
        var provider: any SourceProvider = DiskSourceProvider()
        if let overlay { provider = OverlaySourceProvider(base: DiskSourceProvider(), buffers: [path: overlay]) }
        let result: CheckResult
        do {
            result = try Workspace(provider: provider, options: options).check(rootFile: path)
        } catch {
            throw CommandError(error.description)
        }
        let diagnostics = project?.relevel(result.diagnostics) ?? result.diagnostics
        if !diagnostics.isEmpty {
            let report = DiagnosticReport(
                diagnostics: diagnostics, sources: result.trees.values.map(\.source),
                fileCount: result.trees.count)
            context.stderr.write(TextDiagnosticRenderer(terminal: context.terminal(for: context.stderr)).render(report))
        }
        guard let ruleSet = result.ruleSet else {
            context.reportError("'\(path)' has errors; nothing was evaluated")
            throw CommandFailure(.usageError)
        }
        return (ruleSet, ValidatorRegistry.builtins.addingDeclarations(in: result.trees.values).0)
    }
}
