/// The checked form of validator applications, by the exact text of their head
/// (`minLength 2`, `pattern /^[0-9]{5}$/`): rules written the same way lower the same way.
///
/// Performance: rule files repeat a few heads thousands of times (`required`,
/// `minLength 2`, `maxLength 100`, one pattern per item field); converting the arguments
/// and deriving the facts cost about a quarter of checking.
/// A head is looked up by its text in the file and only a head that lowered without any diagnostic and without
/// side effects (a field argument registers an `unknown-field` reference) is stored, so
/// every diagnostic is still reported at each occurrence. What differs per occurrence
/// (location, range, file, message override) is never cached.
package struct LoweringCache {
    /// What every occurrence of one head shares.
    package final class Entry: Sendable {
        package let validator: BuiltinValidator
        package let messageKey: String
        package let arguments: [(name: String, value: RuleArgument)]
        /// The head as written, for messages (`minLength 2`).
        package let text: String
        let facts: RuleFacts
        /// The head's number in its check (from 0, one per entry made), by which lint
        /// keeps what it derives per head in an array.
        package let serial: Int

        init(rule: CheckedRule, text: String, facts: RuleFacts, serial: Int) {
            validator = rule.validator
            messageKey = rule.messageKey
            arguments = rule.arguments
            self.text = text
            self.facts = facts
            self.serial = serial
        }
    }

    /// Entries by their text: every rule of every statement looks its head up here.
    private var entries: [HeadText: Entry] = [:]

    /// The number of distinct heads stored.
    var count: Int { entries.count }

    /// The entry whose text is exactly `range` of `source`, if one is stored.
    func entry(for range: SourceRange, in source: SourceFile) -> Entry? {
        entries[HeadText(source.text, bytes: range.start..<Swift.max(range.start, range.end))]
    }

    /// Stores `entry` (its text is the head's text).
    mutating func insert(_ entry: Entry) {
        entries[HeadText(entry.text, bytes: 0..<entry.text.utf8.count)] = entry
    }

    /// A head's text as the table's key: compared and hashed as its UTF-8 bytes, which
    /// is what "written the same way" means here (and spares the standard string hash
    /// its Unicode normalisation on every rule).
    ///
    /// Performance: the head is read in place in its file's text (no substring made per
    /// rule), and the bytes' hash is computed once per key and compared before the bytes,
    /// so that probing the table past other heads costs one comparison each.
    struct HeadText: Hashable {
        /// The text the head is written in, and the head's bytes in it.
        let base: String
        let bytes: Range<Int>
        let bytesHash: Int

        init(_ base: String, bytes: Range<Int>) {
            self.base = base
            self.bytes = bytes
            bytesHash = UTF8Bytes.withBytes(of: base, in: bytes, UTF8Bytes.hash)
        }

        static func == (lhs: HeadText, rhs: HeadText) -> Bool {
            guard lhs.bytesHash == rhs.bytesHash else { return false }
            return UTF8Bytes.withBytes(of: lhs.base, in: lhs.bytes) { left in
                UTF8Bytes.withBytes(of: rhs.base, in: rhs.bytes) { right in UTF8Bytes.equal(left, UnsafeRawBufferPointer(right)) }
            }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(bytesHash)
        }
    }
}
