#if canImport(Glibc)
    import Glibc
#endif

/// How the `rulebook` process asks the C allocator to manage its memory.
///
/// Performance: a batch command (`check`, `fmt`, `test`, `explain`) allocates hundreds of
/// thousands of small blocks on two threads and exits. With glibc's defaults the second
/// thread's heap is made readable one page at a time as it grows (one `mprotect` call per
/// 4 KB, thousands of calls for a large rule file), memory freed between the parse and
/// the check goes back to the kernel and is faulted in again, and large buffers are
/// mapped and unmapped each time. Reserving address space in large steps and keeping
/// freed memory saves those system calls and page faults. Reserved space is
/// virtual (resident memory grows only with what is touched), but freed memory is kept:
/// `validate`, which streams with little allocation and whose resident memory is bounded,
/// and the long-running language server keep the defaults (``Command/runsAsBatch``).
/// The heaps are then backed by 2 MiB pages where the kernel offers them
/// (``adviseHugePages(threadHeaps:)``).
enum ProcessMemory {
    /// Applies the batch settings (glibc only; elsewhere nothing changes), advises huge
    /// pages when glibc accepted them, and returns whether it accepted all three settings.
    /// Call once, at process start, before any other thread exists (the huge-page advice
    /// prepares heaps for the threads that come after it: see
    /// ``adviseHugePages(threadHeaps:)``).
    @discardableResult
    static func configureForBatchWork() -> Bool {
        #if canImport(Glibc)
            // `mallopt` is declared in <malloc.h>, which the Glibc module does not include: it
            // is looked up by name (RTLD_DEFAULT, a null handle), with glibc's option numbers.
            typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(nil, "mallopt") else { return false }
            let mallopt = unsafeBitCast(symbol, to: MallocOption.self)
            let trimThreshold: Int32 = -1, topPad: Int32 = -2, mmapThreshold: Int32 = -3
            // Large buffers (token lists, statement lists) from the heap, where freed space is
            // reused, rather than mapped and unmapped each time (32 MiB is glibc's maximum on
            // 64-bit systems; a 32-bit glibc refuses it, and the other two still apply).
            let mapped = mallopt(mmapThreshold, 32 << 20)
            // Never hand freed memory back to the kernel during the run.
            let kept = mallopt(trimThreshold, Int32.max)
            // Grow the main heap, and make each thread's heap usable, 64 MiB at a time.
            let padded = mallopt(topPad, 64 << 20)
            let accepted = mapped == 1 && kept == 1 && padded == 1
            // Back the heaps with 2 MiB pages, after the settings (it grows the main heap by
            // them) and only when glibc took them: a sanitizer's or another allocator's
            // `mallopt` refuses them, and then the heaps are not glibc's to reason about.
            if accepted { adviseHugePages() }
            return accepted
        #else
            return false
        #endif
    }
}
