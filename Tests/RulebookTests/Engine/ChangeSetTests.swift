import XCTest

@testable import Rulebook

final class ChangeSetTests: XCTestCase {
    private let original = record([
        "firstName": "Ann", "lastName": "Lee", "address": ["city": "Paris", "zip": "75001"],
        "tags": ["a", "b"], "age": 30,
    ])

    func testNoChanges() {
        let changes = ChangeSet(from: original, to: original)
        XCTAssertFalse(changes.hasChanges)
        XCTAssertEqual(changes.changedFields, [])
        XCTAssertEqual(changes.patch, record())
        XCTAssertFalse(ChangeSet(from: record(["n": 2]), to: record(["n": 2.0])).hasChanges)
        XCTAssertFalse(ChangeSet(from: record(["a": 1, "b": 2]), to: record(["b": 2, "a": 1])).hasChanges)
    }

    func testAddedRemovedChanged() {
        let edited = record([
            "firstName": "Anne", "address": ["city": "Paris", "zip": "75001"], "tags": ["a", "b"], "age": 30,
            "email": "anne@example.com",
        ])
        let changes = ChangeSet(from: original, to: edited)
        XCTAssertTrue(changes.hasChanges)
        XCTAssertEqual(changes.changedFields.map(\.description), ["firstName", "lastName", "email"])
        XCTAssertEqual(changes.patch, record(["firstName": "Anne", "lastName": nil, "email": "anne@example.com"]))
    }

    func testNestedObjectsPatchOnlyChangedMembers() {
        let edited = record([
            "firstName": "Ann", "lastName": "Lee", "address": ["city": "Lyon", "zip": "75001", "line2": "B"],
            "tags": ["a", "b"], "age": 30,
        ])
        let changes = ChangeSet(from: original, to: edited)
        XCTAssertEqual(changes.changedFields.map(\.description), ["address.city", "address.line2"])
        XCTAssertEqual(changes.patch, record(["address": ["city": "Lyon", "line2": "B"]]))
    }

    func testArraysChangeElementwiseAndPatchWhole() {
        let edited = record([
            "firstName": "Ann", "lastName": "Lee", "address": ["city": "Paris", "zip": "75001"],
            "tags": ["a", "c", "d"], "age": 30,
        ])
        let changes = ChangeSet(from: original, to: edited)
        XCTAssertEqual(changes.changedFields.map(\.description), ["tags[1]", "tags[2]"])
        XCTAssertEqual(changes.patch, record(["tags": ["a", "c", "d"]]))
        let items = ChangeSet(from: record(["items": [["sku": "A"], ["sku": "B"]]]), to: record(["items": [["sku": "A"], ["sku": "C"]]]))
        XCTAssertEqual(items.changedFields.map(\.description), ["items[1].sku"])
        XCTAssertEqual(items.changedFields.first?.jsonPointer, "/items/1/sku")
    }

    func testKindChangeAndRootReplacement() {
        let changes = ChangeSet(from: record(["address": ["city": "Paris"]]), to: record(["address": "Paris"]))
        XCTAssertEqual(changes.changedFields.map(\.description), ["address"])
        XCTAssertEqual(changes.patch, record(["address": "Paris"]))
        let root = ChangeSet(from: .array([.integer(1)]), to: record(["a": 1]))
        XCTAssertEqual(root.changedFields, [ConcretePath([])])
        XCTAssertEqual(root.patch, record(["a": 1]))
    }

    func testValidateWithOriginalReportsChangesAndCanLimitToThem() {
        let rules = compile(
            field("firstName", rule(.required), rule(.minLength, .count(2))),
            field("lastName", rule(.required)),
            field("address.city", rule(.required)),
            field("items", rule(.maxItems, .count(2))),
            field("items[*].sku", rule(.required)))
        let before = record(["firstName": "Ann", "items": [["sku": "A"], ["sku": "B"]]])
        let after = record(["firstName": "A", "items": [["sku": "A"], [:]]])
        let full = rules.validate(after, original: before, options: options())
        XCTAssertEqual(full.fields.count, 6)
        XCTAssertEqual(full.changes?.changedFields.map(\.description), ["firstName", "items[1].sku"])
        var limited = options()
        limited.onlyChangedFields = true
        let report = rules.validate(after, original: before, options: limited)
        XCTAssertEqual(report.fields.map(\.field.description), ["firstName", "items", "items[1].sku"])
        XCTAssertEqual(report.violations.map(\.validator), [.minLength, .required])
        XCTAssertEqual(report.changes, full.changes)
        XCTAssertEqual(rules.changes(from: before, to: after), full.changes)
    }

    func testReplacingAParentTouchesItsChildren() {
        let changes = ChangeSet(from: record(), to: record(["address": ["city": "Paris"]]))
        XCTAssertTrue(changes.touches(ConcretePath([.key("address"), .key("city")])))
        XCTAssertTrue(changes.touches(ConcretePath([.key("address")])))
        XCTAssertFalse(changes.touches(ConcretePath([.key("name")])))
    }
}

final class ValidateFieldTests: XCTestCase {
    private let rules = compile(
        field("email", rule(.required), rule(.email)),
        field("items[*].sku", rule(.required), rule(.minLength, .count(3))),
        field("password", when: .present(path("on")), rule(.required)))
    private let value = record(["email": "nope", "items": [["sku": "ABC"], ["sku": "X"], [:]]])

    func testOneField() {
        let results = rules.validateField("email", in: value)
        XCTAssertEqual(results.map(\.field.description), ["email"])
        XCTAssertEqual(results.first?.violations.map(\.validator), [.email])
    }

    func testWildcardAndConcreteIndex() {
        XCTAssertEqual(rules.validateField("items[*].sku", in: value).map(\.status), [.valid, .invalid, .invalid])
        let one = rules.validateField("items[1].sku", in: value)
        XCTAssertEqual(one.map(\.field.description), ["items[1].sku"])
        XCTAssertEqual(one.first?.violations.map(\.validator), [.minLength])
        XCTAssertEqual(rules.validateField("items[9].sku", in: value).count, 0)
        XCTAssertEqual(rules.validateField(path("items[*].sku"), in: value).count, 3)
    }

    func testConditionsReadTheWholeRecord() {
        XCTAssertEqual(rules.validateField("password", in: value).map(\.status), [.skipped])
        XCTAssertEqual(rules.validateField("password", in: record(["on": true])).map(\.status), [.invalid])
    }

    func testUnknownOrMalformedPaths() {
        for text in ["nope", "", ".", "email.", "[*]", "items[x].sku", "items[*", "a..b", "\"unterminated"] {
            XCTAssertEqual(rules.validateField(text, in: value).count, 0, text)
        }
    }
}

final class FieldQueryTests: XCTestCase {
    func testParsesPatternsAndIndices() {
        XCTAssertEqual(FieldQuery(parsing: "a.b")?.pattern, FieldPath([.key("a"), .key("b")]))
        XCTAssertEqual(FieldQuery(parsing: "items[2].sku")?.indices, [2])
        XCTAssertEqual(FieldQuery(parsing: "items[*].sku")?.pattern, FieldPath([.key("items"), .wildcard, .key("sku")]))
        XCTAssertEqual(FieldQuery(parsing: "m[*][3]")?.indices, [nil, 3])
        XCTAssertEqual(FieldQuery(parsing: "\"first-name\".x")?.pattern, FieldPath([.key("first-name"), .key("x")]))
        XCTAssertEqual(FieldQuery(parsing: "\"a\\\"b\"")?.pattern, FieldPath([.key("a\"b")]))
    }

    /// As written in rule files and catalogue keys (``CatalogKey/parsePath(_:)``): `[*]`
    /// only, after a key, and unquoted keys that are identifiers.
    func testParsesPathsAsWritten() {
        XCTAssertEqual(
            FieldQuery(parsing: "items[*][*].\"first-name\"", asWritten: true)?.pattern,
            FieldPath([.key("items"), .wildcard, .wildcard, .key("first-name")]))
        for text in ["items[2].sku", "a.[*]", "first-name.x", "a.1b", "", "a.", "\"a\"b", "a[*]b"] {
            XCTAssertNil(FieldQuery(parsing: text, asWritten: true), text)
        }
        XCTAssertEqual(
            FieldQuery(parsing: "first-name.x")?.pattern, FieldPath([.key("first-name"), .key("x")]), "a query may leave keys unquoted")
    }
}
