import Foundation

// Rendered messages kept per compiled rule set. A rule's message depends only on the
// renderer, the rule (its field as written, form key, override and constant arguments)
// and, for `today` rules, the date; never on the record. Rendering through a catalogue
// costs microseconds (measured 1.6 µs for the built-in English one), about ten times a
// whole record's validation, so each rule's message is rendered once per renderer.

/// Messages by renderer identity and rule; shared by every thread validating with one
/// ``CompiledRuleSet``.
final class MessageCache: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [AnyHashable: [String?]] = [:]
    /// Renderers kept apart; more are not cached (a guard against unbounded growth when
    /// callers make renderers with ever-new identities).
    private static let maxRenderers = 16

    /// The message of `rule` under the renderer `identity`, rendering it with `render` the
    /// first time.
    func message(rule: Int, ruleCount: Int, identity: AnyHashable, render: () -> String) -> String {
        if let cached = lock.withLock({ messages[identity].flatMap { rule < $0.count ? $0[rule] : nil } }) { return cached }
        let rendered = render()
        lock.withLock {
            if messages[identity] == nil {
                guard messages.count < Self.maxRenderers else { return }
                messages[identity] = Array(repeating: nil, count: ruleCount)
            }
            if rule < ruleCount { messages[identity]?[rule] = rendered }
        }
        return rendered
    }
}

extension DefaultMessages {
    /// The built-in English messages never vary: cache them.
    public var cacheIdentity: AnyHashable? { "Rulebook.DefaultMessages" }
}
