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
    func testGlibcAcceptsEverySetting() {
        #if canImport(Glibc) && (arch(x86_64) || arch(arm64))
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
        // As `rulebook` does it: the settings first (the main heap's block must be under the
        // mmap threshold), then the advice (which the settings run once already; a second
        // run finds the heap's free top in place and advises it again).
        ProcessMemory.configureForBatchWork()
        let advice = ProcessMemory.adviseHugePages(threadHeaps: 2)
        XCTAssertFalse(advice.mainHeap.isEmpty, "the main heap's top was not advised")
        XCTAssertEqual(advice.mainHeap.lowerBound % ProcessMemory.hugePageBytes, 0)
        XCTAssertEqual(advice.mainHeap.upperBound % ProcessMemory.hugePageBytes, 0)
        // In a new `rulebook` process the two threads make two new heaps. This test process
        // has run many threads before: glibc may hand a thread a heap another thread uses,
        // even the main one (then there is nothing to advise for it), so at least one.
        XCTAssertTrue((1...2).contains(advice.threadHeaps.count), "thread heaps advised: \(advice.threadHeaps.count)")
        XCTAssertEqual(Set(advice.threadHeaps).count, advice.threadHeaps.count)
        let mappings = try KernelMappings.read()
        XCTAssertEqual(mappings.flags(at: advice.mainHeap.lowerBound)?.contains("hg"), true)
        XCTAssertEqual(mappings.flags(at: advice.mainHeap.upperBound - 1)?.contains("hg"), true)
        for start in advice.threadHeaps {
            XCTAssertEqual(start % ProcessMemory.threadHeapBytes, 0)
            XCTAssertEqual(mappings.flags(at: start)?.contains("hg"), true, "thread heap at \(String(start, radix: 16))")
        }
        // Nothing else was marked by mistake: not the stack, not the program image.
        var local = 0
        let stackAddress = withUnsafeMutablePointer(to: &local) { Int(bitPattern: $0) }
        XCTAssertEqual(mappings.flags(at: stackAddress)?.contains("hg"), false)
        let codeAddress = unsafeBitCast(ProcessMemoryTests.self as AnyClass, to: Int.self)
        XCTAssertNotEqual(mappings.flags(at: codeAddress)?.contains("hg"), true)
        // Memory from the advised heaps is ordinary memory.
        let bytes = [UInt8](repeating: 7, count: 3 << 20)
        XCTAssertEqual(bytes.reduce(0) { $0 + Int($1) }, 7 * (3 << 20))
        #else
        XCTAssertEqual(ProcessMemory.adviseHugePages(), HugePageAdvice())
        #endif
    }
}

/// The process's memory mappings and their kernel flags, from `/proc/self/smaps`.
private struct KernelMappings {
    private var mappings: [(range: Range<Int>, flags: [Substring])] = []

    static func read() throws -> KernelMappings {
        // Read to the end: `/proc` files report a size of 0.
        let handle = try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/self/smaps"))
        defer { try? handle.close() }
        let text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        var result = KernelMappings()
        var current: Range<Int>?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("VmFlags:"), let range = current {
                result.mappings.append((range, line.dropFirst("VmFlags:".count).split(separator: " ")))
            } else if let dash = line.firstIndex(of: "-"), let space = line.firstIndex(of: " "), dash < space,
                      let start = Int(line[..<dash], radix: 16), let end = Int(line[line.index(after: dash)..<space], radix: 16) {
                current = start..<end
            }
        }
        return result
    }

    /// The flags of the mapping holding `address` (nil when none does).
    func flags(at address: Int) -> [Substring]? {
        mappings.first { $0.range.contains(address) }?.flags
    }
}
