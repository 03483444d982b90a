// Random records: absent, null, empty and blank text, numeric text, huge and tiny
// numbers, graphemes, escapes, duplicate and shuffled keys, unknown nested keys.

extension CaseGenerator {
    /// A record for the generator's rule paths.
    public mutating func record() -> GeneratedValue {
        var members: [(key: String, value: GeneratedValue)] = []
        for key in Self.scalarKeys where random.chance(75) { members.append((key, scalar())) }
        if random.chance(70) { members.append(("address", random.chance(85) ? address() : scalar())) }
        if random.chance(70) { members.append(("items", random.chance(85) ? items() : scalar())) }
        if random.chance(60) { members.append(("tags", random.chance(85) ? .array(list { $0.scalar() }) : scalar())) }
        if random.chance(40) {
            members.append(("grid", .array(list { $0.random.chance(80) ? .array($0.list { $0.scalar() }) : $0.scalar() })))
        }
        if random.chance(30) { members.append(("extra", unknownNested(depth: 0))) }
        if random.chance(10) { members.append(("missing", scalar())) }
        // One member's value copied to another key, so that `same`, `different` and
        // `==` meet equal values.
        if members.count >= 2 && random.chance(30) {
            let source = random.pick(members)
            let target = random.pick(Self.scalarKeys + ["address"])
            members.removeAll { $0.key == target }
            var copy = source.value
            if case .object(let inner) = copy { copy = .object(random.shuffled(inner)) }
            members.append((target, copy))
        }
        // A key spelt with a decomposed `é`: another key than the rules' precomposed one.
        if random.chance(10) { members.append(("e\u{301}", scalar())) }
        members = random.shuffled(members)
        // A repeated key: the last member with a key is the one that counts.
        if !members.isEmpty && random.chance(15) {
            let repeated = random.pick(members).key
            members.insert((repeated, scalar()), at: random.below(members.count + 1))
        }
        return .object(members)
    }

    mutating func list(_ element: (inout CaseGenerator) -> GeneratedValue) -> [GeneratedValue] {
        var elements: [GeneratedValue] = []
        for _ in 0..<random.pick([0, 0, 1, 2, 3, 4]) { elements.append(element(&self)) }
        // A duplicate element now and then, for `unique`.
        if let first = elements.first, random.chance(25) { elements.append(first) }
        return elements
    }

    /// A scalar value (now and then an array or object).
    mutating func scalar() -> GeneratedValue {
        switch random.below(20) {
        case 0: return .null
        case 1: return .bool(random.chance(50))
        case 2, 3, 4: return .number(random.pick(Self.numbers))
        case 5: return .array(list { $0.scalar() })
        case 6: return .object(random.chance(50) ? [] : [("k", .number("1"))])
        default: return .string(random.pick(Self.texts))
        }
    }

    mutating func address() -> GeneratedValue {
        var members: [(key: String, value: GeneratedValue)] = []
        if random.chance(75) { members.append(("postcode", scalar())) }
        if random.chance(75) { members.append(("city", scalar())) }
        if random.chance(30) { members.append(("geo", unknownNested(depth: 1))) }
        return .object(random.shuffled(members))
    }

    mutating func items() -> GeneratedValue {
        .array(
            list { generator in
                guard generator.random.chance(90) else { return generator.scalar() }
                var members: [(key: String, value: GeneratedValue)] = []
                if generator.random.chance(80) { members.append(("sku", generator.scalar())) }
                if generator.random.chance(80) { members.append(("qty", generator.scalar())) }
                if generator.random.chance(20) { members.append(("meta", generator.unknownNested(depth: 1))) }
                return .object(generator.random.shuffled(members))
            })
    }

    /// Keys no rule names, holding objects and arrays of any depth.
    mutating func unknownNested(depth: Int) -> GeneratedValue {
        guard depth < 3 else { return scalar() }
        switch random.below(3) {
        case 0: return .object([("deep", unknownNested(depth: depth + 1)), ("sku", scalar())])
        case 1: return .array([unknownNested(depth: depth + 1), scalar()])
        default: return scalar()
        }
    }
}
