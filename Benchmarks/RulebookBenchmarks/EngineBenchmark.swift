// `rulebook-bench engine`: nanoseconds per record through the library API (issue 6 goals:
// an already-built profile `Value` in at most 150 ns, an `Encodable` struct in at most 1 µs).
// Single thread, release build; each figure is the best of several rounds over the same
// deterministic records (the profile workload's generator, ~30% invalid).

import Foundation
import Rulebook

/// The profile rules (Benchmarks/workloads/profile.rules), built as the checker would.
func profileRuleSet() -> CompiledRuleSet {
    func at(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: "Benchmarks/workloads/profile.rules", line: line, column: column)
    }
    func rule(_ validator: BuiltinValidator, _ key: String, _ arguments: [(name: String, value: RuleArgument)] = [],
              _ line: Int, _ column: Int) -> CheckedRule {
        CheckedRule(validator: validator, messageKey: key, arguments: arguments, messageOverride: nil,
                    location: at(line, column), expandedFrom: [])
    }
    func statement(_ name: String, _ line: Int, _ rules: [CheckedRule]) -> CheckedStatement {
        CheckedStatement(path: FieldPath([.key(name)]), condition: nil, rules: rules, location: at(line, 1))
    }
    return CompiledRuleSet(RuleSet(statements: [
        statement("firstName", 2, [rule(.required, "required", [], 2, 12), rule(.minLength, "minLength", [("min", .count(2))], 2, 22)]),
        statement("lastName", 3, [rule(.required, "required", [], 3, 12), rule(.minLength, "minLength", [("min", .count(2))], 3, 22)]),
        statement("email", 4, [rule(.required, "required", [], 4, 12), rule(.minLength, "minLength", [("min", .count(5))], 4, 22),
                               rule(.email, "email", [], 4, 35)]),
        statement("age", 5, [rule(.required, "required", [], 5, 12), rule(.integer, "integer", [], 5, 22),
                             rule(.between, "between", [("min", .number(13, text: "13")), ("max", .number(124, text: "124"))], 5, 31)]),
    ], files: ["Benchmarks/workloads/profile.rules"]))
}

/// Converts Foundation's JSON objects (benchmark set-up only, never timed).
func benchValue(_ object: Any) -> Value {
    switch object {
    case is NSNull: return .null
    case let text as String: return .string(native(text))
    case let number as NSNumber:
        switch String(cString: number.objCType) {
        case "c", "B": return .bool(number.boolValue)
        case "d", "f": return .decimal(number.doubleValue)
        default: return .integer(number.intValue)
        }
    case let array as [Any]: return .array(array.map(benchValue))
    case let dictionary as [String: Any]:
        return .object(ValueObject(dictionary.sorted { $0.key < $1.key }.map { (key: native($0.key), value: benchValue($0.value)) }))
    default: return .null
    }
}

/// A native Swift string (Foundation on Linux hands out bridged ones, which would make
/// the benchmark measure bridging).
func native(_ text: String) -> String { String(decoding: Array(text.utf8), as: UTF8.self) }

/// The profile workload's first `count` records, as JSON lines.
func profileLines(_ count: Int) -> [String] {
    var rng = SeededGenerator(seed: 0x5EED_0001)
    return (0..<count).map { _ in profileRecord(&rng) }
}

/// Best-of-`rounds` nanoseconds per call of `body` over `count` items.
func nanosecondsPerItem(count: Int, rounds: Int = 7, _ body: () -> Int) -> (ns: Double, checksum: Int) {
    var best = Double.infinity
    var checksum = 0
    for _ in 0..<rounds {
        // Thread CPU time, not wall time: the machine is shared, and waiting for a core
        // is not the engine's cost.
        var startTime = timespec(), endTime = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &startTime)
        checksum &+= body()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &endTime)
        let elapsed = Double(endTime.tv_sec - startTime.tv_sec) + Double(endTime.tv_nsec - startTime.tv_nsec) / 1e9
        best = min(best, elapsed * 1e9 / Double(count))
    }
    return (best, checksum)
}

func runEngineBenchmark(records: Int) {
    let rules = profileRuleSet()
    let lines = profileLines(records)
    let values = lines.map { benchValue(try! JSONSerialization.jsonObject(with: Data($0.utf8))) }
    let invalid = values.filter { !rules.isValid($0) }.count
    let context = EvaluationContext(today: CalendarDate(year: 2026, month: 1, day: 1)!)
    let options = ValidationOptions(context: context)
    if let focus = ProcessInfo.processInfo.environment["RULEBOOK_BENCH_PROFILE"] {
        // For `perf record`: spin on one entry point only, so set-up does not dominate.
        // `RULEBOOK_BENCH_PROFILE=isValid:200` spins 200 rounds; comparing instruction counts
        // (`perf stat -e instructions:u`) of two round counts gives a per-record figure
        // that a loaded machine does not blur.
        let parts = focus.split(separator: ":")
        let rounds = parts.count > 1 ? Int(parts[1]) ?? 200 : 200
        var failing = 0
        for _ in 0..<rounds {
            for value in values where parts[0] == "isValid" ? !rules.isValid(value, context: context)
                : !rules.validate(value, options: options).isValid { failing += 1 }
        }
        print(failing)
        return
    }
    print("engine benchmark: profile, \(records) records (\(invalid) invalid), single thread, best of 7 rounds")

    var rows: [(String, Double, String)] = []
    let report = nanosecondsPerItem(count: values.count) {
        var failing = 0
        for value in values where !rules.validate(value, options: options).isValid { failing += 1 }
        return failing
    }
    rows.append(("validate(Value) → ValidationReport", report.ns, "≤ 150"))
    let counting = nanosecondsPerItem(count: values.count) {
        var failing = 0
        for value in values where !rules.isValid(value, context: context) { failing += 1 }
        return failing
    }
    rows.append(("isValid(Value) (counting only)", counting.ns, "–"))
    let structs = values.map(BenchProfile.init)
    let encodable = nanosecondsPerItem(count: structs.count) {
        var failing = 0
        for profile in structs where !((try? rules.validate(profile, options: options))?.isValid ?? false) { failing += 1 }
        return failing
    }
    rows.append(("validate(Encodable struct) → ValidationReport", encodable.ns, "≤ 1000"))
    print("name".padding(48) + "ns/record".padding(12) + "goal ns")
    for (name, ns, goal) in rows {
        print(name.padding(48) + String(format: "%.1f", ns).padding(12) + goal)
    }
    _ = report.checksum &+ counting.checksum &+ encodable.checksum
}

/// The profile record as an app would hold it (optional fields: faulty records lack some).
struct BenchProfile: Encodable {
    var firstName: String?
    var lastName: String?
    var email: String?
    var age: Int?

    init(_ value: Value) {
        func text(_ key: String) -> String? { if case .string(let text)? = value[key] { return text } else { return nil } }
        firstName = text("firstName")
        lastName = text("lastName")
        email = text("email")
        if case .integer(let age)? = value["age"] { self.age = Int(age) } else { age = nil }
    }
}
