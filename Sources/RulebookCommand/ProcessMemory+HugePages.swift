#if canImport(Glibc)
    import Dispatch
    import Glibc
#endif

/// What ``ProcessMemory/adviseHugePages(threadHeaps:)`` advised: address ranges, for the
/// tests and for nothing else.
struct HugePageAdvice: Equatable {
    /// The main heap's free top, advised from its first 2 MiB boundary (empty when none).
    var mainHeap: Range<Int> = 0..<0
    /// The start of each thread heap advised (each 64 MiB).
    var threadHeaps: [Int] = []
}

extension ProcessMemory {
    /// The size of a transparent huge page on x86-64 and arm64 (with 4 KiB base pages).
    static let hugePageBytes = 2 << 20

    /// The size and alignment of a glibc heap other than the main one, on 64-bit systems
    /// (`HEAP_MAX_SIZE`: twice the largest mmap threshold, 32 MiB).
    static let threadHeapBytes = 64 << 20

    /// Asks the kernel to back the heaps a batch command is about to fill with 2 MiB pages
    /// (`madvise(MADV_HUGEPAGE)`; on Linux with transparent huge pages in `madvise` or
    /// `always` mode, which is how Debian and this machine ship).
    ///
    /// Performance: `rulebook check` of a very large rule file grows to about a hundred MB
    /// resident, and with 4 KiB pages the kernel time of its page faults is a large part
    /// of the command's CPU time; backed by 2 MiB pages it takes about a tenth of the
    /// faults. glibc does this itself when
    /// started with `GLIBC_TUNABLES=glibc.malloc.hugetlb=1`, but that setting is read
    /// before `main`, so the process advises its heaps itself, once, at start:
    /// - the main heap: one block just under the mmap threshold grows it by that much plus
    ///   the top pad (``configureForBatchWork()``); freed, it stays as the heap's free top,
    ///   which is advised. Growth beyond it later is not advised (and works as before).
    /// - thread heaps: glibc gives a thread its own heap (an "arena"), 64 MiB-aligned and
    ///   64 MiB long, and a thread started later takes over an exited thread's arena first.
    ///   `threadHeaps` threads (the parser's and checker's second threads) each allocate a
    ///   block at the same time (so each gets an arena of its own), advise the 64 MiB
    ///   holding it, and exit, leaving advised arenas for the threads that follow.
    ///
    /// Both read glibc's chunk header (the word before a block, whose flags say "mapped
    /// alone" and "not the main heap"), and advise nothing when it does not say what they
    /// expect. Nothing is advised at all unless `malloc` is glibc's own (not a sanitizer's
    /// or a preloaded allocator's, whose blocks have no such header), the pages are 4 KiB,
    /// and `GLIBC_TUNABLES` does not set `glibc.malloc.hugetlb` (with `1` glibc advises
    /// its heaps itself; with `2` its heaps are not 64 MiB-aligned; `hugetlb=0` is how a
    /// user turns this advice off). The advice changes only how memory is backed, never
    /// what is computed. The costs: resident memory rounds up to 2 MiB steps (`rulebook
    /// check Rules Localizations`: 17.6 → 18.6 MB peak), and where the kernel compacts
    /// memory on a fault in advised ranges (THP `defrag` set to `madvise`, the default), a
    /// host short of free 2 MiB blocks can make a fault slower instead of faster.
    @discardableResult
    static func adviseHugePages(threadHeaps: Int = 2) -> HugePageAdvice {
        var advice = HugePageAdvice()
        #if canImport(Glibc) && (arch(x86_64) || arch(arm64))
            guard heapsAreGlibcs, getpagesize() == 4096 else { return advice }
            if let tunables = getenv("GLIBC_TUNABLES"), String(cString: tunables).contains("glibc.malloc.hugetlb") { return advice }
            advice.mainHeap = adviseMainHeap()
            advice.threadHeaps = adviseThreadHeaps(count: threadHeaps)
        #endif
        return advice
    }

    #if canImport(Glibc) && (arch(x86_64) || arch(arm64))
        /// glibc's chunk flags (`malloc.c`): the block was mapped on its own / belongs to a
        /// heap other than the main one.
        private static let mappedAlone = 0x2, notMainHeap = 0x4

        /// Whether `malloc` is glibc's (`__libc_malloc`), so that its blocks have glibc's
        /// chunk headers: not when a sanitizer or a preloaded allocator replaces it.
        static var heapsAreGlibcs: Bool {
            guard let malloc = dlsym(nil, "malloc"), let glibc = dlsym(nil, "__libc_malloc") else { return false }
            return malloc == glibc
        }

        /// The flags in the chunk header of a block `malloc` returned.
        private static func chunkFlags(_ block: UnsafeMutableRawPointer) -> Int {
            block.load(fromByteOffset: -MemoryLayout<Int>.size, as: Int.self) & 0x7
        }

        private static func adviseMainHeap() -> Range<Int> {
            // Just under the 32 MiB mmap threshold ``configureForBatchWork()`` sets, so that the
            // block comes from the main heap (growing it, with the top pad, when needed).
            let request = 30 << 20
            guard let block = malloc(request) else { return 0..<0 }
            let address = Int(bitPattern: block)
            let flags = chunkFlags(block)
            free(block)
            let top = Int(bitPattern: sbrk(0))
            // The block must be in the main heap, below its end, and the heap not much longer
            // than the block, the pad and slack: anything else is not the layout assumed.
            guard flags & (mappedAlone | notMainHeap) == 0, top - address >= request, top - address <= request + (80 << 20) else {
                return 0..<0
            }
            let lower = roundedUp(address), upper = top & ~(hugePageBytes - 1)
            guard lower < upper, advise(lower, upper - lower) else { return 0..<0 }
            return lower..<upper
        }

        private static func adviseThreadHeaps(count: Int) -> [Int] {
            guard count > 0 else { return [] }
            let allocated = DispatchGroup()
            for _ in 0..<count { allocated.enter() }
            var started: [(thread: pthread_t, work: ThreadHeapAdvice)] = []
            for _ in 0..<count {
                let work = ThreadHeapAdvice(allocated: allocated)
                var thread = pthread_t()
                let context = Unmanaged.passRetained(work).toOpaque()
                let status = pthread_create(
                    &thread, nil,
                    { context in
                        guard let context else { return nil }
                        Unmanaged<ThreadHeapAdvice>.fromOpaque(context).takeRetainedValue().run()
                        return nil
                    }, context)
                if status == 0 {
                    started.append((thread, work))
                } else {
                    Unmanaged<ThreadHeapAdvice>.fromOpaque(context).release()
                    allocated.leave()  // the others need not wait for a thread that never ran
                }
            }
            // Joining also makes each thread's `advisedStart` visible here.
            for (thread, _) in started { pthread_join(thread, nil) }
            // Two threads share a heap when glibc has no other to give (at its arena limit).
            return Array(Set(started.compactMap(\.work.advisedStart))).sorted()
        }

        /// Advises the 64 MiB thread heap holding `block` and returns its start, or nil when
        /// `block` is not from a thread heap.
        fileprivate static func adviseHeap(holding block: UnsafeMutableRawPointer) -> Int? {
            guard chunkFlags(block) & (mappedAlone | notMainHeap) == notMainHeap else { return nil }
            let start = Int(bitPattern: block) & ~(threadHeapBytes - 1)
            return advise(start, threadHeapBytes) ? start : nil
        }

        private static func roundedUp(_ address: Int) -> Int {
            (address + hugePageBytes - 1) & ~(hugePageBytes - 1)
        }

        private static func advise(_ start: Int, _ count: Int) -> Bool {
            madvise(UnsafeMutableRawPointer(bitPattern: start), count, MADV_HUGEPAGE) == 0
        }
    #endif
}

#if canImport(Glibc) && (arch(x86_64) || arch(arm64))
    /// One thread of ``ProcessMemory/adviseHugePages(threadHeaps:)``: it holds a block of its
    /// heap until every such thread has allocated one, so that no two share an arena.
    private final class ThreadHeapAdvice: @unchecked Sendable {
        // @unchecked: `advisedStart` is written by the thread before it exits and read by the
        // thread that joins it, after `pthread_join`.
        private let allocated: DispatchGroup
        private(set) var advisedStart: Int?

        init(allocated: DispatchGroup) { self.allocated = allocated }

        /// Allocates, advises the heap the block came from, waits for the others, frees.
        func run() {
            let block = malloc(64)
            advisedStart = block.flatMap(ProcessMemory.adviseHeap(holding:))
            allocated.leave()
            allocated.wait()
            free(block)
        }
    }
#endif
