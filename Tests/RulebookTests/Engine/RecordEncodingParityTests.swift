import Foundation
import XCTest
@testable import Rulebook
import SeededRandom

/// `validate(_: Encodable)` keeps only the root members the rules read (`RecordSlots`)
/// and evaluates from those; these tests hold it to exactly what encoding the whole
/// `Value` with `ValueEncoder` and validating that gives — reports, violations, messages,
/// `isValid`, and thrown errors — on many generated `Encodable`s: nested structs and
/// containers, optionals, arrays, dates and other special types, dictionaries with
/// non-string keys, duplicate and canonically equal keys, members no rule reads, super
/// encoders, containers of another kind at the root, and encoding errors.
final class RecordEncodingParityTests: XCTestCase {
    private static let ruleText = """
        name:    required, minLength 2
        age:     integer, between 13 124
        email:   email
        born:    date, before today, minAge 18
        start:   date
        end:     after start
        tags:    array, maxItems 3, unique
        tags[*]: minLength 1
        items[*].q:   required, integer
        items[*].sku: minLength 3
        address.postcode: digits 5
        address.city: required
        Ka:      required, string
        super:   object
        confirm: same pw
        when flag { extra: required }
        when country != "GB" { post: digits 5 }
        """

    private static let readKeys = ["name", "age", "email", "born", "start", "end", "tags", "items", "address", "Ka", "super",
                                   "confirm", "pw", "flag", "extra", "country", "post"]
    /// Unread keys, and keys spelled with non-ASCII scalars: `"\u{212A}a"` (KELVIN SIGN)
    /// is equal to `"Ka"` as a Swift string, `"e\u{301}"` is `"é"` decomposed, and the two
    /// `x` keys are canonically equivalent spellings of the same length (two combining
    /// marks in either order), which a length check cannot tell apart.
    private static let otherKeys = ["id", "note", "postcode", "city", "q", "sku", "x", "\u{212A}a", "\u{e9}", "e\u{301}", "n\u{e4}me",
                                    "x\u{316}\u{301}", "x\u{301}\u{316}"]

    func testGeneratedRecordsMatchTheWholeValuePath() throws {
        let ruleSet = rules(Self.ruleText)
        XCTAssertTrue(ruleSet.program.readsRootMembersOnly)
        try assertParity(ruleSet, seed: 0xE0C0_DE01, count: 4_000)
    }

    /// Root keys that are not ASCII are read from the slots too, byte for byte: records
    /// with the key precomposed, decomposed, both or neither (generated from `otherKeys`)
    /// give what the whole `Value` gives. A rule set the slots cannot serve (a path from
    /// the root array) takes the whole-`Value` path: still the same results.
    func testNonASCIIRootKeysAndRuleSetsOutsideTheSlots() throws {
        let nonASCII = rules("""
            "\u{e9}": required, minLength 2
            "e\u{301}": maxLength 3
            "n\u{e4}me": required
            "x\u{316}\u{301}": required
            name: required
            """)
        XCTAssertTrue(nonASCII.program.readsRootMembersOnly)
        try assertParity(nonASCII, seed: 0xE0C0_DE02, count: 2_000)
        let rootArray = compile(field("x", rule(.required)),
                                CheckedStatement(path: FieldPath([.wildcard, .key("q")]), condition: nil, rules: [rule(.integer)],
                                                 location: SourceLocation(file: "test.rules", line: 2, column: 1)))
        XCTAssertFalse(rootArray.program.readsRootMembersOnly)
        try assertParity(rootArray, seed: 0xE0C0_DE03, count: 500)
    }

    /// A reference-only root key (`pw` in `same pw`, `flag` in a condition) gets a slot.
    func testReferencedRootKeysHaveSlots() {
        let ruleSet = rules(Self.ruleText)
        let keys = ruleSet.program.recordKeys.map(\.string)
        XCTAssertEqual(Array(keys.prefix(ruleSet.program.rootKeys.count)), ruleSet.program.rootKeys.map(\.string))
        for key in ["pw", "flag", "country"] { XCTAssertTrue(keys.contains(key), key) }
        XCTAssertEqual(Set(keys).count, keys.count)
        for (slot, key) in ruleSet.program.recordKeys.enumerated() { XCTAssertEqual(key.rootSlot, slot) }
    }

    /// A key canonically equal to a rule's (`"\u{212A}a"`, KELVIN SIGN, for `Ka`) but spelt
    /// with other scalars is another member, whichever comes first: the rule reads `Ka`.
    func testCanonicallyEqualKeys() throws {
        let ruleSet = rules("Ka: required, minLength 3")
        let kelvinFirst = Generated(root: .keyed([("\u{212A}a", .string("x")), ("Ka", .string("long enough"))]))
        let kaFirst = Generated(root: .keyed([("Ka", .string("long enough")), ("\u{212A}a", .string("x"))]))
        let kelvinOnly = Generated(root: .keyed([("\u{212A}a", .string("long enough"))]))
        XCTAssertEqual(try ruleSet.validate(kelvinFirst).violations.map(\.validator), [])
        XCTAssertEqual(try ruleSet.validate(kaFirst).violations.map(\.validator), [])
        XCTAssertEqual(try ruleSet.validate(kelvinOnly).violations.map(\.validator), [.required])
        for record in [kelvinFirst, kaFirst, kelvinOnly] {
            XCTAssertEqual(try ruleSet.validate(record), ruleSet.validate(try ValueEncoder().encode(record)))
        }
    }

    // MARK: - Comparing

    private func assertParity(_ rules: CompiledRuleSet, seed: UInt64, count: Int,
                              file: StaticString = #filePath, line: UInt = #line) throws {
        var rng = SeededGenerator(seed: seed)
        var thrown = 0, invalid = 0
        for index in 0..<count {
            let record = Generated(root: root(&rng))
            let settings = options(all: index % 2 == 0)
            let expected = Result { rules.validate(try ValueEncoder().encode(record), options: settings) }
            let actual = Result { try rules.validate(record, options: settings) }
            switch (expected, actual) {
            case (.success(let whole), .success(let slots)):
                XCTAssertEqual(slots.isValid, whole.isValid, "record \(index)", file: file, line: line)
                XCTAssertEqual(slots, whole, "record \(index): \(record.root)", file: file, line: line)
                XCTAssertEqual(slots.violations.map(\.message), whole.violations.map(\.message), file: file, line: line)
                XCTAssertEqual(try rules.isValid(record, context: settings.context), whole.isValid, "record \(index)",
                               file: file, line: line)
                if !whole.isValid { invalid += 1 }
            case (.failure(let wholeError), .failure(let slotsError)):
                XCTAssertEqual(String(describing: slotsError), String(describing: wholeError), file: file, line: line)
                XCTAssertThrowsError(try rules.isValid(record, context: settings.context), file: file, line: line)
                thrown += 1
            default:
                XCTFail("record \(index): \(expected) against \(actual)", file: file, line: line)
            }
        }
        // The corpus reaches both outcomes and errors.
        XCTAssertGreaterThan(thrown, count / 50, file: file, line: line)
        XCTAssertGreaterThan(invalid, count / 4, file: file, line: line)
    }

    // MARK: - Generating

    private func key(_ rng: inout SeededGenerator) -> String {
        rng.next() % 4 == 0 ? rng.pick(Self.otherKeys) : rng.pick(Self.readKeys)
    }

    private func root(_ rng: inout SeededGenerator) -> Generated.Root {
        switch rng.next() % 40 {
        case 0: return .nothing
        case 1: return .single(leaf(&rng))
        case 2: return .unkeyed((0..<Int(rng.next() % 3)).map { _ in leaf(&rng) })
        case 3: return .switching(members(&rng, depth: 0), (0..<2).map { _ in leaf(&rng) }, members(&rng, depth: 0))
        case 4: return .keyedThenSingle(members(&rng, depth: 0), leaf(&rng))
        default: return .keyed(members(&rng, depth: 0))
        }
    }

    private func members(_ rng: inout SeededGenerator, depth: Int) -> [(String, Generated.Payload)] {
        (0..<Int(rng.next() % 9)).map { _ in (key(&rng), payload(&rng, depth: depth)) }
    }

    private static let texts = ["", " ", "A", "Ann", "ann@example.com", "a@b", "2000-02-29", "2026-03-01", "2026-02-30",
                                "1990-05-17T08:00:00Z", "75002", "7500", "GB", "FR", "abc", "12", "J\u{f8}rgen", "\u{1F44D}\u{1F3FD}"]

    private func leaf(_ rng: inout SeededGenerator) -> Generated.Payload {
        switch rng.next() % 17 {
        case 0: return .string(rng.next() % 5 == 0 ? nil : rng.pick(Self.texts))
        case 1: return .int(rng.next() % 5 == 0 ? nil : Int(rng.next() % 200) - 20)
        case 2: return .double(rng.pick([1.5, 13, 124.0, -0.0, 2e300, .nan, .infinity, 0.1]))
        case 3: return .float(rng.pick([Float(0.1), 20, .nan, -Float.infinity]))
        case 4: return .bool(rng.next() % 2 == 0)
        case 5: return .null
        case 6: return .unsigned(rng.pick([UInt64(7), UInt64.max]))
        case 7: return .date(Date(timeIntervalSince1970: Double(rng.next() % 2_000_000_000)))
        case 8: return .data(Data([1, 2, 3]))
        case 9: return .url(URL(string: "https://example.com/a?b=c"))
        case 10: return .decimal(Decimal(string: rng.pick(["12.5", "30", "1e3"])) ?? 1)
        case 11: return .intKeyed(rng.next() % 2 == 0 ? [:] : [3: "x", 1: "y"])
        case 12: return .stringKeyed(["q": Int(rng.next() % 3), "sku": 1])
        case 13: return .value(rng.pick([Value.string("Bo"), .integer(40), .array([.string("a"), .string("a")]), .null]))
        case 14: return .throwing(rng.next() % 2 == 0)
        case 15: return .optionalDouble(rng.next() % 3 == 0 ? nil : rng.pick([2.5, .nan]))
        default: return .strings((0..<Int(rng.next() % 5)).map { _ in rng.pick(["a", "", "b", "a"]) })
        }
    }

    private func payload(_ rng: inout SeededGenerator, depth: Int) -> Generated.Payload {
        guard depth < 2 else { return leaf(&rng) }
        switch rng.next() % 12 {
        case 0: return .nested(members(&rng, depth: depth + 1))
        case 1: return .nestedKeyed(members(&rng, depth: depth + 1))
        case 2: return .nestedUnkeyed((0..<Int(rng.next() % 4)).map { _ in payload(&rng, depth: depth + 1) })
        case 3: return .superEncoder(leaf(&rng))
        case 4: return .items((0..<Int(rng.next() % 4)).map { _ in members(&rng, depth: depth + 1) })
        default: return leaf(&rng)
        }
    }
}

/// An `Encodable` whose `encode(to:)` follows a generated script.
private struct Generated: Encodable {
    indirect enum Payload {
        case string(String?), int(Int?), double(Double), float(Float), bool(Bool), null, unsigned(UInt64)
        case date(Date), data(Data), url(URL?), decimal(Decimal), value(Value)
        case intKeyed([Int: String]), stringKeyed([String: Int]), strings([String])
        case optionalDouble(Double?)
        /// A nested `Encodable` (its own `encode(to:)`); throws when `true`.
        case throwing(Bool)
        case nested([(String, Payload)])
        case nestedKeyed([(String, Payload)])
        case nestedUnkeyed([Payload])
        case superEncoder(Payload)
        case items([[(String, Payload)]])
    }

    enum Root {
        case nothing
        case single(Payload)
        case unkeyed([Payload])
        case keyed([(String, Payload)])
        /// Keyed members, then an unkeyed container, then keyed members again.
        case switching([(String, Payload)], [Payload], [(String, Payload)])
        /// Keyed members, then a single value through another container.
        case keyedThenSingle([(String, Payload)], Payload)
    }

    struct Key: CodingKey {
        let stringValue: String
        let intValue: Int? = nil
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String { "generated failure" }
    }

    /// A nested struct encoded through its own `encode(to:)`.
    struct Object: Encodable {
        let members: [(String, Payload)]
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try Generated.write(members, into: &container)
        }
    }

    struct Throwing: Encodable {
        let fails: Bool
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            if fails { throw Failure() }
            try container.encode("fine")
        }
    }

    let root: Root

    func encode(to encoder: any Encoder) throws {
        switch root {
        case .nothing:
            break
        case .single(let payload):
            var container = encoder.singleValueContainer()
            try Self.write(payload, into: &container)
        case .unkeyed(let payloads):
            var container = encoder.unkeyedContainer()
            for payload in payloads { try Self.write(payload, into: &container) }
        case .keyed(let members):
            var container = encoder.container(keyedBy: Key.self)
            try Self.write(members, into: &container)
        case .switching(let first, let elements, let second):
            var keyed = encoder.container(keyedBy: Key.self)
            try Self.write(first, into: &keyed)
            var unkeyed = encoder.unkeyedContainer()
            for payload in elements { try Self.write(payload, into: &unkeyed) }
            var again = encoder.container(keyedBy: Key.self)
            try Self.write(second, into: &again)
            try Self.write(first, into: &keyed)  // the first container, written after the switch
        case .keyedThenSingle(let members, let payload):
            var keyed = encoder.container(keyedBy: Key.self)
            try Self.write(members, into: &keyed)
            var single = encoder.singleValueContainer()
            try Self.write(payload, into: &single)
        }
    }

    static func write(_ members: [(String, Payload)], into container: inout KeyedEncodingContainer<Key>) throws {
        for (name, payload) in members {
            let key = Key(stringValue: name)
            switch payload {
            case .string(let text): try container.encodeIfPresent(text, forKey: key)
            case .int(let number): try container.encodeIfPresent(number, forKey: key)
            case .double(let number): try container.encode(number, forKey: key)
            case .float(let number): try container.encode(number, forKey: key)
            case .bool(let flag): try container.encode(flag, forKey: key)
            case .null: try container.encodeNil(forKey: key)
            case .unsigned(let number): try container.encode(number, forKey: key)
            case .date(let date): try container.encode(date, forKey: key)
            case .data(let data): try container.encode(data, forKey: key)
            case .url(let url): try container.encodeIfPresent(url, forKey: key)
            case .decimal(let number): try container.encode(number, forKey: key)
            case .value(let value): try container.encode(value, forKey: key)
            case .intKeyed(let dictionary): try container.encode(dictionary, forKey: key)
            case .stringKeyed(let dictionary): try container.encode(dictionary, forKey: key)
            case .strings(let texts): try container.encode(texts, forKey: key)
            case .optionalDouble(let number): try container.encodeIfPresent(number, forKey: key)
            case .throwing(let fails): try container.encode(Throwing(fails: fails), forKey: key)
            case .nested(let inner): try container.encode(Object(members: inner), forKey: key)
            case .nestedKeyed(let inner):
                var nested = container.nestedContainer(keyedBy: Key.self, forKey: key)
                try write(inner, into: &nested)
            case .nestedUnkeyed(let payloads):
                var nested = container.nestedUnkeyedContainer(forKey: key)
                for element in payloads { try write(element, into: &nested) }
            case .superEncoder(let inner):
                var single = container.superEncoder(forKey: key).singleValueContainer()
                try write(inner, into: &single)
            case .items(let elements):
                try container.encode(elements.map { Object(members: $0) }, forKey: key)
            }
        }
    }

    static func write(_ payload: Payload, into container: inout any UnkeyedEncodingContainer) throws {
        switch payload {
        case .string(let text): if let text { try container.encode(text) } else { try container.encodeNil() }
        case .int(let number): try container.encode(number ?? 0)
        case .double(let number): try container.encode(number)
        case .float(let number): try container.encode(number)
        case .nested(let inner), .nestedKeyed(let inner):
            var nested = container.nestedContainer(keyedBy: Key.self)
            try write(inner, into: &nested)
        case .items(let elements): try container.encode(elements.map { Object(members: $0) })
        default: try container.encode(Box(payload: payload))
        }
    }

    static func write(_ payload: Payload, into container: inout any SingleValueEncodingContainer) throws {
        try container.encode(Box(payload: payload))
    }

    /// One payload as a value of its own (a single-value container's content).
    struct Box: Encodable {
        let payload: Payload
        func encode(to encoder: any Encoder) throws {
            switch payload {
            case .nested(let inner), .nestedKeyed(let inner):
                try Object(members: inner).encode(to: encoder)
            case .nestedUnkeyed(let payloads):
                var container = encoder.unkeyedContainer()
                for element in payloads { try Generated.write(element, into: &container) }
            case .items(let elements):
                try elements.map { Object(members: $0) }.encode(to: encoder)
            case .superEncoder(let inner):
                try Box(payload: inner).encode(to: encoder)
            default:
                let value = try ValueEncoder().encode(Holder(payload: payload))
                var single = encoder.singleValueContainer()
                try single.encode(value.objectValue?["v"] ?? .null)
            }
        }
    }

    /// A payload as the one member `v` (to reuse the keyed writer for single values).
    struct Holder: Encodable {
        let payload: Payload
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try Generated.write([("v", payload)], into: &container)
        }
    }
}
