/// What the checker needs to know beyond the rule files themselves.
///
/// A value type so that the command and the language server can each build one per run
/// (the language server rebuilds it when a catalogue changes); the checker keeps no state
/// (a `PatternCache` only remembers compilations, which never change a result).
package struct CheckOptions: Sendable {
    /// The keys of the base (`en`) catalogue. When set, a `message KEY` override naming
    /// another key is an `unknown-message-key` error; when `nil` (no catalogue loaded)
    /// message keys are not checked.
    package var knownMessageKeys: Set<String>?
    /// Builds the fix offered for a `message KEY` that the base catalogue lacks (e.g. "add
    /// the key to Localizations/en.json"). The localisation stage supplies it, because only
    /// it knows where the catalogue is and how to edit its JSON; `nil` offers no such fix.
    package var missingMessageKeyFix: (@Sendable (MissingMessageKey) -> FixIt?)?
    /// Bounds on named-rule expansion (hostile input).
    package var limits: CheckLimits
    /// Compiled patterns shared with other checks (`nil`: each check compiles its own).
    /// Results are the same either way; a cache only saves the compiling.
    package var patternCache: PatternCache?
    /// The validators rule files may name: the built-ins and any an application
    /// registered (given to the compile entry points). A name not here is an
    /// `unknown-validator` error.
    package var validators: ValidatorRegistry = .builtins
    /// The tools' lint checks, run after the checker's own (none: only the library's
    /// diagnostics).
    package var lintPasses: [any LintPass] = []
    /// Whether the check hands its working tables back (``CheckerOutput/workingState``)
    /// instead of freeing them before it returns, for a caller that frees them later:
    /// the language server, after it has published the diagnostics. Freeing them is a
    /// few percent of a check that an edit's diagnostics need not wait for.
    package var handsOverWorkingState = false

    /// The defaults: message keys are not checked, limits are the defaults.
    package init() { self.init(knownMessageKeys: nil) }

    /// Creates options; by default message keys are not checked.
    package init(
        knownMessageKeys: Set<String>? = nil,
        missingMessageKeyFix: (@Sendable (MissingMessageKey) -> FixIt?)? = nil,
        limits: CheckLimits = .default,
        patternCache: PatternCache? = nil
    ) {
        self.knownMessageKeys = knownMessageKeys
        self.missingMessageKeyFix = missingMessageKeyFix
        self.limits = limits
        self.patternCache = patternCache
    }
}

/// A `message KEY` override whose key the base catalogue lacks: what the fix hook gets.
package struct MissingMessageKey: Sendable, Hashable {
    /// The key as written.
    package let key: String
    /// The rule file that names it.
    package let file: String
    /// The key's range in that file.
    package let range: SourceRange

    /// Creates the description of a missing key.
    package init(key: String, file: String, range: SourceRange) {
        self.key = key
        self.file = file
        self.range = range
    }
}

/// Bounds that keep checking linear in the input even when named rules multiply each
/// other (`rule a = b, b` / `rule b = c, c` / …, which doubles per level).
package struct CheckLimits: Sendable, Hashable {
    /// The most validator applications one named rule or one field statement may expand to.
    package var maxExpandedRulesPerStatement: Int
    /// The most validator applications the whole check may produce.
    package var maxExpandedRulesTotal: Int

    /// Creates limits; the defaults are far beyond any hand-written rule set.
    package init(maxExpandedRulesPerStatement: Int = 10_000, maxExpandedRulesTotal: Int = 2_000_000) {
        self.maxExpandedRulesPerStatement = maxExpandedRulesPerStatement
        self.maxExpandedRulesTotal = maxExpandedRulesTotal
    }

    /// The defaults.
    package static let `default` = CheckLimits()
}
