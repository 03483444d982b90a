// The floor under `rulebook-bench engine`'s `Value` rows: what it costs only to read what
// any validator of the profile must read (every member's key, the bytes of every text
// member), with no rule run. At 100,000 records the records (about 900 bytes of heap
// each, spread over several allocations) do not fit in cache, and this floor is the
// memory's cost; with the records in cache it is a few dozen nanoseconds. The engine
// rows are printed beside it for both working sets, so a reader sees how much of a row
// is the evaluator and how much is the representation's memory.

import Rulebook

/// Reads every member key's length and the first and last byte of every text member of
/// a profile record: the least any validator of its rules reads.
@inline(never)
func profileMemoryWalk(_ value: Value) -> Int {
    guard case .object(let object) = value else { return 0 }
    return object.members.withUnsafeBufferPointer { members in
        var total = 0
        for index in 0..<members.count {
            total &+= members[index].key.utf8.count
            guard case .string(let text) = members[index].value else { continue }
            total &+=
                text.utf8.withContiguousStorageIfAvailable { bytes in
                    bytes.isEmpty ? 0 : Int(bytes[0]) &+ Int(bytes[bytes.count - 1])
                } ?? text.utf8.count
        }
        return total
    }
}

/// The goal rows (failing names read through `fields` and through `results`), `isValid` and
/// the floor on a working set small enough for the cache:
/// the first `records` profile records, each round passing over them `passes` times.
func cacheResidentRows(rules: CompiledRuleSet, options: ValidationOptions, records: Int, passes: Int) -> [(String, Double)] {
    let values = profileLines(records).map { (try? Value(json: Array($0.utf8))) ?? .null }
    let context = options.context
    func rounds(_ body: (Value) -> Int) -> Double {
        perItem(values.count * passes) {
            var total = 0
            for _ in 0..<passes { total &+= values.reduce(0) { $0 &+ body($1) } }
            return total
        }
    }
    return [
        (
            "validate(Value) → report, isValid + failing fields' names read",
            rounds { failingFieldNames(rules.validate($0, options: options)) }
        ),
        (
            "validate(Value) → report, isValid + failing fields' names read in place (results)",
            rounds { failingFieldNamesInPlace(rules.validate($0, options: options)) }
        ),
        ("isValid(Value) (counting, stops at first failure)", rounds { rules.isValid($0, context: context) ? 1 : 0 }),
        ("floor: read every key and text, no rules", rounds(profileMemoryWalk)),
    ]
}
