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
}
