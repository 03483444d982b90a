import XCTest

@testable import Rulebook

final class MessageCacheTests: XCTestCase {
    /// Counts renders; opts into caching under `identity` when given.
    private final class CountingRenderer: MessageRendering, @unchecked Sendable {
        let identity: String?
        let prefix: String
        private let lock = NSLock()
        private var count = 0
        init(identity: String?, prefix: String = "") { self.identity = identity; self.prefix = prefix }
        var renders: Int { lock.withLock { count } }
        var cacheIdentity: AnyHashable? { identity.map { AnyHashable($0) } }
        func render(_ request: MessageRequest) -> String {
            lock.withLock { count += 1 }
            let arguments = request.arguments.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
            return "\(prefix)\(request.field) \(request.messageKey) \(arguments)"
        }
    }

    private let compiled = compile(
        field("name", rule(.minLength, .count(2))),
        field("items[*]", rule(.integer)),
        field("born", rule(.before, .today)))
    private let bad = record(["name": "A", "items": ["x", "y", "z"], "born": "2999-01-01"])

    func testRenderersWithAnIdentityRenderEachRuleOnce() {
        let renderer = CountingRenderer(identity: "counting")
        var settings = options()
        settings.messages = renderer
        let first = compiled.validate(bad, options: settings)
        for _ in 0..<10 { XCTAssertEqual(compiled.validate(bad, options: settings), first) }
        // minLength and integer once each; the `today` rule every time (today may change).
        XCTAssertEqual(renderer.renders, 2 + 11)
        XCTAssertEqual(
            first.violations.map(\.message),
            [
                "name minLength min=number(2.0)", "items[*] integer ", "items[*] integer ", "items[*] integer ",
                "born before date=date(2026-01-15)",
            ])
    }

    func testIdentitiesAreKeptApartAndNilMeansNoCaching() {
        let english = CountingRenderer(identity: "a", prefix: "en:"), french = CountingRenderer(identity: "b", prefix: "fr:")
        var settings = options()
        settings.messages = english
        _ = compiled.validate(bad, options: settings)
        settings.messages = french
        XCTAssertEqual(compiled.validate(bad, options: settings).violations.first?.message.hasPrefix("fr:"), true)
        let uncached = CountingRenderer(identity: nil)
        settings.messages = uncached
        // Reports render their messages when read, not before.
        for _ in 0..<3 { XCTAssertFalse(compiled.validate(bad, options: settings).isValid) }
        XCTAssertEqual(uncached.renders, 0)
        for _ in 0..<3 { _ = compiled.validate(bad, options: settings).violations }
        XCTAssertEqual(uncached.renders, 3 * 5)
    }

    func testStreamsRenderEachRuleOnce() throws {
        let renderer = CountingRenderer(identity: nil)
        var settings = options()
        settings.messages = renderer
        var validator = JSONRecordValidator(rules: compiled, options: settings)
        let line = Array(#"{"name":"A","items":["x","y"],"born":"2999-01-01"}"#.utf8)
        for _ in 0..<5 { _ = try validator.validate(line) }
        XCTAssertEqual(renderer.renders, 3)
    }

    func testDefaultMessagesAreCachedAndIdentical() {
        let report = compiled.validate(bad, options: options())
        XCTAssertEqual(compiled.validate(bad, options: options()), report)
        XCTAssertEqual(
            report.violations.first?.message,
            DefaultMessages().render(
                MessageRequest(
                    messageOverride: nil, field: path("name"), messageKey: "minLength", arguments: [("min", .number(2))])))
    }
}
