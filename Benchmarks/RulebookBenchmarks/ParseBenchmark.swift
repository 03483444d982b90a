// `rulebook-bench parse [--lines 100000] [--runs 5]`: lexing, parsing and formatting time
// of a large generated rule file (goal: parse + check of 100,000 lines within 1 s on one
// core; `check` measures both).

import Dispatch
import Foundation
import Rulebook
import RulebookTooling

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A deterministic rule file of about `lines` lines in the shipped files' style: field
/// statements of every argument kind, comments, named rules, continued statements and
/// nested `when` blocks.
func generateRuleFile(lines: Int) -> String {
    var text = "# generated benchmark rule file\nimport \"common.rules\"\n\n"
    var line = 3
    var index = 0
    while line < lines {
        switch index % 10 {
        case 0:
            text +=
                "# section \(index)\nrule name\(index) = required, minLength 2, maxLength 80, noDigits\n"
                + "display\(index): name\(index)\n"
            line += 3
        case 1:
            text += "field\(index): required, minLength 2, maxLength 100   # trailing comment\n"
            line += 1
        case 2:
            text += "items\(index)[*].sku: required, pattern /^[A-Z]{3}-[0-9]{4}$/i message address.postcodeFormat\n"
            line += 1
        case 3:
            text += "\"quoted-\(index)\": oneOf \"GB\" \"FR\" \"DE\" \"日本\", between -5 1.5e3\n"
            line += 1
        case 4:
            text +=
                "when country\(index) == \"GB\" and not (flag\(index) or other.path != \"n/a\") {\n"
                + "  postcode\(index): required, digits 5\n  when nested\(index) {\n    inner\(index): after today, before 2030-12-31\n  }\n}\n"
            line += 6
        case 5:
            text += "password\(index): required, minLength 8,\n                 containsDigit, containsLetter\n"
            line += 2
        case 6:
            text += "confirm\(index): same password\(index - 1) message \"Passwords differ \\u{1F512}\"\n"
            line += 1
        default:
            text += "address\(index).line1: required, minLength 3, maxLength 100\n\n"
            line += 2
        }
        index += 1
    }
    return text
}

/// The calling thread's CPU time in milliseconds: unlike wall time, it does not grow
/// when other processes compete for the cores.
func threadCPUMilliseconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1_000_000
}

/// The process's CPU time (every thread) in milliseconds: what a stage that runs on two
/// cores costs in all.
func processCPUMilliseconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1_000_000
}

/// One stage's timings over several runs, in milliseconds.
struct StageTimes {
    var wallBest: Double
    var wallMedian: Double
    /// This thread's CPU time, fastest run.
    var cpuBest: Double
    /// The process's CPU time (all threads), median run.
    var processCPUMedian: Double = 0
}

/// Runs `body` `runs` times and returns the fastest and median wall time and the fastest
/// CPU time.
func measure(runs: Int, _ body: () -> Void) -> StageTimes {
    measureStage(runs: runs, pauseMilliseconds: 0) { body() }
}

/// Like ``measure(runs:_:)``, for stages whose results are large: each run's result is
/// torn down after its timer stops (so that tearing down a tree or check is not timed: for
/// the 100,000-line file that was ≈ 50 ms of a run), and the runs are `pauseMilliseconds`
/// apart (so that a check's teardown, which it hands to another thread after returning, is
/// over before the next run starts, as it would be between two `rulebook check`
/// invocations or two edits).
///
/// With `keepingResults`, every run's result is instead kept until all runs are done:
/// then every run allocates fresh memory on top of the earlier runs' (over a GB by the
/// last of the `check` benchmark's rows), and its time swings with how fast the host
/// backs new memory.
func measureStage(runs: Int, pauseMilliseconds: UInt32 = 250, keepingResults: Bool = false, _ body: () -> Any) -> StageTimes {
    var kept: [Any] = []
    var walls: [Double] = []
    var cpus: [Double] = []
    var processCPUs: [Double] = []
    for _ in 0..<max(1, runs) {
        if pauseMilliseconds > 0 { usleep(pauseMilliseconds * 1000) }
        let cpuStart = threadCPUMilliseconds(), processStart = processCPUMilliseconds()
        let start = DispatchTime.now().uptimeNanoseconds
        var result: Any? = body()
        walls.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        cpus.append(threadCPUMilliseconds() - cpuStart)
        processCPUs.append(processCPUMilliseconds() - processStart)
        if keepingResults, let result { kept.append(result) }
        result = nil
    }
    withExtendedLifetime(kept) {}
    walls.sort()
    processCPUs.sort()
    return StageTimes(
        wallBest: walls[0], wallMedian: walls[walls.count / 2], cpuBest: cpus.min() ?? 0,
        processCPUMedian: processCPUs[processCPUs.count / 2])
}

func runParseBenchmark(lines: Int, runs: Int) {
    let text = generateRuleFile(lines: lines)
    let source = SourceFile(path: "generated.rules", text: text)
    let megabytes = Double(text.utf8.count) / 1_048_576
    var tokenCount = 0, statementCount = 0, diagnosticCount = 0, formattedBytes = 0
    let lex = measure(runs: runs) { tokenCount = lexedTokenCount(source) }
    let parse = measure(runs: runs) {
        let tree = Parser.parse(source)
        statementCount = tree.statements.count
        diagnosticCount = tree.diagnostics.count
    }
    let tree = Parser.parse(source)
    // The file imports the shipped common.rules (read from Rules/ when run from the package
    // root, as `rulebook check` would resolve it).
    let commonText = (try? String(contentsOfFile: "Rules/common.rules", encoding: .utf8)) ?? ""
    let common = Parser.parse(SourceFile(path: "common.rules", text: commonText))
    var checkDiagnostics = 0
    let check = measure(runs: runs) { checkDiagnostics = Checker().check(tree: tree, imports: [common]).diagnostics.count }
    let parseAndCheck = measure(runs: runs) {
        _ = Checker().check(tree: Parser.parse(source), imports: [Parser.parse(SourceFile(path: "common.rules", text: commonText))])
    }
    let format = measure(runs: runs) { formattedBytes = Formatter.format(tree)?.utf8.count ?? -1 }
    print(
        "parse benchmark: \(source.lines.lineCount) lines, \(String(format2: megabytes)) MB, \(tokenCount) tokens, "
            + "\(statementCount) top-level statements, \(diagnosticCount) diagnostics, best of \(runs) runs")
    print("| stage | wall best ms | wall median ms | CPU best ms | MB/s (CPU) |")
    print("|---|---:|---:|---:|---:|")
    print("check: \(checkDiagnostics) diagnostics")
    for diagnostic in Checker().check(tree: tree, imports: [common]).diagnostics.prefix(3) {
        print("  \(diagnostic.code): \(diagnostic.message)")
    }
    for (name, time) in [
        ("lex", lex), ("lex + parse", parse), ("check (from tree)", check), ("parse + check", parseAndCheck),
        ("format (from tree)", format),
    ] {
        print(
            "| \(name) | \(String(format2: time.wallBest)) | \(String(format2: time.wallMedian)) | \(String(format2: time.cpuBest)) | "
                + "\(String(format2: megabytes / (max(time.cpuBest, 0.001) / 1000))) |")
    }
    if formattedBytes < 0 { print("formatter refused the generated file (it has syntax errors)") }
}

extension String {
    /// A number with two decimals, without Foundation's `String(format:)`.
    init(format2 value: Double) {
        let scaled = (value * 100).rounded()
        let whole = Int(scaled / 100)
        let fraction = Int(abs(scaled).truncatingRemainder(dividingBy: 100))
        self = "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// `parseonly`: generates the file, then only lexes or parses it `runs` times, so that
/// callgrind runs of 1 and 3 parses subtract to the cost of two parses (nothing else).
/// With `keep`, every run's tree is kept until the end (as `check` keeps its results), so
/// the difference is the parse alone; without it, each tree is freed on the calling
/// thread before the next parse, which adds its teardown to the calling thread's share.
func runParseOnly(lines: Int, runs: Int, lexOnly: Bool, keep: Bool = false) {
    let source = SourceFile(path: "generated.rules", text: generateRuleFile(lines: lines))
    var count = 0
    var kept: [SyntaxTree] = []
    for _ in 0..<max(0, runs) {
        if lexOnly {
            count += lexedTokenCount(source)
        } else if keep {
            kept.append(Parser.parse(source))
            count += kept[kept.count - 1].statements.count
        } else {
            count += Parser.parse(source).statements.count
        }
    }
    print("\(lexOnly ? "lexed" : "parsed") \(runs) times: \(count)\(keep ? ", \(kept.count) trees kept" : "")")
    // Kept trees are never freed (the process ends here), so no teardown is counted.
    if keep { exit(0) }
}

/// The number of tokens of `source`, lexed as `Parser.parse` lexes them: into the lexer's
/// own buffer, not copied out.
func lexedTokenCount(_ source: SourceFile) -> Int {
    var text = source.text
    return text.withUTF8 { Lexer.lexTokens(bytes: $0, file: source.path, limits: .default).withTokens(\.count) }
}
