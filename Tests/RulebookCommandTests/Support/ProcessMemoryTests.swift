import XCTest

@testable import RulebookCommand

/// Which commands tune the allocator (``ProcessMemory``), and that glibc accepts the
/// settings.
final class ProcessMemoryTests: XCTestCase {
    func testTheCommandsThatParseAndExitRunAsBatchAndTheStreamingOnesDoNot() {
        var batch: Set<String> = []
        for command in RulebookTool.commands {
            let type: any Command.Type = command
            if type.runsAsBatch { batch.insert(type.configuration.name) }
        }
        XCTAssertEqual(batch, ["check", "fmt", "test", "explain"])
        XCTAssertFalse(ValidateCommand.runsAsBatch, "validate streams with bounded memory: keep the defaults")
        XCTAssertFalse(LanguageServerCommand.runsAsBatch, "the server runs for hours: give memory back")
    }

    /// Note: this applies the batch settings to the test process itself, for every test
    /// after it. Harmless: they change when the allocator asks the kernel for memory, not
    /// what any program computes, and no test measures its own process's memory (the
    /// bounded-memory tests measure a child `rulebook`).
    func testGlibcAcceptsEverySetting() throws {
        #if canImport(Glibc) && (arch(x86_64) || arch(arm64))
            // Under `scripts/sanitize` `malloc` and `mallopt` are the sanitizer's, which refuse
            // the settings (and the huge-page advice then steps aside, by design).
            guard ProcessMemory.heapsAreGlibcs else { throw XCTSkip("malloc is not glibc's (a sanitizer's)") }
            // A value glibc refused (32 MiB is the largest mmap threshold it takes) would make
            // mallopt return 0, and the tuning would silently be partial.
            XCTAssertTrue(ProcessMemory.configureForBatchWork())
        #else
            XCTAssertFalse(ProcessMemory.configureForBatchWork())
        #endif
    }

    /// The heaps ``ProcessMemory/adviseHugePages(threadHeaps:)`` reports are marked for
    /// huge pages in the kernel's own view of the process (`hg` in `/proc/self/smaps`),
    /// the main heap's range and each thread heap are where glibc puts them, and memory
    /// in them still works.
    func testHugePageAdviceMarksTheMainHeapAndTwoThreadHeaps() throws {
        #if canImport(Glibc) && (arch(x86_64) || arch(arm64))
            guard FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled") else {
                throw XCTSkip("this kernel has no transparent huge pages")
            }
            // The main heap is the main thread's; an arena limit or a hugetlb tunable changes
            // what glibc hands out (and the advice then steps aside, by design).
            guard Thread.isMainThread else { throw XCTSkip("not on the main thread") }
            guard ProcessMemory.heapsAreGlibcs else {
                throw XCTSkip("malloc is not glibc's (a sanitizer's): nothing is advised, by design")
            }
            let environment = ProcessInfo.processInfo.environment
            if environment["MALLOC_ARENA_MAX"] != nil || (environment["GLIBC_TUNABLES"] ?? "").contains("glibc.malloc") {
                throw XCTSkip("glibc's malloc is tuned from the environment")
            }
            // As `rulebook` does it: the settings first (the main heap's block must be under the
            // mmap threshold), then the advice (which the settings run once already).
            ProcessMemory.configureForBatchWork()
            let advice = ProcessMemory.adviseHugePages(threadHeaps: 2)
            // This test process has run many tests before: its main heap may have a free hole
            // far below its top that the block comes from, and then the main heap is not
            // advised (by design: that is not the layout the advice knows). A new process's is
            // (`testABatchCommandAdvisesItsHeapsInANewProcess`).
            let mappings = try KernelMappings.read()
            if !advice.mainHeap.isEmpty {
                XCTAssertEqual(advice.mainHeap.lowerBound % ProcessMemory.hugePageBytes, 0)
                XCTAssertEqual(advice.mainHeap.upperBound % ProcessMemory.hugePageBytes, 0)
                XCTAssertEqual(mappings.flags(at: advice.mainHeap.lowerBound)?.contains("hg"), true)
                XCTAssertEqual(mappings.flags(at: advice.mainHeap.upperBound - 1)?.contains("hg"), true)
            }
            // In a new `rulebook` process the two threads make two new heaps. This test process
            // has run many threads before: glibc may hand a thread a heap another thread uses,
            // even the main one (then there is nothing to advise for it), so at least one.
            XCTAssertTrue((1...2).contains(advice.threadHeaps.count), "thread heaps advised: \(advice.threadHeaps.count)")
            XCTAssertEqual(Set(advice.threadHeaps).count, advice.threadHeaps.count)
            for start in advice.threadHeaps {
                XCTAssertEqual(start % ProcessMemory.threadHeapBytes, 0)
                XCTAssertEqual(mappings.flags(at: start)?.contains("hg"), true, "thread heap at \(String(start, radix: 16))")
            }
            // Nothing else was marked by mistake: not the stack, not the program image.
            var local = 0
            let stackAddress = withUnsafeMutablePointer(to: &local) { Int(bitPattern: $0) }
            XCTAssertEqual(mappings.flags(at: stackAddress)?.contains("hg"), false)
            let imageAddress = Int(bitPattern: #dsohandle)
            XCTAssertNotNil(mappings.flags(at: imageAddress))
            XCTAssertEqual(mappings.flags(at: imageAddress)?.contains("hg"), false)
            // Memory from the advised heaps is ordinary memory.
            let bytes = [UInt8](repeating: 7, count: 3 << 20)
            XCTAssertEqual(bytes.reduce(0) { $0 + Int($1) }, 7 * (3 << 20))
        #else
            XCTAssertEqual(ProcessMemory.adviseHugePages(), HugePageAdvice())
        #endif
    }
}

extension ProcessMemoryTests {
    /// The real thing: a new `rulebook` batch process (`fmt -`, which waits for its input
    /// on stdin) advises its main heap (`[heap]`) and two thread heaps, seen in its
    /// `/proc/PID/smaps` while it waits.
    func testABatchCommandAdvisesItsHeapsInANewProcess() throws {
        #if canImport(Glibc) && (arch(x86_64) || arch(arm64))
            guard FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled") else {
                throw XCTSkip("this kernel has no transparent huge pages")
            }
            let environment = ProcessInfo.processInfo.environment
            // Under `scripts/sanitize` the `rulebook` built beside the tests is instrumented
            // too: its `malloc` is not glibc's, and nothing is advised (by design).
            guard ProcessMemory.heapsAreGlibcs else { throw XCTSkip("malloc is not glibc's (a sanitizer's)") }
            let process = Process()
            process.executableURL = try RulebookBinary.url()
            process.arguments = ["fmt", "-"]
            process.environment = ["PATH": environment["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8"]
            let input = Pipe()
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            var advised: [(range: Range<Int>, name: Substring)] = []
            // The advice runs before the command reads its input: poll until it shows.
            for _ in 0..<200 where advised.count < 3 && process.isRunning {
                advised = (try? KernelMappings.read(process: process.processIdentifier))?.advised ?? []
                if advised.count < 3 { usleep(25_000) }
            }
            // Were the child gone, writing to its stdin would raise SIGPIPE here.
            signal(SIGPIPE, SIG_IGN)
            if process.isRunning { try? input.fileHandleForWriting.write(contentsOf: Data("x:   required\n".utf8)) }
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
            XCTAssertTrue(advised.contains { $0.name == "[heap]" }, "the main heap was not advised: \(advised)")
            // Each thread heap's 64 MiB: its usable part and the rest, two mappings, or one.
            let threadHeaps = Set(advised.filter { $0.name.isEmpty }.map { $0.range.lowerBound & ~(ProcessMemory.threadHeapBytes - 1) })
            XCTAssertEqual(threadHeaps.count, 2, "thread heaps advised: \(advised)")
        #endif
    }
}

/// A process's memory mappings and their kernel flags, from `/proc/PID/smaps`.
private struct KernelMappings {
    private var mappings: [(range: Range<Int>, name: Substring, flags: [Substring])] = []

    /// This process's mappings.
    static func read() throws -> KernelMappings { try read(path: "/proc/self/smaps") }

    /// Another process's mappings.
    static func read(process: Int32) throws -> KernelMappings { try read(path: "/proc/\(process)/smaps") }

    private static func read(path: String) throws -> KernelMappings {
        // Read to the end: `/proc` files report a size of 0.
        let handle = try XCTUnwrap(FileHandle(forReadingAtPath: path))
        defer { try? handle.close() }
        let text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        var result = KernelMappings()
        var current: (range: Range<Int>, name: Substring)?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("VmFlags:"), let mapping = current {
                result.mappings.append((mapping.range, mapping.name, line.dropFirst("VmFlags:".count).split(separator: " ")))
            } else if let dash = line.firstIndex(of: "-"), let space = line.firstIndex(of: " "), dash < space,
                let start = Int(line[..<dash], radix: 16), let end = Int(line[line.index(after: dash)..<space], radix: 16)
            {
                // `START-END PERMS OFFSET DEV INODE [NAME]`
                let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
                current = (start..<end, fields.count > 5 ? fields[5].drop { $0 == " " } : "")
            }
        }
        return result
    }

    /// The flags of the mapping holding `address` (nil when none does).
    func flags(at address: Int) -> [Substring]? {
        mappings.first { $0.range.contains(address) }?.flags
    }

    /// The mappings marked for huge pages (`hg`), with their names (empty for anonymous).
    var advised: [(range: Range<Int>, name: Substring)] {
        mappings.filter { $0.flags.contains("hg") }.map { ($0.range, $0.name) }
    }
}
