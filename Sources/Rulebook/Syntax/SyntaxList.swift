// Performance: a syntax tree holds hundreds of thousands of short lists (a path's
// segments, a statement's rules, a rule's arguments), and an array of its own for each
// costs an allocation, a 32-byte header and the allocator's rounding: more than the
// elements themselves in a file of short lines. So the lists of one parse share one
// contiguous buffer per element kind, appended to as the parser reads, and a node holds
// a ``SyntaxList``: the buffer, where its run starts and how long it is.

/// The elements of one kind that the lists of a parse share, in the order they were read.
///
/// The parser appends to it while it reads (it serves as the parser's stack of lists
/// being built: a list is the run of elements appended since it began), and a list holds
/// a run of it; nothing is changed or removed once a list holds it.
package final class SyntaxBuffer<Element: Sendable & Hashable>: @unchecked Sendable {
    // Safety (`@unchecked Sendable`): only the code that made a buffer (one parse, on one
    // thread, or one node built by hand) appends to it, before the tree that holds it is
    // shared; from then on it is only read. An element is never changed once a
    // ``SyntaxList`` covers it. Performance: so no access overlaps another, and the
    // run-time exclusivity check of every read (about 5% of checking a file) is left out.
    // (`@usableFromInline` with the members below that read or append: `@inlinable`, so
    // that the other modules' use of a list is specialised, not generic.)
    @exclusivity(unchecked) @usableFromInline var elements: ContiguousArray<Element> = []

    /// An empty buffer.
    package init() {}

    /// The number of elements appended so far: where a list begun now starts.
    @inlinable package var height: Int { elements.count }

    /// Reserves room for `count` elements in all (an estimate: more are appended as well).
    func reserve(_ count: Int) {
        elements.reserveCapacity(count)
    }

    /// Appends `element`, which the list being built will hold.
    @inlinable
    package func push(_ element: consuming Element) {
        elements.append(element)
    }

    /// The last element, if a list begun at `base` holds one.
    func top(above base: Int) -> Element? {
        elements.count > base ? elements[elements.count - 1] : nil
    }

    /// Removes and returns the last element, if a list begun at `base` holds one (only
    /// for the list being built: no finished list covers it).
    func pop(above base: Int) -> Element? {
        elements.count > base ? elements.removeLast() : nil
    }

    /// The list of the elements appended since `base`.
    @inlinable
    package func list(above base: Int) -> SyntaxList<Element> {
        SyntaxList(buffer: self, start: base, count: elements.count - base)
    }

    /// Appends `elements` and returns their list.
    package func append<Elements: Sequence<Element>>(contentsOf elements: Elements) -> SyntaxList<Element> {
        let base = height
        self.elements.append(contentsOf: elements)
        return list(above: base)
    }
}

/// A list of a syntax tree: a run of a ``SyntaxBuffer`` shared with the other lists of its
/// parse. It reads, compares and hashes as an array of its elements.
package struct SyntaxList<Element: Sendable & Hashable>: RandomAccessCollection, Sendable, Hashable {
    /// Nil for an empty list, which needs no buffer.
    @usableFromInline let buffer: SyntaxBuffer<Element>?
    @usableFromInline let start: UInt32
    @usableFromInline let length: UInt32

    /// The run of `count` elements of `buffer` from `start`.
    @inlinable
    init(buffer: SyntaxBuffer<Element>, start: Int, count: Int) {
        precondition(start >= 0 && count >= 0 && start + count <= buffer.height && start + count <= Int(UInt32.max))
        self.buffer = count > 0 ? buffer : nil
        self.start = UInt32(truncatingIfNeeded: start)
        self.length = UInt32(truncatingIfNeeded: count)
    }

    /// A list of `elements` in a buffer of their own (a tree built by hand).
    package init<Elements: Sequence<Element>>(_ elements: Elements) {
        let buffer = SyntaxBuffer<Element>()
        self = buffer.append(contentsOf: elements)
    }

    /// The empty list.
    package init() {
        buffer = nil
        start = 0
        length = 0
    }

    @inlinable package var startIndex: Int { 0 }
    @inlinable package var endIndex: Int { Int(length) }
    @inlinable package var count: Int { Int(length) }
    @inlinable package var isEmpty: Bool { length == 0 }
    @inlinable package func index(after position: Int) -> Int { position + 1 }
    @inlinable package func index(before position: Int) -> Int { position - 1 }

    @inlinable
    package subscript(position: Int) -> Element {
        get {
            precondition(position >= 0 && position < Int(length), "index out of range")
            return buffer.unsafelyUnwrapped.elements[Int(start) + position]
        }
    }

    package static func == (lhs: SyntaxList, rhs: SyntaxList) -> Bool {
        guard lhs.length == rhs.length else { return false }
        if lhs.buffer === rhs.buffer && lhs.start == rhs.start { return true }
        return lhs.elementsEqual(rhs)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}

extension SyntaxList: ExpressibleByArrayLiteral {
    /// A list written as an array literal (a tree built by hand).
    package init(arrayLiteral elements: Element...) {
        self = elements.isEmpty ? SyntaxList() : SyntaxList(elements)
    }
}

/// A buffer for each kind of list of a tree: what code other than the parser that builds
/// the nodes of a tree (moving a reused statement to a new tree) appends their lists to.
package struct SyntaxBuffers: Sendable {
    package let segments = SyntaxBuffer<PathSegmentSyntax>()
    package let arguments = SyntaxBuffer<ArgumentSyntax>()
    package let rules = SyntaxBuffer<RuleSyntax>()

    /// Empty buffers.
    package init() {}
}
