import SeededRandom
// Deterministic benchmark workloads (issue 6): profile, address and payment NDJSON files
// with about 30% invalid records, faults of every kind, generated from a fixed seed so
// every machine measures the same bytes.

/// One benchmark workload: its name, rule file, record count and record generator.
struct Workload {
    let name: String
    let rulesFile: String
    let records: Int
    let make: (inout SeededGenerator) -> String

    static func all(scale: Double) -> [Workload] {
        [
            Workload(name: "profile", rulesFile: "Benchmarks/workloads/profile.rules",
                     records: Int(1_000_000 * scale), make: profileRecord),
            Workload(name: "address", rulesFile: "Benchmarks/workloads/address.rules",
                     records: Int(300_000 * scale), make: addressRecord),
            Workload(name: "payment", rulesFile: "Benchmarks/workloads/payment.rules",
                     records: Int(300_000 * scale), make: paymentRecord),
        ]
    }
}

private let firstNames = ["Ann", "Bartholomew", "Chloé", "Dmitri", "Elżbieta", "François", "Grace", "Hiroshi",
                          "Isabella", "José", "Katarzyna", "Liam", "Mohammed", "Nora", "Oliver", "Priya"]
private let lastNames = ["Lee", "Kowalczyk", "Müller", "García", "O'Neill", "Nakamura", "Dubois", "Smith",
                         "Rossi", "Nowak", "Schmidt", "Martínez", "Johansson", "Fernández", "Brown", "Ivanova"]
private let streets = ["High Street", "Station Road", "Rue de la Paix", "Hauptstraße", "Calle Mayor", "ulica Długa"]
private let cities = ["London", "Paris", "Berlin", "Madrid", "Kraków", "Manchester", "Lyon", "München"]
private let countries = ["GB", "FR", "DE", "ES", "PL"]

extension SeededGenerator {
    mutating func pick<T>(_ values: [T]) -> T { values[Int(next() % UInt64(values.count))] }
    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    mutating func chance(_ probability: Double) -> Bool { Double(next() % 1_000_000) < probability * 1_000_000 }
    mutating func digits(_ count: Int) -> String { String((0..<count).map { _ in Character(String(int(0...9))) }) }
    mutating func letters(_ count: Int) -> String {
        String((0..<count).map { _ in Character(Unicode.Scalar(UInt8(65 + int(0...25)))) })
    }
}

/// A JSON string literal (the generator's values need only `"` and `\` escaped).
private func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}

/// Builds `{"k":v,…}` from already-encoded values, leaving out `nil` (a missing field).
private func object(_ members: [(String, String?)]) -> String {
    "{" + members.compactMap { key, value in value.map { quoted(key) + ":" + $0 } }.joined(separator: ",") + "}"
}

/// A fault to inject into one field: the encoded replacement, or `nil` to drop the field.
private func fault(_ rng: inout SeededGenerator, _ choices: [String?]) -> String? { rng.pick(choices) }

func profileRecord(_ rng: inout SeededGenerator) -> String {
    let first = rng.pick(firstNames), last = rng.pick(lastNames)
    var fields: [(String, String?)] = [
        ("id", String(rng.int(100_000...999_999))),
        ("firstName", quoted(first)),
        ("lastName", quoted(last)),
        ("email", quoted("\(first.lowercased()).\(last.lowercased())\(rng.int(1...99))@example.com")),
        ("age", rng.chance(0.1) ? quoted(String(rng.int(13...124))) : String(rng.int(13...124))),
    ]
    if rng.chance(0.3) {
        let field = rng.int(1...4)
        fields[field].1 = switch field {
        case 1, 2: fault(&rng, [nil, "null", "\"A\"", "\"\"", "\"   \"", "42", "true"])
        case 3: fault(&rng, [nil, "null", "\"a@b\"", "\"ann.example.com\"", "\"ann@@example.com\"", "\"ann lee@example.com\"", "7"])
        default: fault(&rng, [nil, "null", "12", "125", "-1", "34.5", "\"abc\"", "\" 27\"", "true", "\"NaN\""])
        }
    }
    return object(fields)
}

func addressRecord(_ rng: inout SeededGenerator) -> String {
    let year = rng.int(1930...2008), month = rng.int(1...12), day = rng.int(1...28)
    var fields: [(String, String?)] = [
        ("house", quoted(rng.chance(0.7) ? String(rng.int(1...250)) : "Rose Cottage")),
        ("line1", quoted("\(rng.int(1...250)) \(rng.pick(streets))")),
        ("line2", rng.chance(0.3) ? quoted("Flat \(rng.int(1...40))") : nil),
        ("city", quoted(rng.pick(cities))),
        ("postcode", quoted(rng.digits(5))),
        ("country", quoted(rng.pick(countries))),
        ("birthday", quoted(String(format4(year)) + "-" + pad2(month) + "-" + pad2(day))),
    ]
    if rng.chance(0.3) {
        let field = [0, 1, 3, 4, 5, 6][rng.int(0...5)]
        fields[field].1 = switch field {
        case 0, 1, 3: fault(&rng, [nil, "null", "\"\"", "\"A\"", "17"])
        case 4: fault(&rng, [nil, "\"1234\"", "\"123456\"", "\"12a45\"", "12345", "\"12345\\n\""])
        case 5: fault(&rng, [nil, "\"US\"", "\"gb\"", "\"\"", "1"])
        default: fault(&rng, [nil, "\"2026-02-30\"", "\"31/01/1990\"", "\"2099-01-01\"", "\"1990-13-01\"", "19900101"])
        }
    }
    return object(fields)
}

func paymentRecord(_ rng: inout SeededGenerator) -> String {
    let itemCount = rng.int(1...4)
    var items = (0..<itemCount).map { _ in
        object([("sku", quoted(rng.letters(3) + "-" + rng.digits(4))), ("quantity", String(rng.int(1...99)))])
    }
    var fields: [(String, String?)] = [
        ("email", quoted("buyer\(rng.int(1...99_999))@shop.example")),
        ("phone", quoted(rng.digits(10))),
        ("zip", quoted(rng.digits(5))),
        ("state", quoted(rng.letters(2))),
        ("cvc", quoted(rng.digits(rng.chance(0.8) ? 3 : 4))),
        ("items", nil),
    ]
    if rng.chance(0.3) {
        switch rng.int(0...6) {
        case 0: fields[1].1 = fault(&rng, [nil, "\"123456789\"", "\"12345678901\"", "\"12345-6789\"", "1234567890"])
        case 1: fields[2].1 = fault(&rng, [nil, "\"1234\"", "\"1234a\""])
        case 2: fields[3].1 = fault(&rng, [nil, "\"ca\"", "\"CAL\"", "\"C1\""])
        case 3: fields[4].1 = fault(&rng, [nil, "\"12\"", "\"12345\"", "123"])
        case 4: items[0] = object([("sku", fault(&rng, [nil, "\"AB-1234\"", "\"ABC1234\"", "\"abc-1234\""])), ("quantity", "1")])
        case 5: items[items.count - 1] = object([("sku", quoted("ABC-1234")), ("quantity", fault(&rng, [nil, "0", "100", "\"x\"", "1.5"]))])
        default: items = rng.chance(0.5) ? [] : Array(repeating: items[0], count: 21)
        }
    }
    fields[5].1 = "[" + items.joined(separator: ",") + "]"
    return object(fields)
}

private func pad2(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
private func format4(_ value: Int) -> String { String(value) }

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard contains(target) else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
