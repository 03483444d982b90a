/// The checked form of validator applications, by the exact text of their head
/// (`minLength 2`, `pattern /^[0-9]{5}$/`): rules written the same way lower the same way.
///
/// Performance: rule files repeat a few heads thousands of times (`required`,
/// `minLength 2`, `maxLength 100`, one pattern per item field); converting the arguments,
/// deriving the facts and building the repetition key cost ≈ 5,000 instructions per rule,
/// about a quarter of checking. A head is looked up by its bytes in the file (no string
/// is built for a hit) and only a head that lowered without any diagnostic and without
/// side effects (a field argument registers an `unknown-field` reference) is stored, so
/// every diagnostic is still reported at each occurrence. What differs per occurrence
/// (location, range, file, message override) is never cached.
struct LoweringCache {
    /// What every occurrence of one head shares.
    final class Entry: Sendable {
        let validator: BuiltinValidator
        let messageKey: String
        let arguments: [(name: String, value: RuleArgument)]
        /// The head as written, for messages (`minLength 2`).
        let text: String
        let facts: RuleFacts
        /// The repetition key of the head without a message override.
        let repetitionKey: RepetitionKey

        init(rule: CheckedRule, text: String, facts: RuleFacts) {
            validator = rule.validator
            messageKey = rule.messageKey
            arguments = rule.arguments
            self.text = text
            self.facts = facts
            repetitionKey = rule.with(expandedFrom: [], messageOverride: nil).repetitionKey
        }

        /// The repetition key of an occurrence with `override`.
        func repetitionKey(override: MessageOverride?, overrideHash: Int? = nil) -> RepetitionKey {
            guard let override else { return repetitionKey }
            return RepetitionKey(repetitionKey, override: override, overrideHash: overrideHash)
        }
    }

    /// Entries by a hash of their text's bytes (``HashSlots``): every rule of every
    /// statement looks its head up here.
    private var entries: [Entry] = []
    private var slots = HashSlots(expected: 32)

    /// The number of distinct heads stored.
    var count: Int { entries.count }

    /// The entry whose text is exactly `range` of `source`, if one is stored.
    func entry(for range: SourceRange, in source: SourceFile) -> Entry? {
        LoweringCache.withBytes(of: range, in: source) { bytes in
            let search = slots.firstID(hash: UTF8Bytes.hash(bytes), maximumProbes: LoweringCache.maximumProbes) { index in
                let text = entries[index].text.utf8
                return text.withContiguousStorageIfAvailable { LoweringCache.equal($0, bytes) } ?? text.elementsEqual(bytes)
            }
            guard case .found(let index) = search else { return nil }
            return entries[index]
        } ?? nil
    }

    /// Lookups and insertions look at no more than this many slots: the byte hash is not
    /// seeded, so a hostile file could crowd its heads into one stretch of the table
    /// (see ``HashSlots/firstID(hash:maximumProbes:where:)``). A head that would go
    /// further is not cached: it is lowered at each occurrence, which costs time linear
    /// in its occurrences, not quadratic.
    static let maximumProbes = 256

    /// Stores `entry` (its text is the head's text), unless its slot is beyond
    /// ``maximumProbes``.
    mutating func insert(_ entry: Entry) {
        let hash = Array(entry.text.utf8).withUnsafeBufferPointer(UTF8Bytes.hash)
        if slots.append(hash: hash, maximumProbes: LoweringCache.maximumProbes) { entries.append(entry) }
    }

    /// The bytes of `range` (clamped), or `nil` when the text is not contiguous UTF-8
    /// (never for a native Swift string; then nothing is cached).
    private static func withBytes<Result>(of range: SourceRange, in source: SourceFile,
                                          _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        source.text.utf8.withContiguousStorageIfAvailable { all in
            let start = Swift.max(0, Swift.min(range.start, all.count))
            let end = Swift.max(start, Swift.min(range.end, all.count))
            return body(UnsafeBufferPointer(rebasing: all[start..<end]))
        }
    }

    /// Whether two byte buffers hold the same bytes. Performance: eight bytes at a time
    /// (`UTF8Bytes.equal`) after comparing the counts; the generic `elementsEqual` cost
    /// ≈ 20 instructions a byte and a byte loop ≈ 5, on every rule of every statement.
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        UTF8Bytes.equal(a, UnsafeRawBufferPointer(b))
    }
}
