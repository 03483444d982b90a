import SeededRandom

// Deterministic benchmark workloads: NDJSON files of three record shapes (a flat profile,
// a nested address, a payment with an array of line items), about 30% of the records
// invalid with faults of every kind, generated from a fixed seed so every machine
// measures the same bytes. Every workload also varies the JSON itself the way real
// producers do: shuffled key order, white space after separators, `\uXXXX` escapes,
// non-ASCII text and unknown keys holding nested objects and arrays.

/// One benchmark workload: its name, rule file, record count and record generator.
struct Workload {
    let name: String
    let rulesFile: String
    let records: Int
    let make: (inout SeededGenerator) -> String

    static func all(scale: Double) -> [Workload] {
        [
            Workload(
                name: "profile", rulesFile: "Benchmarks/workloads/profile.rules",
                records: Int(1_000_000 * scale), make: profileRecord),
            Workload(
                name: "address", rulesFile: "Benchmarks/workloads/address-nested.rules",
                records: Int(500_000 * scale), make: addressRecord),
            Workload(
                name: "payment", rulesFile: "Benchmarks/workloads/payment.rules",
                records: Int(300_000 * scale), make: paymentRecord),
        ]
    }
}

private let firstNames = [
    "Ann", "Bartholomew", "Chloé", "Dmitri", "Elżbieta", "François", "Grace", "Hiroshi",
    "Isabella", "José", "Katarzyna", "Liam", "Mohammed", "Nora", "Oliver", "Priya",
    "Ørjan", "Şebnem", "Zoë", "Ἀλέξανδρος", "Юлия", "Łukasz",
]
private let lastNames = [
    "Lee", "Kowalczyk", "Müller", "García", "O'Neill", "Nakamura", "Dubois", "Smith",
    "Rossi", "Nowak", "Schmidt", "Martínez", "Johansson", "Fernández", "Brown", "Ivanova",
    "Çelik", "Đorđević", "Jürgensen", "Søndergaard",
]
private let streets = [
    "High Street", "Station Road", "Rue de la Paix", "Hauptstraße", "Calle Mayor", "ulica Długa",
    "Åsgatan", "Via Aurelia", "Église Saint-Éloi",
]
private let cities = ["London", "Paris", "Berlin", "Madrid", "Kraków", "Manchester", "Lyon", "München", "Łódź", "Málaga"]
private let countries = ["GB", "FR", "DE", "ES", "PL"]
private let sources = ["web", "ios", "android", "import", "партнёр"]

extension SeededGenerator {
    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    mutating func chance(_ probability: Double) -> Bool { Double(next() % 1_000_000) < probability * 1_000_000 }
    mutating func digits(_ count: Int) -> String { String((0..<count).map { _ in Character(String(int(0...9))) }) }
    mutating func letters(_ count: Int) -> String {
        String((0..<count).map { _ in Character(Unicode.Scalar(UInt8(65 + int(0...25)))) })
    }
}

/// How one record's JSON is written: the same data, spelled as different producers spell it.
struct RecordStyle {
    /// Members in a random order instead of the schema's.
    var shuffled: Bool
    /// A space after every `:` and `,`.
    var spaced: Bool
    /// Non-ASCII characters written as `\uXXXX` escapes.
    var escaped: Bool

    init(_ rng: inout SeededGenerator) {
        shuffled = rng.chance(0.5)
        spaced = rng.chance(0.3)
        escaped = rng.chance(0.3)
    }

    /// A JSON string literal of `text`: `"` and `\` escaped, and non-ASCII characters
    /// (all in the Basic Multilingual Plane) as `\uXXXX` when the style says so.
    func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default:
                if escaped && scalar.value > 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: scalar.value % 2 == 0)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Builds `{"k":v,…}` from already-encoded values, leaving out `nil` (a missing field).
    func object(_ members: [(String, String?)], _ rng: inout SeededGenerator) -> String {
        var present = members.compactMap { key, value in value.map { quoted(key) + (spaced ? ": " : ":") + $0 } }
        if shuffled { present.shuffle(using: &rng) }
        return "{" + present.joined(separator: spaced ? ", " : ",") + "}"
    }

    func array(_ elements: [String]) -> String { "[" + elements.joined(separator: spaced ? ", " : ",") + "]" }

    /// An unknown member's value: a nested object with arrays, numbers, escapes and
    /// non-ASCII keys, which validation must step over without reading.
    func metadata(_ rng: inout SeededGenerator) -> String {
        let tags = (0..<rng.int(0...3)).map { _ in quoted(rng.pick(["new", "vip", "beta", "größe", "a\"b"])) }
        var members: [(String, String?)] = [
            ("source", quoted(rng.pick(sources))),
            ("tags", array(tags)),
            (
                "client",
                object(
                    [
                        ("os", quoted(rng.pick(["linux", "ios", "android"]))),
                        ("version", array([String(rng.int(1...9)), String(rng.int(0...20)), String(rng.int(0...99))])),
                        ("geo", rng.chance(0.5) ? object([("lat", "51.\(rng.digits(4))"), ("lon", "-0.\(rng.digits(4))")], &rng) : "null"),
                    ],
                    &rng)
            ),
        ]
        if rng.chance(0.3) { members.append(("café·note", quoted("résumé ✓ \\ \"quoted\""))) }
        if rng.chance(0.2) { members.append(("score", "1.5e-3")) }
        return object(members, &rng)
    }
}

/// A fault to inject into one field: the encoded replacement, or `nil` to drop the field.
private func fault(_ rng: inout SeededGenerator, _ choices: [String?]) -> String? { rng.pick(choices) }

/// A flat profile: four validated root fields beside an `id` and a nested `meta` object.
func profileRecord(_ rng: inout SeededGenerator) -> String {
    let style = RecordStyle(&rng)
    let first = rng.pick(firstNames), last = rng.pick(lastNames)
    let login = String(first.unicodeScalars.filter(\.isASCII).map { Character($0) }).lowercased()
    var fields: [(String, String?)] = [
        ("id", String(rng.int(100_000...999_999))),
        ("firstName", style.quoted(first)),
        ("lastName", style.quoted(last)),
        ("email", style.quoted("\(login.isEmpty ? "user" : login).\(rng.int(1...999))@example.com")),
        ("age", rng.chance(0.1) ? style.quoted(String(rng.int(13...124))) : String(rng.int(13...124))),
        ("meta", style.metadata(&rng)),
    ]
    if rng.chance(0.3) {
        let field = rng.int(1...4)
        fields[field].1 =
            switch field {
            case 1, 2: fault(&rng, [nil, "null", "\"A\"", "\"É\"", "\"\"", "\"   \"", "42", "true", "{\"given\":\"Ann\"}"])
            case 3: fault(&rng, [nil, "null", "\"a@b\"", "\"ann.example.com\"", "\"ann@@example.com\"", "\"ann lee@example.com\"", "7"])
            default: fault(&rng, [nil, "null", "12", "125", "-1", "34.5", "\"abc\"", "\" 27\"", "true", "\"NaN\"", "[30]"])
            }
    }
    return style.object(fields, &rng)
}

/// A nested address: an `address` object of four validated fields and an optional root
/// `birthday`, beside unknown keys of every kind.
func addressRecord(_ rng: inout SeededGenerator) -> String {
    let style = RecordStyle(&rng)
    var address: [(String, String?)] = [
        ("line1", style.quoted("\(rng.int(1...250)) \(rng.pick(streets))")),
        ("line2", rng.chance(0.3) ? style.quoted("Flat \(rng.int(1...40))") : nil),
        ("city", style.quoted(rng.pick(cities))),
        ("postcode", style.quoted(rng.digits(5))),
        ("country", style.quoted(rng.pick(countries))),
    ]
    var birthday: String? =
        rng.chance(0.6)
        ? style.quoted(String(rng.int(1930...2008)) + "-" + pad2(rng.int(1...12)) + "-" + pad2(rng.int(1...28))) : nil
    var wholeAddress: String?
    if rng.chance(0.3) {
        switch rng.int(0...5) {
        case 0: address[0].1 = fault(&rng, [nil, "null", "\"\"", "\"12\"", "17", "\"\(String(repeating: "ż", count: 101))\""])
        case 1: address[2].1 = fault(&rng, [nil, "null", "\"   \"", "\"Ł\"", "[\"Paris\"]"])
        case 2: address[3].1 = fault(&rng, [nil, "\"1234\"", "\"123456\"", "\"12a45\"", "12345", "\"12345\\n\"", "\"１２３４５\""])
        case 3: address[4].1 = fault(&rng, [nil, "\"US\"", "\"gb\"", "\"\"", "1", "\"G\\u0042 \""])
        case 4:
            birthday = fault(&rng, ["\"2026-02-30\"", "\"31/01/1990\"", "\"2099-01-01\"", "\"1990-13-01\"", "19900101", "\"2026-01-01\""])
        default: wholeAddress = fault(&rng, [nil, "null", "\"10 High Street\"", "[]", "{}"])
        }
    }
    let fields: [(String, String?)] = [
        ("id", style.quoted("c-" + rng.digits(8))),
        ("name", style.quoted(rng.pick(firstNames) + " " + rng.pick(lastNames))),
        ("address", wholeAddress ?? style.object(address, &rng)),
        ("birthday", birthday),
        ("meta", rng.chance(0.7) ? style.metadata(&rng) : nil),
    ]
    return style.object(fields, &rng)
}

/// A payment: five pattern fields and an `items` array of objects, each with its own
/// unknown keys.
func paymentRecord(_ rng: inout SeededGenerator) -> String {
    let style = RecordStyle(&rng)
    func item(sku: String?, quantity: String?, _ rng: inout SeededGenerator) -> String {
        style.object(
            [
                ("sku", sku), ("quantity", quantity),
                ("options", rng.chance(0.3) ? style.object([("gift", "true"), ("note", style.quoted("für Zoë"))], &rng) : nil),
            ],
            &rng)
    }
    var items = (0..<rng.int(1...4)).map { _ in
        item(sku: style.quoted(rng.letters(3) + "-" + rng.digits(4)), quantity: String(rng.int(1...99)), &rng)
    }
    var fields: [(String, String?)] = [
        ("email", style.quoted("buyer\(rng.int(1...99_999))@shop.example")),
        ("phone", style.quoted(rng.digits(10))),
        ("zip", style.quoted(rng.digits(5))),
        ("state", style.quoted(rng.letters(2))),
        ("cvc", style.quoted(rng.digits(rng.chance(0.8) ? 3 : 4))),
        ("items", nil),
        ("order", style.object([("ref", style.quoted("ORD-" + rng.digits(6))), ("channel", style.metadata(&rng))], &rng)),
    ]
    if rng.chance(0.3) {
        switch rng.int(0...6) {
        case 0: fields[1].1 = fault(&rng, [nil, "\"123456789\"", "\"12345678901\"", "\"12345-6789\"", "1234567890"])
        case 1: fields[2].1 = fault(&rng, [nil, "\"1234\"", "\"1234a\""])
        case 2: fields[3].1 = fault(&rng, [nil, "\"ca\"", "\"CAL\"", "\"C1\"", "\"\\u00C9T\""])
        case 3: fields[4].1 = fault(&rng, [nil, "\"12\"", "\"12345\"", "123"])
        case 4: items[0] = item(sku: fault(&rng, [nil, "\"AB-1234\"", "\"ABC1234\"", "\"abc-1234\""]), quantity: "1", &rng)
        case 5:
            items[items.count - 1] = item(sku: style.quoted("ABC-1234"), quantity: fault(&rng, [nil, "0", "100", "\"x\"", "1.5"]), &rng)
        default: items = rng.chance(0.5) ? [] : Array(repeating: items[0], count: 21)
        }
    }
    fields[5].1 = style.array(items)
    return style.object(fields, &rng)
}

private func pad2(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard contains(target) else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
