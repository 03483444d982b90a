/// A compiled pattern reduced to plain pointers into tables its ``Pattern`` owns, for the
/// rule engine's hot loop.
///
/// Performance bends the code here: matching through a ``Pattern`` copies it out of its
/// array (retaining its two strings and its program) and binds the DFA out of the
/// program's strategy (retaining its arrays): a dozen reference-count operations per
/// match, a large share of validating pattern-heavy records. A matcher is a trivially copyable value
/// (pointers and integers, the program `unowned(unsafe)`), so reading one from an array
/// and matching with it touches no reference count.
///
/// - Important: valid only while the ``Pattern`` it came from (or a copy of that value)
///   is alive; the rule engine keeps both in the same compiled program.
/// - Important: matching is called under `@_effects(releasenone)` by the rule engine's
///   text checks: it must not release anything that existed before the call (no lazily
///   grown caches; `ReleaseFreeChecksTests`).
package struct PatternMatcher: @unchecked Sendable {
    private enum Kind: UInt8 { case dfa, literal, other }

    private let kind: Kind
    private let dfa: RawDFA
    private let literal: UnsafeRawBufferPointer
    private unowned(unsafe) let program: Program

    init(program: Program, tables: MatchTables) {
        self.program = program
        literal = UnsafeRawBufferPointer(tables.literal)
        dfa = tables.rawDFA
        switch program.strategy {
        case .dfa: kind = .dfa
        case .literal: kind = .literal
        case .nfa: kind = .other
        }
    }

    /// Whether the whole of `bytes` (valid UTF-8) matches; the same answer as
    /// ``Pattern/matches(utf8:)``.
    @inline(__always)
    package func matches(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch kind {
        case .dfa:
            return dfa.matches(bytes)
        case .literal:
            guard literal.count == bytes.count else { return false }
            return Program.bytesEqual(literal, UnsafeRawBufferPointer(bytes))
        case .other:
            return program.matches(bytes)
        }
    }
}

/// A DFA over raw pointers (see ``DFA`` for the layout): the one match loop, used by
/// ``DFA/matches(_:)`` over its arrays and by ``PatternMatcher`` over ``MatchTables``.
struct RawDFA {
    let table: UnsafePointer<UInt32>?
    let ascii: UnsafePointer<UInt16>?
    let blockOffsets: UnsafePointer<UInt32>?
    let blockCount: Int
    let blocks: UnsafePointer<UInt16>?
    let tailClass: UInt16
    let start: Int
    let acceptColumn: Int
    let acceptsEmpty: Bool

    /// The class of a non-ASCII scalar (see ``Alphabet/classOf(_:)``).
    @inline(__always)
    private func classOf(_ scalar: UInt32) -> Int {
        let block = Int(scalar >> 8)
        guard block < blockCount, let blockOffsets, let blocks else { return Int(tailClass) }
        return Int(blocks[Int(blockOffsets[block]) + Int(scalar & 0xFF)])
    }

    /// Whether the whole of `bytes` matches. Invalid UTF-8 never matches.
    @inline(__always)
    func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if bytes.isEmpty { return acceptsEmpty }
        guard let table, let ascii else { return false }
        // Unchecked arithmetic: every class is < stride - 1 and every entry is a row
        // offset of this table, by construction in DFABuilder.
        var state = start
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            let byteClass: Int
            if byte < 0x80 {
                byteClass = Int(ascii[Int(byte)])
                index &+= 1
            } else {
                guard let (scalar, length) = UTF8Decoding.decode(bytes, at: index, lead: byte) else { return false }
                byteClass = classOf(scalar)
                index &+= length
            }
            state = Int(table[state &+ byteClass])
            if state == 0 { return false }
        }
        return table[state &+ acceptColumn] != 0
    }
}

/// The tables a ``PatternMatcher`` reads, copied once into memory this object owns (array
/// storage is not guaranteed to stay put outside `withUnsafeBufferPointer`). Immutable
/// after `init`; freed with the program.
final class MatchTables: @unchecked Sendable {
    let table: UnsafeMutableBufferPointer<UInt32>
    let ascii: UnsafeMutableBufferPointer<UInt16>
    let blockOffsets: UnsafeMutableBufferPointer<UInt32>
    let blocks: UnsafeMutableBufferPointer<UInt16>
    let literal: UnsafeMutableBufferPointer<UInt8>
    let rawDFA: RawDFA

    init(_ strategy: Program.Strategy) {
        var dfa: DFA?
        var literalBytes: [UInt8] = []
        switch strategy {
        case .dfa(let automaton): dfa = automaton
        case .literal(let bytes): literalBytes = bytes
        case .nfa: break
        }
        table = Self.copy(dfa?.table ?? [])
        ascii = Self.copy(dfa?.alphabet.asciiClasses ?? [])
        blockOffsets = Self.copy(dfa?.alphabet.blockOffsets ?? [])
        blocks = Self.copy(dfa?.alphabet.blocks ?? [])
        literal = Self.copy(literalBytes)
        rawDFA = RawDFA(
            table: UnsafePointer(table.baseAddress), ascii: UnsafePointer(ascii.baseAddress),
            blockOffsets: UnsafePointer(blockOffsets.baseAddress), blockCount: blockOffsets.count,
            blocks: UnsafePointer(blocks.baseAddress), tailClass: dfa?.alphabet.tailClass ?? 0,
            start: dfa?.start ?? 0, acceptColumn: (dfa?.stride ?? 1) - 1, acceptsEmpty: dfa?.acceptsEmpty ?? false)
    }

    deinit {
        table.deallocate()
        ascii.deallocate()
        blockOffsets.deallocate()
        blocks.deallocate()
        literal.deallocate()
    }

    private static func copy<T>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: array.count)
        _ = buffer.initialize(from: array)
        return buffer
    }
}
