// `rulebook-bench engine`: nanoseconds per record through the library API (goals: an
// already-built profile `Value` in at most 150 ns, an `Encodable` struct in at most
// 1 µs), and the JSON-tape path the streaming validator uses. Single thread, release
// build, thread CPU time (so a busy shared machine does not inflate the numbers), best
// of 7 rounds over the same deterministic records (the profile workload's generator,
// ~30% invalid). The `Value` rows are measured twice: over all the records (by default
// 100,000, far more than the cache holds) and over 1,000 records in cache, each beside
// the floor of reading those records at all (EngineFloor.swift).

import Foundation
import Rulebook
import SeededRandom

private struct EngineProfile: Encodable {
    var id: Int?
    var firstName: String?
    var lastName: String?
    var email: String?
    var age: Int?
}

/// This thread's CPU time in nanoseconds.
private func threadNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Best-of-`rounds` CPU nanoseconds per item of `body`, which handles `count` items.
func perItem(_ count: Int, rounds: Int = 7, _ body: () -> Int) -> Double {
    var best = Double.infinity
    var sink = 0
    for _ in 0..<rounds {
        let start = threadNanoseconds()
        sink &+= body()
        best = min(best, Double(threadNanoseconds() - start) / Double(count))
    }
    if sink == Int.min { print(sink) }  // keeps the work observable
    return best
}

/// What a form does with a report: whether it passed, and if not, which fields to mark.
/// (Both spellings inlined into the loops, as this one was before the second existed, so
/// that the rows compare the library's work, not the harness's calls.)
@inline(__always)
func failingFieldNames(_ report: ValidationReport) -> Int {
    guard !report.isValid else { return 1 }
    var total = 0
    for field in report.fields where field.status == .invalid { total &+= field.field.description.utf8.count }
    return total
}

/// `failingFieldNames` through `results`, the collection read in place (no array).
@inline(__always)
func failingFieldNamesInPlace(_ report: ValidationReport) -> Int {
    guard !report.isValid else { return 1 }
    var total = 0
    for field in report.results where field.status == .invalid { total &+= field.field.description.utf8.count }
    return total
}

/// Everything a report holds: every field, and every violation's path, key and message.
private func everythingRead(_ report: ValidationReport) -> Int {
    var total = 0
    for field in report.fields {
        total &+= field.field.segments.count
        for violation in field.violations {
            total &+=
                violation.field.description.utf8.count &+ violation.messageKey.utf8.count
                &+ violation.message.utf8.count
        }
    }
    return total
}

/// The profile workload's first `count` records, as JSON lines.
func profileLines(_ count: Int) -> [String] {
    var rng = SeededGenerator(seed: 0x5EED_0001)
    return (0..<count).map { _ in profileRecord(&rng) }
}

func runEngineBenchmark(records: Int) {
    let rules: CompiledRuleSet
    do {
        rules = try CompiledRuleSet(contentsOfFile: "Benchmarks/workloads/profile.rules")
    } catch {
        print("cannot load Benchmarks/workloads/profile.rules (run from the package root):\n\(error)")
        return
    }
    let lines = profileLines(records).map { Array($0.utf8) }
    let values = lines.map { (try? Value(json: $0)) ?? .null }
    let context = EvaluationContext(today: CalendarDate(year: 2026, month: 1, day: 1)!)
    let options = ValidationOptions(context: context)
    let valid = values.filter { rules.isValid($0, context: context) }
    let structs = values.map { value -> EngineProfile in
        func text(_ key: String) -> String? { if case .string(let s)? = value.objectValue?[key] { s } else { nil } }
        func int(_ key: String) -> Int? { if case .integer(let n)? = value.objectValue?[key] { n } else { nil } }
        return EngineProfile(
            id: int("id"), firstName: text("firstName"), lastName: text("lastName"), email: text("email"),
            age: int("age"))
    }
    let averageBytes = Double(lines.map(\.count).reduce(0, +)) / Double(lines.count)

    if let focus = ProcessInfo.processInfo.environment["RULEBOOK_BENCH_PROFILE"] {
        // For `perf record` / callgrind: spin on one entry point only, so set-up does not
        // dominate. `RULEBOOK_BENCH_PROFILE=isValid:200` spins 200 rounds.
        let parts = focus.split(separator: ":")
        let rounds = parts.count > 1 ? Int(parts[1]) ?? 200 : 200
        var failing = 0
        if parts[0] == "tape" {
            var validator = JSONRecordValidator(rules: rules, options: options)
            for _ in 0..<rounds {
                for line in lines where (try? validator.isValid(line)) != true { failing += 1 }
            }
            print(failing)
            return
        }
        // `encodable…` modes: the `Encodable` struct path, same suffixes (`encodable` reads
        // isValid and the failing fields' names, `encodableAll` everything,
        // `encodableValid` the valid records' fields, `encodableIsValid` counts);
        // `encodeOnly` runs `ValueEncoder` alone.
        if parts[0].hasPrefix("encod") {
            let validStructs = structs.indices.filter { rules.isValid(values[$0], context: context) }.map { structs[$0] }
            for _ in 0..<rounds {
                switch parts[0] {
                case "encodeOnly":
                    for item in structs { if case .object(let object)? = try? ValueEncoder().encode(item) { failing &+= object.count } }
                case "encodableIsValid":
                    for item in structs { failing &+= (try? rules.isValid(item, context: context)) == true ? 0 : 1 }
                case "encodableAll":
                    for item in structs { failing &+= (try? rules.validate(item, options: options)).map(everythingRead) ?? 0 }
                case "encodableValid":
                    for item in validStructs { failing &+= (try? rules.validate(item, options: options))?.fields.count ?? 0 }
                default:
                    for item in structs { failing &+= (try? rules.validate(item, options: options)).map(failingFieldNames) ?? 0 }
                }
            }
            print(failing)
            return
        }
        // `validate` reads isValid and the failing fields' names from `fields` (the
        // array), `validateResults` the same from `results` (read in place),
        // `validateAll` every message, `isValid` counts; a `Valid` suffix runs the valid
        // records only.
        let mode = parts[0].hasSuffix("Valid") && parts[0] != "isValid" ? String(parts[0].dropLast(5)) : String(parts[0])
        let subject = parts[0].hasSuffix("Valid") && parts[0] != "isValid" ? valid : values
        for _ in 0..<rounds {
            switch mode {
            case "isValid":
                for value in subject { failing &+= rules.isValid(value, context: context) ? 0 : 1 }
            case "validateAll":
                for value in subject { failing &+= everythingRead(rules.validate(value, options: options)) }
            case "validateResults":
                for value in subject { failing &+= failingFieldNamesInPlace(rules.validate(value, options: options)) }
            default:
                for value in subject { failing &+= failingFieldNames(rules.validate(value, options: options)) }
            }
        }
        print(failing)
        return
    }

    print(
        "engine: profile rules, \(records) records (\(records - valid.count) invalid, \(String(format: "%.0f", averageBytes)) bytes "
            + "of JSON on average), single thread, CPU time, best of 7 rounds")
    print("| measurement | ns/record | goal |")
    print("|---|---:|---:|")
    func row(_ name: String, _ ns: Double, _ goal: String = "") {
        print("| \(name) | \(String(format: "%.0f", ns)) | \(goal) |")
    }
    // Reports build their results and messages when first read, so each row states what
    // the caller reads. The goal is compared with the third row, the failing fields'
    // names read through `results` (the collection read in place); the second row reads
    // the same names through `fields`, which builds an array.
    //
    // What every `Value` row measures, per record: taking the record out of `values` as a
    // caller's own loop does (`reduce` or `for value in values`: a copy of the record, a
    // retain and a release of its members array and its index), validating it, reading what the row names, and freeing the
    // report. The copy is kept because a caller's natural loop pays it too: in Swift 6.3 a
    // loop over the indices, over `withUnsafeBufferPointer` or over `values.span` still
    // copies each element before passing it to a function in another module. A record built and
    // validated in place (`validate(try Value(json: line))`) pays no copy.
    row(
        "validate(Value) → report, isValid read",
        perItem(values.count) {
            values.reduce(0) { $0 &+ (rules.validate($1, options: options).isValid ? 1 : 0) }
        })
    row(
        "validate(Value) → report, isValid + failing fields' names read",
        perItem(values.count) {
            values.reduce(0) { $0 &+ failingFieldNames(rules.validate($1, options: options)) }
        }, "≤ 150")
    row(
        "validate(Value) → report, isValid + failing fields' names read in place (results)",
        perItem(values.count) {
            values.reduce(0) { $0 &+ failingFieldNamesInPlace(rules.validate($1, options: options)) }
        }, "≤ 150")
    row(
        "validate(Value) → report, every field, violation and message read",
        perItem(values.count) {
            values.reduce(0) { $0 &+ everythingRead(rules.validate($1, options: options)) }
        })
    row(
        "validate(Value) → report, valid records only (fields read)",
        perItem(valid.count) {
            valid.reduce(0) { $0 &+ rules.validate($1, options: options).fields.count }
        }, "≤ 150")
    row(
        "isValid(Value) (counting, stops at first failure)",
        perItem(values.count) {
            values.reduce(0) { $0 &+ (rules.isValid($1, context: context) ? 1 : 0) }
        })
    row("floor: read every key and text, no rules", perItem(values.count) { values.reduce(0) { $0 &+ profileMemoryWalk($1) } })
    row(
        "validate(Encodable struct) → report, isValid + failing fields' names read",
        perItem(structs.count) {
            structs.reduce(0) { $0 &+ ((try? rules.validate($1, options: options)).map(failingFieldNames) ?? 0) }
        }, "≤ 1000")
    row(
        "validate(Encodable struct) → report, every message read",
        perItem(structs.count) {
            structs.reduce(0) { $0 &+ ((try? rules.validate($1, options: options)).map(everythingRead) ?? 0) }
        }, "≤ 1000")
    let validStructs = structs.indices.filter { rules.isValid(values[$0], context: context) }.map { structs[$0] }
    row(
        "validate(Encodable struct) → report, valid records only (fields read)",
        perItem(validStructs.count) {
            validStructs.reduce(0) { $0 &+ ((try? rules.validate($1, options: options))?.fields.count ?? 0) }
        }, "≤ 1000")
    let request = MessageRequest(
        messageOverride: nil, field: FieldPath([.key("firstName")]), messageKey: "minLength",
        arguments: [("min", .number(2))])
    let renderer = DefaultMessages()
    row(
        "DefaultMessages.render, one message (the renderer's cost)",
        perItem(10_000) {
            (0..<10_000).reduce(0) { total, _ in total &+ renderer.render(request).utf8.count }
        })
    var validator = JSONRecordValidator(rules: rules, options: options)
    row(
        "JSON bytes → tape → isValid (streaming --quiet path)",
        perItem(lines.count) {
            lines.reduce(0) { $0 &+ ((try? validator.isValid($1)) == true ? 1 : 0) }
        })
    row(
        "JSON bytes → tape → report",
        perItem(lines.count) {
            lines.reduce(0) { $0 &+ ((try? validator.validate($1))?.fields.count ?? 0) }
        })
    row(
        "JSON bytes → Value → report (for comparison)",
        perItem(lines.count) {
            lines.reduce(0) { $0 &+ ((try? Value(json: $1)).map { rules.validate($0, options: options).fields.count } ?? 0) }
        })

    // The same goal with the records in cache, as a form or a request handler holds the
    // one record it has just built (see EngineFloor.swift).
    let resident = 1_000
    print("\nrecords in cache: the first \(resident) records, 20 passes a round, best of 7 rounds")
    print("| measurement | ns/record | goal |")
    print("|---|---:|---:|")
    for (name, ns) in cacheResidentRows(rules: rules, options: options, records: resident, passes: 20) {
        row(name, ns, name.hasPrefix("validate") ? "≤ 150" : "")
    }
}
