import Foundation

/// What one batch of records came to: its output bytes and its counts.
struct BatchResult: Sendable {
    var output: [UInt8] = []
    var valid = 0
    var invalid = 0
    /// Records that could not be read (malformed JSON, not an object, too long).
    var errors = 0
}

/// Counts records across a run and prints the progress line and the summary on stderr:
/// `1,000,000 records, 312,118 invalid, 2.1 s`.
struct RunStatistics {
    private(set) var valid = 0
    private(set) var invalid = 0
    private(set) var errors = 0
    /// Problems with an input as a whole (an array without its `]`), not with a record.
    var inputErrors = 0
    private let started = ContinuousClock.now
    private var lastProgress = ContinuousClock.now
    private var progressShown = false

    var records: Int { valid + invalid + errors }

    mutating func add(_ result: BatchResult) {
        valid += result.valid
        invalid += result.invalid
        errors += result.errors
    }

    /// Rewrites the progress line on a terminal, at most four times a second.
    mutating func showProgress(on output: Output) {
        guard output.isTerminal else { return }
        let now = ContinuousClock.now
        guard now - lastProgress >= .milliseconds(250), now - started >= .milliseconds(500) else { return }
        lastProgress = now
        progressShown = true
        output.write("\r\u{1B}[K" + line)
        output.flush()
    }

    /// Clears the progress line and prints the summary.
    func printSummary(on output: Output) {
        if progressShown { output.write("\r\u{1B}[K") }
        output.write(line + "\n")
    }

    /// `1,000,000 records, 312,118 invalid, 2 unreadable, 1 input error, 2.1 s` (input
    /// errors: inputs that could not be opened, arrays without their `]`).
    var line: String {
        var parts = ["\(Self.grouped(records)) record\(records == 1 ? "" : "s")", "\(Self.grouped(invalid)) invalid"]
        if errors > 0 { parts.append("\(Self.grouped(errors)) unreadable") }
        if inputErrors > 0 { parts.append("\(Self.grouped(inputErrors)) input error\(inputErrors == 1 ? "" : "s")") }
        parts.append(Self.seconds(ContinuousClock.now - started))
        return parts.joined(separator: ", ")
    }

    /// `1234567` → `1,234,567`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var text = ""
        for (position, digit) in digits.enumerated() {
            if position > 0 && (digits.count - position) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return value < 0 ? "-" + text : text
    }

    /// `2.1 s`, `0.04 s`.
    static func seconds(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return String(format: seconds < 1 ? "%.2f s" : "%.1f s", seconds)
    }
}
