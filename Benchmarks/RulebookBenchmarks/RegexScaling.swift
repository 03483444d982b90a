// `swift run -c release rulebook-bench regex`: proves the regex engine linear on the classic
// catastrophic patterns and measures the cost of one match.
import RulebookRegex

/// Runs the regex measurements and prints their tables.
func runRegexScaling() {
    var sink = 0
    printCatastrophicScaling(sink: &sink)
    print("")
    printPerMatchCosts(sink: &sink)
    print("")
    printCompileCosts()
    if sink == 42 { print("") }  // keeps the optimiser from dropping the matches
}

/// The median of `runs` timings of `body`, in nanoseconds.
private func medianNanoseconds(runs: Int, _ body: () -> Void) -> Double {
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = ContinuousClock.now
        body()
        let elapsed = ContinuousClock.now - start
        samples.append(Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9)
    }
    samples.sort()
    return samples[samples.count / 2]
}

private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

private func padLeft(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}

private func format(_ value: Double, decimals: Int = 2) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return "\(rounded)"
}

/// Catastrophic-backtracking patterns over growing non-matching inputs.
private func printCatastrophicScaling(sink: inout Int) {
    let email = #"^([a-zA-Z0-9])(([\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$"#
    let cases: [(pattern: String, input: (Int) -> String)] = [
        ("^(a+)+$", { String(repeating: "a", count: $0 - 1) + "!" }),
        ("^(a|a)*$", { String(repeating: "a", count: $0 - 1) + "!" }),
        ("^(a|aa)+$", { String(repeating: "a", count: $0 - 1) + "!" }),
        ("(x+x+)+y", { String(repeating: "x", count: $0) }),
        (#"^(\w+\s?)*$"#, { String(repeating: "ab ", count: $0 / 3) + String(repeating: "a", count: $0 % 3 + 1) + "!" }),
        (email, { String(repeating: "a", count: $0 - 1) + "!" }),
        (#"^(\p{L}+\s?)*$"#, { String(repeating: "é", count: $0 - 1) + "!" }),
    ]
    let sizes = [1_000, 10_000, 100_000]
    print("Catastrophic patterns, non-matching input (median of 7 runs)")
    print(pad("pattern", 44) + sizes.map { padLeft("\($0 / 1000)k chars", 22) }.joined() + "  engine")
    for (source, makeInput) in cases {
        guard let pattern = try? Pattern(source) else { print("\(source): does not compile"); continue }
        var row = pad(source.count > 42 ? String(source.prefix(39)) + "..." : source, 44)
        for size in sizes {
            let input = makeInput(size)
            let characters = input.count
            let nanoseconds = medianNanoseconds(runs: 7) { sink &+= pattern.matches(input) ? 1 : 0 }
            row += padLeft("\(format(nanoseconds / 1000, decimals: 1)) µs \(format(nanoseconds / Double(characters))) ns/ch", 22)
        }
        print(row + "  \(pattern.engine)")
    }
}

/// Nanoseconds per whole match of typical validation patterns, through both entry points.
private func printPerMatchCosts(sink: inout Int) {
    let cases: [(pattern: String, flags: String, input: String)] = [
        ("[0-9]{5}", "", "12345"),
        ("^[0-9]{5}$", "", "12345"),
        ("[0-9]{5}", "", "1234x"),
        (#"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}"#, "", "john.doe@example.com"),
        (#"^[^@\s]+@[^@\s]+\.[^@\s]+$"#, "", "jürgen.müller@example.de"),
        (#"[\p{L} '-]{2,50}"#, "", "José Martín-García"),
        ("GB|FR|DE", "", "FR"),
        ("visa", "i", "VISA"),
        ("[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}", "", "GB82WEST12345698765432"),
        ("literal-text", "", "literal-text"),
    ]
    let iterations = 1_000_000
    print("Cost of one whole match (median of 5 runs of \(iterations) matches)")
    print(pad("pattern", 46) + pad("input", 26) + padLeft("String", 10) + padLeft("bytes", 10) + "  engine")
    for (source, flags, input) in cases {
        guard let pattern = try? Pattern(source, flags: flags) else { print("\(source): does not compile"); continue }
        let viaString =
            medianNanoseconds(runs: 5) {
                for _ in 0..<iterations { sink &+= pattern.matches(input) ? 1 : 0 }
            } / Double(iterations)
        var bytes = input
        let viaBytes =
            bytes.withUTF8 { buffer in
                medianNanoseconds(runs: 5) {
                    for _ in 0..<iterations { sink &+= pattern.matches(utf8: buffer) ? 1 : 0 }
                }
            } / Double(iterations)
        let shown = source.count > 44 ? String(source.prefix(41)) + "..." : source
        print(
            pad("/\(shown)/\(flags)", 46) + pad(input, 26) + padLeft("\(format(viaString, decimals: 1)) ns", 10)
                + padLeft("\(format(viaBytes, decimals: 1)) ns", 10) + "  \(pattern.engine)")
    }
}

/// Microseconds to compile typical patterns (the first `\p` or `i` pattern also pays for
/// building the process-wide Unicode tables, shown separately).
private func printCompileCosts() {
    let first = medianNanoseconds(runs: 1) { _ = try? Pattern(#"\p{L}"#, flags: "i") }
    print("Compile cost (median of 5 runs); first \\p{L} with i in the process: \(format(first / 1e6)) ms (Unicode tables)")
    for source in [
        "[0-9]{5}", #"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}"#, #"[\p{L} '-]{2,50}"#, "x{1000}",
        #"\p{L}+"#, "(a|b|c|d|e|f|g|h)*abc{3,9}", "[a-z]{0,1000}@[a-z]{0,1000}", #"(\w+\s?){1,100}"#,
        "(a|b)*a(a|b){12}",
    ] {
        let nanoseconds = medianNanoseconds(runs: 5) { _ = try? Pattern(source) }
        let pattern = try? Pattern(source)
        let engine = pattern.map { "\($0.engine)" + ($0.dfaStateCount.map { ", \($0) DFA states" } ?? "") } ?? "error"
        print(pad(source, 50) + padLeft("\(format(nanoseconds / 1000, decimals: 1)) µs", 14) + "  " + engine)
    }
    // The fallback's cost per character, on a pattern forced onto the NFA simulation.
    if let simulated = try? Pattern(#"(\w+\s?){1,100}"#, limits: .init(maxDFAStates: 0)) {
        let input = String(repeating: "word ", count: 200)
        let nanoseconds = medianNanoseconds(runs: 5) { _ = simulated.matches(input) }
        print(
            "NFA simulation of (\\w+\\s?){1,100} on 1,000 chars: \(format(nanoseconds / 1000, decimals: 1)) µs, "
                + "\(format(nanoseconds / 1000)) ns/char")
    }
}
