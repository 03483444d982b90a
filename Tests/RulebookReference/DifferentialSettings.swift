import Foundation

/// How many cases a differential run makes and from which seed: bounded for `swift test`,
/// larger through the environment (`RULEBOOK_DIFF_CASES=100000`, `RULEBOOK_DIFF_SEED=…`).
public struct DifferentialSettings: Sendable {
    /// How many cases to run (records across rule sets).
    public let cases: Int
    /// The seed the rule sets' seeds derive from.
    public let seed: UInt64
    /// `RULEBOOK_DIFF_REPLAY`: the seed of one rule set to run alone (printed by a failure).
    public let replay: UInt64?

    /// `defaultCases` unless `RULEBOOK_DIFF_CASES` says otherwise; the seed from
    /// `RULEBOOK_DIFF_SEED` (decimal or 0x-hex) or a fixed default.
    public init(defaultCases: Int, defaultSeed: UInt64 = 0x5EED_D1FF) {
        let environment = ProcessInfo.processInfo.environment
        cases = environment["RULEBOOK_DIFF_CASES"].flatMap { Int($0) } ?? defaultCases
        seed =
            environment["RULEBOOK_DIFF_SEED"].flatMap { text in
                text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
            } ?? defaultSeed
        replay = environment["RULEBOOK_DIFF_REPLAY"].flatMap { UInt64($0) }
    }

    /// The seeds of the rule sets to run, `perRuleSet` cases each (at least one rule set).
    public func ruleSetSeeds(perRuleSet: Int) -> [UInt64] {
        if let replay { return [replay] }
        return (0..<max(1, cases / perRuleSet)).map(seed(ofRuleSet:))
    }

    /// The seed of the n-th rule set of a run (each replays alone).
    public func seed(ofRuleSet index: Int) -> UInt64 {
        var mixer = ReferenceRandom(seed: seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
        return mixer.next()
    }
}

/// One generated rule set with its records, and how to replay it.
public struct DifferentialCase {
    /// The seed that replays this rule set.
    public let seed: UInt64
    /// The rule set.
    public let model: ModelRuleSet
    /// The rule set as rule-file text.
    public let ruleText: String
    /// Today, as the evaluation context fixes it.
    public let today: (year: Int, month: Int, day: Int)
    /// The records.
    public let records: [GeneratedValue]
    /// The reference interpreter of the rule set.
    public let reference: ReferenceInterpreter

    /// The case a seed makes: a rule set, today, and `recordCount` records.
    public init(seed: UInt64, recordCount: Int) {
        var generator = CaseGenerator(seed: seed)
        self.seed = seed
        model = generator.ruleSet()
        ruleText = model.text
        today = generator.random.pick(CaseGenerator.todays)
        records = (0..<recordCount).map { _ in generator.record() }
        reference = ReferenceInterpreter(model, today: today)
    }

    /// `--today`'s argument.
    public var todayText: String {
        String(format: "%04d-%02d-%02d", today.year, today.month, today.day)
    }

    /// What a failure prints: enough to replay it.
    public func replay(record: String?, _ detail: String) -> String {
        var text = "differential mismatch — replay: RULEBOOK_DIFF_REPLAY=\(seed) swift test --filter Differential\n"
        text += "today: \(todayText)\nrules:\n\(ruleText)"
        if let record { text += "record: \(record)\n" }
        return text + detail
    }
}
