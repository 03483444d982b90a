// A one-pass reading of a flat record for counting (`rulebook validate --quiet`): the
// root object's members that the rules read, found while the bytes are checked, with no
// tape built.
//
// Performance bends this: for a flat program whose fields are all members of the root,
// parsing the whole record into a `JSONTape` and then walking the root's members to fill
// the root slots cost ≈ 2,500 of the ≈ 4,200 instructions per address record. Here the
// record is checked byte for byte by the same scanning functions as `JSONTapeBuilder`
// (except the key the rules name next, accepted by one masked compare with its closing
// quote: see `expectedKeyEnd`), and only the values of the members the rules name are written, as tape entries in slot
// order, so that `TapeFlatEvaluator` reads them through an ordinary `JSONTape.View`. The
// scan answers only for the common shape — an object whose member values are all
// scalars and whose keys have no escapes; for anything else, and for every document that
// is not valid JSON, it gives up and the caller parses the record into a tape as before,
// which gives the answer or the exact error. So the scan must never accept what the
// tape's parse rejects (it applies the same limits and the same grammar); rejecting more
// is safe. `TapeFlatEquivalenceTests` and `JSONRootScanTests` hold it to that.

/// Reads a flat record's root members in one pass over its bytes.
enum JSONRootScan {
    /// An entry word 0 that no tape entry has: the slot's member is absent.
    static let absent: UInt64 = ~0

    /// Scans `p[0..<count]`: when it is one JSON object whose member values are all
    /// strings, numbers or literals and whose keys have no escapes, writes the value of
    /// the member named `keys[s]` (the last one when a key is repeated, as the JSON reader
    /// decides) as tape entry `s` of `words` (two words per key) with `slots[s] = s`, or
    /// `slots[s] = -1` when there is none, and returns true. Returns false for any other
    /// document, valid or not (then `words` and `slots` are meaningless).
    ///
    /// `lengths` has bit `min(n, 63)` set for every key length n (as
    /// ``CompiledProgram/rootKeyLengths``): a member whose key length no key has is passed
    /// over without a comparison.
    ///
    /// `table` is ``keyTable(_:)`` of `keys`.
    static func scan(_ p: UnsafePointer<UInt8>, _ count: Int, keys: [UnsafeRawBufferPointer], table: UnsafePointer<UInt64>,
                     lengths: UInt64, limits: JSONLimits, words: UnsafeMutablePointer<UInt64>,
                     slots: UnsafeMutableBufferPointer<Int>) -> Bool {
        // The checks `JSONTape.parse` and `JSONTapeBuilder.build` make before the root's
        // first member.
        guard count > 0, count <= limits.effectiveMaxDocumentBytes, limits.maxDepth > 0 else { return false }
        slots.update(repeating: -1)
        let keyCount = min(slots.count, keys.count)
        var i = 0
        JSONScan.skipWhitespace(p, count, &i)
        guard i < count, p[i] == ASCII.openBrace else { return false }
        i &+= 1
        JSONScan.skipWhitespace(p, count, &i)
        guard i < count else { return false }
        if p[i] == ASCII.closeBrace {
            i &+= 1
        } else {
            var expected = 0
            while true {
                guard i < count, p[i] == ASCII.quote else { return false }
                let keyStart = i &+ 1
                // The key the rules name next, when the member is it: its bytes and the
                // closing quote compared at once (see `expectedKeyEnd`).
                var known = -1
                if expected < keyCount, let end = expectedKeyEnd(p, keyStart, count, table: table + expected &* 4,
                                                                 limits: limits) {
                    known = expected
                    expected &+= 1
                    i = end
                } else {
                    guard let keyEscaped = try? JSONScan.scanString(p, count, &i, limits), !keyEscaped else { return false }
                }
                let keyLength = i &- keyStart &- 1
                JSONScan.skipWhitespace(p, count, &i)
                guard i < count, p[i] == ASCII.colon else { return false }
                i &+= 1
                JSONScan.skipWhitespace(p, count, &i)
                guard i < count else { return false }
                let start = i
                let word0: UInt64, word1: UInt64
                switch p[start] {
                case ASCII.quote:
                    guard let escaped = try? JSONScan.scanString(p, count, &i, limits) else { return false }
                    word0 = JSONTape.RawKind.string << 56 | (escaped ? JSONTape.Flag.escaped : 0) | UInt64(start)
                    word1 = UInt64(i &- start &- 2)
                case ASCII.minus, ASCII.zero...ASCII.nine:
                    guard let integer = try? JSONScan.scanNumber(p, count, &i, limits) else { return false }
                    word0 = JSONTape.RawKind.number << 56 | (integer ? JSONTape.Flag.integerSyntax : 0) | UInt64(start)
                    word1 = UInt64(i &- start)
                case 0x74, 0x66, 0x6E:  // t f n
                    guard let literal = try? JSONScan.scanLiteral(p, count, &i) else { return false }
                    word0 = UInt64(literal) << 56 | UInt64(start)  // RawKind null/false/true = 0/1/2
                    word1 = UInt64(i &- start)
                default:
                    return false  // a container, or not a value: the tape's parse decides
                }
                // Eight bytes can be read at the key: its closing quote, the colon and the
                // value follow it.
                let slot = known >= 0 ? known : match(p + keyStart, keyLength, wordReadable: keyStart &+ 8 <= count, keys: keys,
                                                      table: table, keyCount: keyCount, lengths: lengths, expected: &expected)
                if slot >= 0 {
                    words[slot &* 2] = word0
                    words[slot &* 2 &+ 1] = word1
                    slots[slot] = slot
                }
                JSONScan.skipWhitespace(p, count, &i)
                guard i < count else { return false }
                if p[i] == ASCII.comma {
                    i &+= 1
                    JSONScan.skipWhitespace(p, count, &i)
                    continue
                }
                guard p[i] == ASCII.closeBrace else { return false }
                i &+= 1
                break
            }
        }
        JSONScan.skipWhitespace(p, count, &i)
        return i == count
    }

    /// The key table `scan` compares member keys with: four words per key — its length;
    /// for a key of at most eight bytes its bytes (little-endian, zero-padded) and the
    /// mask of those bytes (0 for a longer key, compared byte for byte); and 1 when the
    /// key is such a key whose bytes are all plain string content (no quote, backslash or
    /// control character), else 0 (see ``expectedKeyEnd(_:_:_:table:limits:)``).
    static func keyTable(_ keys: [UnsafeRawBufferPointer]) -> [UInt64] {
        var table: [UInt64] = []
        for key in keys {
            table.append(UInt64(key.count))
            guard key.count <= 8, key.count > 0 else {
                table.append(contentsOf: [0, key.count == 0 ? ~0 : 0, 0])
                continue
            }
            var word: UInt64 = 0
            for (index, byte) in key.enumerated() { word |= UInt64(byte) << (8 * UInt64(index)) }
            table.append(word)
            table.append(key.count == 8 ? ~0 : (1 << (8 * UInt64(key.count))) - 1)
            let plain = key.allSatisfy { $0 >= 0x20 && $0 != ASCII.quote && $0 != ASCII.backslash }
            table.append(plain ? 1 : 0)
        }
        return table
    }

    /// When the string at `p[start - 1]` (its opening quote) is exactly the key of
    /// `table`'s entry followed by its closing quote, the index after that quote; else
    /// nil (the caller scans the string).
    ///
    /// Sound because the entry's key is valid UTF-8 (it comes from a `String`) with no
    /// quote, backslash or control character: bytes equal to it and then a quote are a
    /// string `JSONScan.scanString` accepts, without escapes, of that length (checked
    /// against the limit here as there).
    ///
    /// Performance: records list their members in rule order, so most keys are found
    /// here with one masked compare instead of a scan and a comparison (address and
    /// profile workloads; docs/performance.md, ninth session).
    @inline(__always)
    private static func expectedKeyEnd(_ p: UnsafePointer<UInt8>, _ start: Int, _ count: Int,
                                       table entry: UnsafePointer<UInt64>, limits: JSONLimits) -> Int? {
        let length = Int(entry[0])
        guard entry[3] != 0, start &+ 8 < count, length <= limits.maxStringBytes else { return nil }
        let word = UInt64(littleEndian: UnsafeRawPointer(p + start).loadUnaligned(as: UInt64.self))
        guard word & entry[2] == entry[1], p[start &+ length] == ASCII.quote else { return nil }
        return start &+ length &+ 1
    }

    /// Whether the member key `p[0..<length]` is key `slot`.
    ///
    /// Performance: a key of up to eight bytes is one masked load and compare (the key
    /// bytes byte by byte cost ≈ 35 instructions per member on the address workload).
    @inline(__always)
    private static func isKey(_ slot: Int, _ p: UnsafePointer<UInt8>, _ length: Int, wordReadable: Bool,
                              keys: [UnsafeRawBufferPointer], table: UnsafePointer<UInt64>) -> Bool {
        let entry = table + slot &* 4
        guard entry[0] == UInt64(length) else { return false }
        let mask = entry[2]
        if mask != 0 {
            // A zero-length key has mask ~0 and word 0: equal without a load.
            if length == 0 { return true }
            if wordReadable {
                return UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)) & mask == entry[1]
            }
        }
        return JSONTape.View.bytesEqual(p, keys[slot])
    }

    /// The slot of the key `p[0..<length]` (no escapes), or -1. As
    /// ``TapeAccess/fillRootSlots(_:keys:lengths:view:root:)``: records usually list their
    /// members in rule order, so the key after the last one found is tried first.
    @inline(__always)
    private static func match(_ p: UnsafePointer<UInt8>, _ length: Int, wordReadable: Bool, keys: [UnsafeRawBufferPointer],
                              table: UnsafePointer<UInt64>, keyCount: Int, lengths: UInt64, expected: inout Int) -> Int {
        if expected < keyCount, isKey(expected, p, length, wordReadable: wordReadable, keys: keys, table: table) {
            expected &+= 1
            return expected &- 1
        }
        guard lengths & 1 << UInt64(min(length, 63)) != 0 else { return -1 }
        var slot = 0
        while slot < keyCount {
            if slot != expected, isKey(slot, p, length, wordReadable: wordReadable, keys: keys, table: table) {
                expected = slot &+ 1
                return slot
            }
            slot &+= 1
        }
        return -1
    }
}
