import XCTest

@testable import Rulebook

/// The streaming path finds the root members the rules read in one pass
/// (`TapeAccess.fillRootSlots`): repeated keys (the last wins), escaped keys, members
/// the rules do not name, any member order, and paths that share a first key.
final class RootSlotTests: XCTestCase {
    private static let ruleText = """
        firstName: required, minLength 2
        age:       integer, between 13 124
        address.city: required, minLength 2
        address.zip:  pattern /^[0-9]{5}$/
        items[*].sku: required
        when kind == "b" { extra: required }
        """

    /// The tape's verdicts and reports are those of the `Value` path, which reads the
    /// record through `JSONReader` (where the last of repeated keys wins).
    private func assertSameAsValuePath(_ text: String, valid expected: Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        let compiled = rules(Self.ruleText)
        let bytes = Array(text.utf8)
        let value = try Value(json: bytes)
        let viaValue = compiled.validate(value, options: options(all: true))
        XCTAssertEqual(try compiled.validate(json: bytes, options: options(all: true)), viaValue, text, file: file, line: line)
        XCTAssertEqual(try compiled.isValid(json: bytes), expected, text, file: file, line: line)
        XCTAssertEqual(viaValue.isValid, expected, text, file: file, line: line)
        var validator = JSONRecordValidator(rules: compiled, options: options(all: true))
        for _ in 0..<2 {  // the slot buffer is reused from record to record
            XCTAssertEqual(try validator.isValid(bytes), expected, text, file: file, line: line)
            XCTAssertEqual(try validator.validate(bytes), viaValue, text, file: file, line: line)
        }
    }

    func testTheLastOfRepeatedKeysWins() throws {
        try assertSameAsValuePath(#"{"firstName":"A","firstName":"Ann","address":{"city":"Oslo"}}"#, valid: true)
        try assertSameAsValuePath(#"{"firstName":"Ann","firstName":"A","address":{"city":"Oslo"}}"#, valid: false)
        try assertSameAsValuePath(#"{"firstName":"Ann","address":{"city":"Oslo"},"firstName":null}"#, valid: false)
        try assertSameAsValuePath(#"{"address":{"city":"Oslo"},"firstName":"Ann","address":{"city":"X"}}"#, valid: false)
        try assertSameAsValuePath(#"{"age":7,"firstName":"Ann","age":40,"address":{"city":"Oslo"},"age":41}"#, valid: true)
    }

    func testEscapedKeysMatchTheirDecodedText() throws {
        try assertSameAsValuePath(#"{"first\u004eame":"Ann","address":{"c\u0069ty":"Oslo"}}"#, valid: true)
        try assertSameAsValuePath(#"{"first\u004eame":"A","address":{"city":"Oslo"}}"#, valid: false)
        try assertSameAsValuePath(#"{"firstName":"Ann","first\u004eame":"A","address":{"city":"Oslo"}}"#, valid: false)
        // Escaped keys out of rule order (their raw length differs from a root key's).
        try assertSameAsValuePath(#"{"id":1,"address":{"city":"Oslo"},"\u0066irstName":"Ann"}"#, valid: true)
        try assertSameAsValuePath(#"{"age":20,"\u0066irstName":"A","address":{"city":"Oslo"}}"#, valid: false)
        // A key that only looks alike once escapes are ignored is another key.
        try assertSameAsValuePath(#"{"first\\Name":"Ann","firstname":"Ann","address":{"city":"Oslo"}}"#, valid: false)
    }

    func testMembersTheRulesDoNotNameAndAnyOrder() throws {
        try assertSameAsValuePath(
            #"{"id":1,"zz":[1,{"firstName":"x"}],"address":{"zip":"12345","city":"Oslo"},"note":"n","firstName":"Ann"}"#,
            valid: true)
        try assertSameAsValuePath(#"{"address":{"city":"Oslo","zip":"1234"},"firstName":"Ann","age":13}"#, valid: false)
        try assertSameAsValuePath(#"{"items":[{"sku":"a"},{"sku":""}],"firstName":"Ann","address":{"city":"Oslo"}}"#, valid: false)
        try assertSameAsValuePath(#"{"kind":"b","firstName":"Ann","address":{"city":"Oslo"}}"#, valid: false)
        try assertSameAsValuePath(#"{"kind":"b","extra":1,"firstName":"Ann","address":{"city":"Oslo"}}"#, valid: true)
        try assertSameAsValuePath(#"{}"#, valid: false)
        try assertSameAsValuePath(#"{"address":"Oslo","firstName":"Ann"}"#, valid: false)
    }

    func testSlotsAreFilledOncePerDistinctFirstKey() throws {
        let compiled = rules(Self.ruleText)
        let names = compiled.program.rootKeys.map(\.text)
        XCTAssertEqual(names, ["firstName", "age", "address", "items", "extra"])
        XCTAssertEqual(compiled.program.rootKeys.map(\.rootSlot), [0, 1, 2, 3, 4])
        // Keys after the first of a path, and condition paths, have no slot.
        XCTAssertTrue(compiled.program.keys.filter { $0.text == "city" || $0.text == "sku" }.allSatisfy { $0.rootSlot == -1 })

        let text = #"{"x":0,"address":{"city":"Oslo"},"firstName":"A","firstName":"Ann","extra":null}"#
        var tape = JSONTape()
        try tape.parse(Array(text.utf8))
        var slots = [Int](repeating: 7, count: names.count)
        tape.withView(over: Array(text.utf8)) { view in
            guard let root = view.root else { return XCTFail("no root") }
            slots.withUnsafeMutableBufferPointer { buffer in
                TapeAccess.fillRootSlots(
                    buffer, keys: compiled.program.rootKeyBytes, lengths: compiled.program.rootKeyLengths,
                    view: view, root: root)
            }
            for (slot, name) in names.enumerated() {
                XCTAssertEqual(slots[slot] < 0 ? nil : slots[slot], view.member(of: root, key: name)?.index, name)
            }
        }
        XCTAssertEqual(slots[1], -1, "age is absent")
        XCTAssertEqual(slots[3], -1, "items is absent")
    }

    /// Keys are matched by length and first eight bytes, then by the rest: keys that
    /// share their first eight bytes, keys shorter than four bytes (read byte by byte at
    /// the end of the input), escaped keys and near misses all find their own member.
    func testKeysSharingTheirFirstEightBytesAndShortKeysFindTheirOwnMembers() throws {
        let keys = ["abcdefghX", "abcdefghY", "ab", "abcd", "abcdefg", "abcdefgh"]
        let storage = keys.map { Array($0.utf8) }
        let members = [
            #""abcdefghY":1"#, #""abcdefghZ":2"#, #""abc":3"#, #""ab":4"#, #""abcdefgh":5"#,
            #""abcdefghX":6"#, #""abcdefg":7"#, #""a\u0062cd":8"#, #""abcdefghYY":9"#, #""ab":10"#,
        ]
        for rotation in 0..<members.count {
            let text = "{" + (members[rotation...] + members[..<rotation]).joined(separator: ",") + "}"
            let bytes = Array(text.utf8)
            var tape = JSONTape()
            try tape.parse(bytes)
            var slots = [Int](repeating: 7, count: keys.count)
            withPointers(storage) { pointers in
                tape.withView(over: bytes) { view in
                    guard let root = view.root else { return XCTFail("no root") }
                    slots.withUnsafeMutableBufferPointer { buffer in
                        TapeAccess.fillRootSlots(buffer, keys: pointers, view: view, root: root)
                    }
                    for (slot, key) in keys.enumerated() {
                        XCTAssertEqual(slots[slot] < 0 ? nil : slots[slot], view.member(of: root, key: key)?.index, "\(key) in \(text)")
                    }
                }
            }
        }
    }

    private func withPointers(_ arrays: [[UInt8]], _ body: ([UnsafeRawBufferPointer]) -> Void) {
        var pointers: [UnsafeRawBufferPointer] = []
        func nest(_ index: Int) {
            guard index < arrays.count else { return body(pointers) }
            arrays[index].withUnsafeBytes { buffer in
                pointers.append(buffer)
                nest(index + 1)
                pointers.removeLast()
            }
        }
        nest(0)
    }

    func testNonObjectRootsFillNoSlot() throws {
        let compiled = rules(Self.ruleText)
        for text in ["[1,2]", "\"firstName\"", "5", "null"] {
            var tape = JSONTape()
            try tape.parse(Array(text.utf8))
            var slots = [Int](repeating: 7, count: compiled.program.rootKeys.count)
            tape.withView(over: Array(text.utf8)) { view in
                guard let root = view.root else { return XCTFail("no root") }
                slots.withUnsafeMutableBufferPointer { buffer in
                    TapeAccess.fillRootSlots(
                        buffer, keys: compiled.program.rootKeyBytes, lengths: compiled.program.rootKeyLengths,
                        view: view, root: root)
                }
            }
            XCTAssertEqual(Set(slots), [-1], text)
        }
    }
}
