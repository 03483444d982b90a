// Fuzz target `regex`: the regex parser, NFA compiler, DFA builder and matchers.
//
// Input layout: `pattern NUL flags NUL subject` (missing parts are empty; with no
// subject, the pattern's own text and a few fixed strings are matched). Oracles: a
// syntax error's range lies inside the `/pattern/flags` literal; the compiled pattern
// (literal, DFA or NFA strategy) agrees with the NFA simulation on every subject, and
// a copy compiled without a DFA (`maxDFAStates: 0`) agrees as well; matching never traps
// on invalid UTF-8.
@testable import RulebookRegex

private let fixedSubjects: [[UInt8]] = [
    [], Array("a".utf8), Array("abc".utf8), Array("AbC123_ \n".utf8), Array("é😀名Σσς K".utf8),
    [0xFF, 0xC3], Array(repeating: UInt8(ascii: "a"), count: 40) + [UInt8(ascii: "!")],
]

/// libFuzzer's entry point: runs the harness on one input and returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRegex(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let parts = splitInput(fuzzBytes(data, count), parts: 3)
    let source = String(decoding: parts[0], as: UTF8.self)
    let flags = String(decoding: parts[1].prefix(4), as: UTF8.self)
    let pattern: Pattern
    do {
        pattern = try Pattern(source, flags: flags)
    } catch {
        let literalLength = source.utf8.count + 1 + flags.utf8.count
        require(
            error.range.lowerBound >= 0 && error.range.upperBound <= literalLength,
            "error range \(error.range) outside /\(source)/\(flags)")
        return 0
    }
    var noDFA = Pattern.Limits.default
    noDFA.maxDFAStates = 0
    let simulated = try? Pattern(source, flags: flags, limits: noDFA)
    require(simulated != nil, "a pattern compiles with a DFA but not without one")

    var subjects = fixedSubjects + [parts[0]]
    if !parts[2].isEmpty { subjects.append(parts[2]) }
    for subject in subjects {
        subject.withUnsafeBufferPointer { buffer in
            let fast = pattern.matches(utf8: buffer)
            let reference = pattern.matchesBySimulation(utf8: buffer)
            require(
                fast == reference,
                "\(pattern.engine) says \(fast), the NFA simulation \(reference): /\(source)/\(flags) on \(Array(buffer))")
            if let simulated {
                require(simulated.matches(utf8: buffer) == reference, "the DFA-less copy disagrees: /\(source)/\(flags)")
            }
        }
    }
    return 0
}
