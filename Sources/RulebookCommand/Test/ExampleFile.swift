import Rulebook

/// One `*.examples.json` file: example records and the outcome each should have under
/// one rule file.
///
/// ```json
/// {
///   "rules": "profile.rules",
///   "today": "2026-01-01",
///   "examples": [
///     {"name": "a complete profile", "record": {"firstName": "Ada", …}, "valid": true},
///     {"name": "a one-letter first name", "record": {…},
///      "fails": [{"field": "firstName", "rule": "minLength"}]},
///     {"name": "every failure", "all": true, "record": {…},
///      "fails": [{"field": "email", "rule": "minLength"}, {"field": "email", "rule": "email"}]}
///   ]
/// }
/// ```
///
/// - `rules`: the rule file, relative to the examples file; by default the file of the
///   same name (`profile.examples.json` → `profile.rules`). Or `ruleSource`: rule text
///   inline, read as if it were a file next to the examples (so it can import the
///   named rules of `common.rules` and test them).
/// - `today`: the date `today` means (`before today`, `minAge`), so tests never age.
/// - Each example has a `record` and either `"valid": true` or `fails`: the exact set
///   of violations expected, each a concrete `field` path and the `rule` (validator)
///   that fails, optionally the exact `message`. Order does not matter.
/// - `all: true` reports every failure of a field instead of the first.
struct ExampleFile: Sendable {
    /// The examples file's path.
    let path: String
    /// The rule file (a path on disk, or the virtual path of ``ruleSource``).
    let rulesPath: String
    /// Inline rule text, if given instead of a file.
    let ruleSource: String?
    let today: CalendarDate?
    let examples: [Example]

    struct Example: Sendable {
        let name: String
        let record: Value
        /// Nil when the record must be valid.
        let expectedFailures: [ExpectedFailure]
        let reportAll: Bool
    }

    struct ExpectedFailure: Sendable, Hashable, Comparable {
        let field: String
        let rule: String
        let message: String?

        static func < (lhs: ExpectedFailure, rhs: ExpectedFailure) -> Bool {
            (lhs.field, lhs.rule, lhs.message ?? "") < (rhs.field, rhs.rule, rhs.message ?? "")
        }

        /// `firstName minLength`, with the message when one is expected.
        var description: String { message.map { "\(field) \(rule) \"\($0)\"" } ?? "\(field) \(rule)" }
    }

    /// Reads and interprets `path`; every mistake names where it is.
    init(path: String, text: String) throws(CommandError) {
        self.path = path
        let object = try JSONFile.object(text, path: path)
        try Self.rejectUnknownKeys(of: object, allowed: ["rules", "ruleSource", "today", "examples"], at: path)
        let directory = path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) + "/" : ""
        switch (object["rules"], object["ruleSource"]) {
        case (.string(let rules)?, nil):
            rulesPath = directory + rules
            ruleSource = nil
        case (nil, .string(let source)?):
            rulesPath = directory + Self.baseName(path) + ".examples.rules"
            ruleSource = source
        case (nil, nil):
            rulesPath = directory + Self.baseName(path) + ".rules"
            ruleSource = nil
        default:
            throw CommandError("\(path): give either \"rules\" (a file name) or \"ruleSource\" (rule text), as a string")
        }
        switch object["today"] {
        case nil: today = nil
        case .string(let text)?:
            guard let date = CalendarDate(iso: text) else { throw CommandError("\(path): \"today\" is not a date like 2026-01-01") }
            today = date
        default: throw CommandError("\(path): \"today\" must be a string like \"2026-01-01\"")
        }
        guard case .array(let entries)? = object["examples"] else {
            throw CommandError("\(path): expected \"examples\": an array of examples")
        }
        var examples: [Example] = []
        for (index, entry) in entries.enumerated() {
            examples.append(try Self.example(entry, at: "\(path): examples[\(index)]", index: index))
        }
        self.examples = examples
    }

    /// A misspelt key would otherwise be ignored and the example would test less than
    /// it says, so every key must be one the format knows.
    private static func rejectUnknownKeys(of object: ValueObject, allowed: [String], at place: String) throws(CommandError) {
        for (key, _) in object.members where !allowed.contains(key) {
            let hint =
                Suggestions.closest(to: key, among: allowed).map { "; did you mean \"\($0)\"?" }
                ?? "; expected one of " + allowed.map { "\"\($0)\"" }.joined(separator: ", ")
            throw CommandError("\(place): unknown key \"\(key)\"\(hint)")
        }
    }

    /// `Rules/profile.examples.json` → `profile`.
    static func baseName(_ path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        for suffix in [".examples.json", ".json"] where name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
            break
        }
        return name
    }

    private static func example(_ entry: Value, at place: String, index: Int) throws(CommandError) -> Example {
        guard case .object(let object) = entry else { throw CommandError("\(place): expected an object") }
        try rejectUnknownKeys(of: object, allowed: ["name", "record", "valid", "fails", "all"], at: place)
        guard let record = object["record"] else { throw CommandError("\(place): missing \"record\"") }
        var name = "example \(index)"
        if case .string(let given)? = object["name"] { name = given }
        var reportAll = false
        if case .bool(let flag)? = object["all"] { reportAll = flag }
        switch (object["valid"], object["fails"]) {
        case (.bool(true)?, nil):
            return Example(name: name, record: record, expectedFailures: [], reportAll: reportAll)
        case (nil, .array(let fails)?), (.bool(false)?, .array(let fails)?):
            guard !fails.isEmpty else { throw CommandError("\(place): \"fails\" is empty; write \"valid\": true instead") }
            var expected: [ExpectedFailure] = []
            for fail in fails {
                guard case .object(let failure) = fail, case .string(let field)? = failure["field"],
                    case .string(let rule)? = failure["rule"]
                else {
                    throw CommandError("\(place): each of \"fails\" needs \"field\" and \"rule\" strings")
                }
                try rejectUnknownKeys(of: failure, allowed: ["field", "rule", "message"], at: place + ": fails")
                guard BuiltinValidator(rawValue: rule) != nil else {
                    let names = BuiltinValidator.allCases.map(\.rawValue)
                    let hint = Suggestions.closest(to: rule, among: names).map { "; did you mean '\($0)'?" } ?? ""
                    throw CommandError("\(place): \"rule\": '\(rule)' is not a validator\(hint)")
                }
                var message: String?
                if case .string(let text)? = failure["message"] { message = text }
                expected.append(ExpectedFailure(field: field, rule: rule, message: message))
            }
            return Example(name: name, record: record, expectedFailures: expected, reportAll: reportAll)
        default:
            throw CommandError("\(place) (\(name)): give either \"valid\": true or \"fails\": [{\"field\": …, \"rule\": …}]")
        }
    }
}
