import Foundation

// Rendered messages kept per compiled rule set. A rule's message depends only on the
// renderer, the rule (its field as written, form key, override and constant arguments)
// and, for `today` rules, the date; never on the record. Rendering through a catalogue
// costs microseconds, many times a whole record's validation, so each rule's message is
// rendered once per renderer.
//
// Performance bends the lookup: finding a renderer's messages by its `AnyHashable`
// identity (hashing, and an `==` that instantiates generic metadata) costs more than
// building a whole report, so it is done once per report (the
// ``MessageSlot`` is then indexed per violation), and the built-in ``DefaultMessages``,
// recognised by its type, has a slot of its own that needs no identity at all.

/// Messages by renderer identity and rule; shared by every thread validating with one
/// ``CompiledRuleSet``.
final class MessageCache: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [AnyHashable: MessageSlot] = [:]
    private let ruleCount: Int
    /// The built-in English messages.
    let defaults: MessageSlot
    /// Renderers kept apart; more are not cached (a guard against unbounded growth when
    /// callers make renderers with ever-new identities).
    private static let maxRenderers = 16

    init(ruleCount: Int) {
        self.ruleCount = ruleCount
        self.defaults = MessageSlot(ruleCount: ruleCount)
    }

    /// The messages of `renderer`, when it may be cached (nil: render every time).
    func slot(for renderer: any MessageRendering) -> MessageSlot? {
        if DefaultMessages.isDefault(renderer) { return defaults }
        guard let identity = renderer.cacheIdentity else { return nil }
        return lock.withLock {
            if let slot = slots[identity] { return slot }
            guard slots.count < Self.maxRenderers else { return nil }
            let slot = MessageSlot(ruleCount: ruleCount)
            slots[identity] = slot
            return slot
        }
    }
}

/// One renderer's messages by rule.
final class MessageSlot: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var messages: [String?]

    init(ruleCount: Int) { messages = Array(repeating: nil, count: ruleCount) }

    /// The message of `rule`, rendering it with `render` the first time.
    func message(rule: Int, render: () -> String) -> String {
        if let cached = lock.withLock({ rule < messages.count ? messages[rule] : nil }) { return cached }
        let rendered = render()
        lock.withLock { if rule < messages.count { messages[rule] = rendered } }
        return rendered
    }
}

extension DefaultMessages {
    /// The built-in English messages never vary: cache them.
    public var cacheIdentity: AnyHashable? { "Rulebook.DefaultMessages" }
}
