import Observation
import Rulebook
import XCTest

@testable import RulebookForms

/// Debounced typing on a manual scheduler, and the stream of changes.
@MainActor
final class FormSessionTests: XCTestCase {
    func session(_ source: String, display: ErrorDisplay = .immediately) throws -> (FormSession, ManualScheduler) {
        let scheduler = ManualScheduler()
        let form = FormModel(rules: try CompiledRuleSet(source: source), display: display)
        return (FormSession(form, debounce: .milliseconds(200), scheduler: scheduler), scheduler)
    }

    func testValidationWaitsForAPauseInTyping() async throws {
        let (session, scheduler) = try session("zip: required, digits 5")
        try session.type("1", into: "zip")
        XCTAssertEqual(session.field("zip")?.state, .idle, "nothing is validated while typing goes on")
        XCTAssertEqual(session.field("zip")?.value, "1", "the text is stored at once")
        XCTAssertFalse(session.canSubmit, "a text waiting for validation blocks submitting")
        scheduler.advance(by: .milliseconds(150))
        try session.type("12a", into: "zip")
        scheduler.advance(by: .milliseconds(150))
        XCTAssertEqual(session.field("zip")?.state, .idle, "the first run was overtaken by more typing")
        scheduler.advance(by: .milliseconds(50))
        XCTAssertEqual(session.field("zip")?.state.message, "Zip must be exactly 5 digits.")
        XCTAssertEqual(scheduler.pendingCount, 0)
    }

    func testIncompleteWhileTypingInvalidAfterLeaving() async throws {
        let (session, scheduler) = try session("zip: required, digits 5")
        try session.type("123", into: "zip")
        scheduler.advance(by: .milliseconds(200))
        guard case .incomplete = session.field("zip")?.state else { return XCTFail("expected incomplete") }
        try session.leave("zip")
        guard case .invalid = session.field("zip")?.state else { return XCTFail("expected invalid") }
    }

    func testDuplicatesAreSkippedAndChangesArePublished() async throws {
        let (session, scheduler) = try session("name: required, minLength 2")
        let stream = session.changes()
        try session.type("Al", into: "name")
        scheduler.advance(by: .milliseconds(200))
        try session.type("Alx", into: "name")
        try session.type("Al", into: "name")
        scheduler.advance(by: .milliseconds(200))
        XCTAssertEqual(session.field("name")?.state, .valid)
        try session.leave("name")
        var seen: [String] = []
        for await change in stream {
            seen.append("\(change.field.value?.stringValue ?? "-") \(change.field.state) \(change.field.isTouched)")
            if change.field.isTouched { break }
        }
        XCTAssertEqual(
            seen, ["Al idle false", "Al valid false", "Alx valid false", "Al valid false", "Al valid true"],
            "the pause on the text validated before runs nothing again")
    }

    func testTheModelIsObservable() async throws {
        let (session, scheduler) = try session("name: required, minLength 2")
        final class Flag: @unchecked Sendable { var fired = false }
        let flag = Flag()
        withObservationTracking {
            _ = session.canSubmit
        } onChange: {
            flag.fired = true
        }
        try session.type("Al", into: "name")
        scheduler.advance(by: .milliseconds(200))
        XCTAssertTrue(flag.fired)
        XCTAssertTrue(session.canSubmit)
    }
}

/// Asynchronous checks after the synchronous rules pass.
@MainActor
final class AsyncFieldCheckTests: XCTestCase {
    func testRunsAfterTheRulesPassAndRejects() async throws {
        let scheduler = ManualScheduler()
        let form = FormModel(rules: try CompiledRuleSet(source: "username: required, minLength 3"), display: .immediately)
        let session = FormSession(form, scheduler: scheduler)
        let asked = Asked()
        try session.register(
            AsyncFieldCheck(field: "username", code: "usernameTaken", message: "That name is taken.") { value in
                await asked.add(value.stringValue ?? "")
                return value != "ann"
            })
        try session.type("an", into: "username")
        scheduler.advance(by: .milliseconds(200))
        await session.settled()
        let askedFirst = await asked.values
        XCTAssertEqual(askedFirst, [], "not asked while the synchronous rules fail")
        try session.type("ann", into: "username")
        scheduler.advance(by: .milliseconds(200))
        XCTAssertEqual(session.field("username")?.state, .validating)
        XCTAssertFalse(session.canSubmit)
        await session.settled()
        XCTAssertEqual(session.field("username")?.state, .rejected(code: "usernameTaken", message: "That name is taken."))
        XCTAssertFalse(session.canSubmit)
        try session.type("anna", into: "username")
        scheduler.advance(by: .milliseconds(200))
        await session.settled()
        XCTAssertEqual(session.field("username")?.state, .valid)
        XCTAssertTrue(session.canSubmit)
        let askedAll = await asked.values
        XCTAssertEqual(askedAll, ["ann", "anna"])
    }

    func testAnOvertakenRunIsCancelledAndItsResultDropped() async throws {
        let scheduler = ManualScheduler()
        let session = FormSession(
            FormModel(rules: try CompiledRuleSet(source: "username: required"), display: .immediately),
            scheduler: scheduler)
        try session.register(
            AsyncFieldCheck(field: "username", code: "taken", message: "Taken.") { value in
                try await Task.sleep(for: .seconds(3600))  // only cancellation ends it
                return false
            })
        try session.type("slow", into: "username")
        scheduler.advance(by: .milliseconds(200))
        XCTAssertEqual(session.field("username")?.state, .validating)
        try session.type("slower", into: "username")
        XCTAssertEqual(session.field("username")?.state, .valid, "typing on cancels the check in flight")
        await session.settled()
        XCTAssertEqual(session.field("username")?.state, .valid, "the cancelled run's result is dropped")
        XCTAssertThrowsError(try session.register(AsyncFieldCheck(field: "nickname", code: "x", message: "x") { _ in true }))
    }
}

actor Asked {
    var values: [String] = []
    func add(_ value: String) { values.append(value) }
}
