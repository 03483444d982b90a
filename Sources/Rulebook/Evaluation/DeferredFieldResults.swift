#if os(Linux)
import Synchronization
#else
import Foundation
#endif

/// The results of one record, kept as an ``EvaluationOutcome`` until first read.
///
/// Shared by every copy of its ``ValidationReport``, which may be read from several
/// threads at once: the results are built outside the lock (rendering may be slow), the
/// first stored wins, and every reader gets that one. Everything else is immutable.
final class DeferredFieldResults {
    let program: CompiledProgram
    let outcome: EvaluationOutcome
    let messages: any MessageRendering
    let today: CalendarDate
    #if os(Linux)
    /// The results once built. (A `Mutex` is a futex word held inline: no allocation per
    /// report, which an `NSLock` would add.)
    private let built = Mutex<[FieldResult]?>(nil)
    #else
    /// `Mutex` needs macOS 15; the package supports macOS 13.
    private let lock = NSLock()
    /// The results once built; guarded by `lock`.
    nonisolated(unsafe) private var built: [FieldResult]?
    #endif

    init(program: CompiledProgram, outcome: EvaluationOutcome, messages: any MessageRendering, today: CalendarDate) {
        self.program = program
        self.outcome = outcome
        self.messages = messages
        self.today = today
    }

    /// Whether no field is invalid (read from the outcome: builds nothing).
    var isValid: Bool { !outcome.hasInvalid }

    /// The results, built on first use.
    var fields: [FieldResult] {
        if let fields = load() { return fields }
        var builder = ViolationBuilder(program: program, messages: messages, today: today)
        var noCache: [String?] = []
        return storeIfEmpty(builder.results(of: outcome, cache: &noCache))
    }

    #if os(Linux)
    private func load() -> [FieldResult]? { built.withLock { $0 } }

    /// Stores `fields` unless another thread stored first; returns what is stored.
    private func storeIfEmpty(_ fields: [FieldResult]) -> [FieldResult] {
        built.withLock { stored in
            if let stored { return stored }
            stored = fields
            return fields
        }
    }
    #else
    private func load() -> [FieldResult]? { lock.withLock { built } }

    /// Stores `fields` unless another thread stored first; returns what is stored.
    private func storeIfEmpty(_ fields: [FieldResult]) -> [FieldResult] {
        lock.withLock {
            if let built { return built }
            built = fields
            return fields
        }
    }
    #endif
}

#if os(Linux)
extension DeferredFieldResults: Sendable {}
#else
/// `built` is only touched under `lock`.
extension DeferredFieldResults: @unchecked Sendable {}
#endif
