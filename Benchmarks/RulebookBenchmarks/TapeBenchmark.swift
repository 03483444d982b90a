// `rulebook-bench tape [--records 100000]`: the per-record CPU cost of the streaming path
// without the command around it — each workload's lines parsed into the JSON tape and
// checked by `JSONRecordValidator` (counting, as `--quiet` does; and with a report, as
// `--format ndjson` needs before writing). Thread CPU time, so a busy machine does not
// blur it; the end-to-end figures (`e2e`) add reading, splitting lines, threads and output.

import Foundation
import Rulebook
import SeededRandom

/// This thread's CPU time in seconds.
private func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func runTapeBenchmark(records: Int) {
    print("JSON tape + compiled rules per record (JSONRecordValidator), single thread, best of 5 rounds, thread CPU time")
    print("| workload | invalid | isValid ns/record | validate → report ns/record | bytes/record |")
    print("|---|---:|---:|---:|---:|")
    let context = EvaluationContext(today: CalendarDate(year: 2026, month: 1, day: 1)!)
    for workload in Workload.all(scale: 1) {
        let rules: CompiledRuleSet
        do {
            rules = try CompiledRuleSet(contentsOfFile: workload.rulesFile)
        } catch {
            print("| \(workload.name) | cannot load \(workload.rulesFile): \(error) |")
            continue
        }
        // All lines in one buffer, as a chunk of an NDJSON file.
        var rng = SeededGenerator(seed: 0x5EED_0000 &+ UInt64(workload.name.utf8.count))
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for _ in 0..<records {
            let start = bytes.count
            bytes.append(contentsOf: workload.make(&rng).utf8)
            ranges.append(start..<bytes.count)
        }
        var validator = JSONRecordValidator(rules: rules, options: ValidationOptions(context: context))
        func best(_ body: (inout JSONRecordValidator, UnsafeRawBufferPointer) -> Bool) -> (ns: Double, failing: Int) {
            var fastest = Double.infinity
            var failing = 0
            bytes.withUnsafeBytes { buffer in
                for _ in 0..<5 {
                    failing = 0
                    let start = threadCPUSeconds()
                    for range in ranges where !body(&validator, UnsafeRawBufferPointer(rebasing: buffer[range])) { failing += 1 }
                    fastest = min(fastest, (threadCPUSeconds() - start) * 1e9 / Double(ranges.count))
                }
            }
            return (fastest, failing)
        }
        let counting = best { validator, line in (try? validator.isValid(line)) ?? false }
        let reporting = best { validator, line in (try? validator.validate(line))?.isValid ?? false }
        print(
            "| \(workload.name) | \(counting.failing) | \(String(format: "%.1f", counting.ns)) | "
                + "\(String(format: "%.1f", reporting.ns)) | \(bytes.count / max(1, records)) |")
    }
}
