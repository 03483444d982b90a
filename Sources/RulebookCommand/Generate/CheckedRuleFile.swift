import Rulebook
import RulebookTooling

/// A rule file checked for `generate swift` and `export json-schema`: its rule set, or the
/// diagnostics that stop it, printed compiler-style (`file:line:column: error: …`) on
/// stderr so that build systems (SwiftPM, Xcode) show them at the rule's line.
struct CheckedRuleFile {
    /// The path as given.
    let path: String
    /// The checked rules (the file and its imports).
    let ruleSet: RuleSet

    /// Checks `path`; prints its diagnostics (warnings too) on stderr and throws
    /// ``CommandFailure`` with status 1 when it has errors, 2 when it cannot be read.
    init(path: String, in context: CommandContext) throws {
        let result: CheckResult
        do {
            result = try Workspace(provider: DiskSourceProvider()).check(rootFile: path)
        } catch {
            throw CommandError(error.description)
        }
        if !result.diagnostics.isEmpty {
            let report = DiagnosticReport(
                diagnostics: result.diagnostics, sources: result.trees.values.map(\.source),
                fileCount: result.trees.count)
            let printer = DiagnosticPrinter(format: .text, color: .never, context: context)
            context.stderr.write(printer.render(report, to: context.stderr))
        }
        guard let ruleSet = result.ruleSet, !result.diagnostics.containsErrors else {
            context.reportError("'\(path)' has errors; nothing was generated")
            throw CommandFailure(.failure)
        }
        self.path = path
        self.ruleSet = ruleSet
    }

    /// `profile` for `Rules/profile.rules`.
    var baseName: String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.hasSuffix(".rules") ? String(file.dropLast(6)) : file
    }
}
