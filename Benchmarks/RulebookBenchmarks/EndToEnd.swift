// End-to-end measurements of the real `rulebook` binary: throughput (rec/s, MB/s), CPU
// seconds and peak resident memory of `rulebook validate` on each workload, and the wall
// time of `rulebook check` on the shipped rules and on the generated 100,000-line file. Each run is a child process measured
// with wait4(2), so CPU and peak RSS are the child's own.

import Rulebook
import SeededRandom

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What one child process cost.
struct ProcessCost {
    var exitStatus: Int32
    var wallSeconds: Double
    var cpuSeconds: Double
    var peakRSSMegabytes: Double
}

/// Monotonic seconds.
func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Runs `arguments` with stdin from `stdinPath` (or /dev/null) and stdout to /dev/null.
func measure(_ arguments: [String], stdinPath: String = "/dev/null") -> ProcessCost? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, stdinPath, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let start = now()
    guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else { return nil }
    var status: Int32 = 0
    var usage = rusage()
    guard wait4(pid, &status, 0, &usage) == pid else { return nil }
    let wall = now() - start
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
    return ProcessCost(
        exitStatus: exit, wallSeconds: wall, cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
        peakRSSMegabytes: Double(usage.ru_maxrss) / 1024)
}

/// Writes every workload's NDJSON file into `directory` (skipping files that exist with the
/// right record count is not attempted: generation is deterministic and takes seconds).
func generateWorkloads(into directory: String, scale: Double) {
    mkdir(directory, 0o755)
    for workload in Workload.all(scale: scale) {
        let path = "\(directory)/\(workload.name).ndjson"
        guard let file = fopen(path, "w") else { print("cannot write \(path)"); exit(2) }
        var rng = SeededGenerator(seed: 0x5EED_0000 &+ UInt64(workload.name.utf8.count))
        var buffer = [UInt8]()
        buffer.reserveCapacity(1 << 20)
        for _ in 0..<workload.records {
            buffer.append(contentsOf: workload.make(&rng).utf8)
            buffer.append(10)
            if buffer.count >= 1 << 20 { fwrite(buffer, 1, buffer.count, file); buffer.removeAll(keepingCapacity: true) }
        }
        fwrite(buffer, 1, buffer.count, file)
        fclose(file)
        print("wrote \(path): \(workload.records) records, \(fileMegabytes(path)) MB")
    }
}

func fileMegabytes(_ path: String) -> String {
    var info = stat()
    guard stat(path, &info) == 0 else { return "?" }
    return String(format1(Double(info.st_size) / 1_000_000))
}

func fileBytes(_ path: String) -> Double {
    var info = stat()
    return stat(path, &info) == 0 ? Double(info.st_size) : 0
}

func format1(_ value: Double) -> String {
    let scaled = (value * 10).rounded() / 10
    return String(scaled)
}

func thousands(_ value: Double) -> String {
    let digits = String(Int(value.rounded()))
    var result = ""
    for (offset, character) in digits.reversed().enumerated() {
        if offset > 0 && offset % 3 == 0 { result.append(",") }
        result.append(character)
    }
    return String(result.reversed())
}

/// `rulebook-bench e2e`: validate every workload in both modes, best of `runs`, then time `check`.
func runEndToEnd(binary: String, directory: String, runs: Int) {
    print("rulebook validate, end to end (\(binary)), best of \(runs) runs")
    print("workload | mode           | records   | MB    | wall s | rec/s      | MB/s  | CPU s | rec per CPU-s | peak RSS MB | exit")
    print("---------|----------------|-----------|-------|--------|------------|-------|-------|---------------|-------------|-----")
    for workload in Workload.all(scale: 1) {
        let input = "\(directory)/\(workload.name).ndjson"
        let bytes = fileBytes(input)
        guard bytes > 0 else { print("missing \(input): run `rulebook-bench generate` first"); continue }
        let records = Double(lineCount(input))
        for (mode, flags) in [("--quiet", ["--quiet"]), ("--format ndjson", ["--format", "ndjson"])] {
            let arguments = [binary, "validate", "--rules", workload.rulesFile, "--today", "2026-01-01"] + flags + [input]
            guard let best = (0..<runs).compactMap({ _ in measure(arguments) }).min(by: { $0.wallSeconds < $1.wallSeconds })
            else { print("\(workload.name): could not run \(binary)"); continue }
            let row = [
                workload.name.padding(8), mode.padding(14), thousands(records).padding(9),
                format1(bytes / 1e6).padding(5), String(format: "%.3f", best.wallSeconds).padding(6),
                thousands(records / best.wallSeconds).padding(10), format1(bytes / 1e6 / best.wallSeconds).padding(5),
                String(format: "%.2f", best.cpuSeconds).padding(5), thousands(records / best.cpuSeconds).padding(13),
                format1(best.peakRSSMegabytes).padding(11), String(best.exitStatus),
            ]
            print(row.joined(separator: " | "))
        }
    }
    var checkTimes = (0..<max(runs * 5, 11)).compactMap { _ in measure([binary, "check", "Rules", "Localizations"])?.wallSeconds }
    checkTimes.sort()
    if !checkTimes.isEmpty {
        print(
            "\nrulebook check Rules Localizations: median \(String(format: "%.1f", checkTimes[checkTimes.count / 2] * 1000)) ms wall over \(checkTimes.count) runs"
        )
    }
    checkGeneratedFile(binary: binary, runs: max(runs * 3, 7))
}

/// `rulebook check` of the check benchmark's generated 100,000-line file, each run a new
/// process: the goal "parse + check of a 100,000-line file in under 200 ms" as a user sees
/// it, with process start, reading the file, the import of `common.rules`, the output and
/// the process's first touch of all its memory (the in-process `check` benchmark keeps
/// its earlier runs' results, so its memory is fresh too, but it starts no process).
func checkGeneratedFile(binary: String, runs: Int, lines: Int = 100_000) {
    let directory = "/tmp/rulebook-bench-\(getpid())"
    let file = "\(directory)/generated-\(lines).rules"
    guard let common = try? InMemorySourceProvider.readShippedCommonRules(), mkdir(directory, 0o755) == 0 else {
        return print("could not create \(directory) or read Rules/common.rules (run from the package root)")
    }
    defer {
        unlink(file)
        unlink("\(directory)/common.rules")
        rmdir(directory)
    }
    guard writeFile(file, generateRuleFile(lines: lines)), writeFile("\(directory)/common.rules", common) else {
        return print("could not write the generated rule file into \(directory)")
    }
    let costs = (0..<runs).compactMap { _ in measure([binary, "check", file]) }
    guard costs.count == runs, costs.allSatisfy({ $0.exitStatus == 0 }) else {
        return print("rulebook check of the generated file failed (exit statuses \(costs.map(\.exitStatus)))")
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    print(
        "rulebook check generated-\(lines).rules (new process each run): median \(String(format: "%.1f", median(costs.map(\.wallSeconds)) * 1000)) ms wall, "
            + "best \(String(format: "%.1f", (costs.map(\.wallSeconds).min() ?? 0) * 1000)) ms, median CPU \(String(format: "%.1f", median(costs.map(\.cpuSeconds)) * 1000)) ms, "
            + "peak RSS \(format1(costs.map(\.peakRSSMegabytes).max() ?? 0)) MB, over \(runs) runs")
}

/// Writes `text` to `path`; whether it worked.
private func writeFile(_ path: String, _ text: String) -> Bool {
    guard let handle = fopen(path, "w") else { return false }
    var text = text
    let written = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, handle) == $0.count }
    return fclose(handle) == 0 && written
}

func lineCount(_ path: String) -> Int {
    guard let file = fopen(path, "r") else { return 0 }
    defer { fclose(file) }
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    var count = 0
    while true {
        let read = fread(&buffer, 1, buffer.count, file)
        if read <= 0 { break }
        for index in 0..<read where buffer[index] == 10 { count += 1 }
    }
    return count
}

func String(format: String, _ value: Double) -> String {
    // "%.Nf" only: avoids Foundation in the benchmark driver.
    let places = Int(format.dropFirst(2).dropLast()) ?? 2
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        if decimals < places { text += String(repeating: "0", count: places - decimals) }
    } else if places > 0 {
        text += "." + String(repeating: "0", count: places)
    }
    return text
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
