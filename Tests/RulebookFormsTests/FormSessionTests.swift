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

/// The rule file's asynchronous validators, run by the session after a field's
/// synchronous rules pass.
@MainActor
final class AsyncValidatorSessionTests: XCTestCase {
    /// A session over `source`, whose `available` validator notes each value asked and
    /// answers with `answer` (a value it never answers for waits until cancelled).
    func session(_ source: String, asked: Asked, answer: @escaping @Sendable (String) async throws -> Bool)
        throws -> (FormSession, ManualScheduler)
    {
        let available = AsyncValidator("available", message: "{field} is taken.") { value, _ in
            await asked.add(value.stringValue ?? "")
            return try await answer(value.stringValue ?? "")
        }
        let rules = try CompiledRuleSet(source: source, validators: ValidatorRegistry(async: [available]))
        let scheduler = ManualScheduler()
        return (FormSession(FormModel(rules: rules, display: .immediately), scheduler: scheduler), scheduler)
    }

    func testRunsAfterTheRulesPassAndRejectsWithTheViolation() async throws {
        let asked = Asked()
        let (session, scheduler) = try session("username: required, minLength 3, available", asked: asked) {
            $0 != "ann"
        }
        try session.type("an", into: "username")
        scheduler.advance(by: .milliseconds(200))
        await session.settled()
        XCTAssertEqual(session.field("username")?.state.message, "Username must be at least 3 characters long.")
        let askedFirst = await asked.values
        XCTAssertEqual(askedFirst, [], "not asked while the synchronous rules fail")
        try session.type("ann", into: "username")
        scheduler.advance(by: .milliseconds(200))
        XCTAssertEqual(session.field("username")?.state, .validating, "validating from the pause until the answer")
        XCTAssertFalse(session.canSubmit)
        await session.settled()
        XCTAssertEqual(session.field("username")?.state, .rejected(code: "available", message: "Username is taken."))
        XCTAssertFalse(session.canSubmit)
        guard case .invalid(let failures) = session.submit() else { return XCTFail("expected invalid") }
        XCTAssertEqual(failures.values.flatMap { $0 }.map(\.message), ["Username is taken."])
        try session.type("anna", into: "username")
        scheduler.advance(by: .milliseconds(200))
        await session.settled()
        XCTAssertEqual(session.field("username")?.state, .valid)
        XCTAssertTrue(session.canSubmit)
        let askedAll = await asked.values
        XCTAssertEqual(askedAll, ["ann", "anna"])
    }

    func testTypingOnCancelsTheRunInFlightAndDropsItsResult() async throws {
        let asked = Asked()
        let (session, scheduler) = try session("username: required, available", asked: asked) { value in
            if value == "slow" { try await Task.sleep(for: .seconds(3600)) }  // only cancellation ends it
            return value != "slow"
        }
        try session.type("slow", into: "username")
        scheduler.advance(by: .milliseconds(200))
        XCTAssertEqual(session.field("username")?.state, .validating)
        while await asked.values.isEmpty { await Task.yield() }  // the validator is now in flight
        try session.type("slower", into: "username")
        XCTAssertNotEqual(session.field("username")?.state, .validating, "typing on cancels the run in flight")
        await session.settled()
        XCTAssertNotEqual(
            session.field("username")?.state, .rejected(code: "available", message: "Username is taken."),
            "the cancelled run's result is dropped")
        scheduler.advance(by: .milliseconds(200))
        XCTAssertEqual(session.field("username")?.state, .validating)
        await session.settled()
        XCTAssertEqual(session.field("username")?.state, .valid)
        let askedAll = await asked.values
        XCTAssertEqual(askedAll, ["slow", "slower"])
    }

    func testOnlyTheEditedFieldsValidatorsRun() async throws {
        let asked = Asked()
        let (session, scheduler) = try session(
            "username: required, available\nteam: available\nname: required",
            asked: asked
        ) { _ in true }
        try session.type("Al", into: "name")
        scheduler.advance(by: .milliseconds(200))
        XCTAssertEqual(session.field("name")?.state, .valid, "a field without asynchronous validators is not validating")
        try session.set("anna", at: "username")
        XCTAssertEqual(session.field("username")?.state, .validating)
        await session.settled()
        XCTAssertEqual(session.field("username")?.state, .valid)
        let askedAll = await asked.values
        XCTAssertEqual(askedAll, ["anna"], "the team's validator does not run")
    }

    func testAValidatorThatThrowsShowsAFailureNotAPass() async throws {
        struct Offline: Error, CustomStringConvertible { var description: String { "The server is unreachable." } }
        let (session, _) = try session("username: required, available", asked: Asked()) { _ in throw Offline() }
        try session.set("anna", at: "username")
        await session.settled()
        XCTAssertEqual(
            session.field("username")?.state,
            .rejected(code: "asyncValidatorError", message: "The server is unreachable."))
        XCTAssertFalse(session.canSubmit)
    }
}

actor Asked {
    var values: [String] = []
    func add(_ value: String) { values.append(value) }
}
