/// Strings made from byte ranges of one source buffer (identifiers, path keys, number
/// texts, string literals, patterns, message keys), each distinct longer text made once.
/// Lives for one parse: the ranges point into that parse's buffer.
///
/// Most texts of a rule file repeat (`required`, `minLength`, `"GB"`, a pattern per item
/// field). Up to 15 bytes a `String` holds its bytes inline, so sharing saves nothing;
/// longer ones are kept in a set and the first occurrence's string is handed out again,
/// one buffer instead of one per occurrence.
final class StringInterner {
    /// Longer byte runs are made directly: rarely repeated, and not worth keeping.
    static let maxLength = 64
    /// Texts up to this length are held inline by `String` itself.
    static let inlineLength = 15

    private let bytes: UnsafeBufferPointer<UInt8>
    private var strings: Set<String> = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The string of the buffer's bytes `start..<end` (well-formed UTF-8 or not: the same
    /// repair as `String(decoding:as:)`, which makes it).
    func string(from start: Int, to end: Int) -> String {
        guard end > start else { return "" }
        let made = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        let length = end - start
        guard length > StringInterner.inlineLength, length <= StringInterner.maxLength else { return made }
        return strings.insert(made).memberAfterInsert
    }
}

/// A stack of elements from which the parser takes finished lists as exactly sized arrays.
///
/// Performance: the body of a `when` block grown element by element reallocates its
/// array at 1, 2, 4, … statements; built here and moved out, each body costs one
/// allocation, and no statement is retained or released on the way. Bodies nest (a block
/// inside a block): each remembers the stack's height when it started (``height``) and
/// takes everything above it. (The other lists of a tree are runs of a ``SyntaxBuffer``:
/// a block's body cannot be, as a statement buffer would hold the blocks that hold it.)
final class SyntaxListStack<Element> {
    private var storage: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// The number of elements on the stack.
    private(set) var height = 0

    init(capacity: Int = 64) {
        self.capacity = max(1, capacity)
        storage = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
    }

    deinit {
        storage.deinitialize(count: height)
        storage.deallocate()
    }

    /// Pushes `element` (moved in, not copied).
    func push(_ element: consuming Element) {
        if height == capacity {
            let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: storage, count: height)
            storage.deallocate()
            storage = larger
            capacity *= 2
        }
        (storage + height).initialize(to: element)
        height += 1
    }

    /// The element on top, if the stack is above `base`.
    func top(above base: Int) -> Element? {
        height > base ? storage[height - 1] : nil
    }

    /// Removes and returns the top element, if the stack is above `base`.
    func pop(above base: Int) -> Element? {
        guard height > base else { return nil }
        height -= 1
        return (storage + height).move()
    }

    /// Moves the elements above `base` into a new array (in order) and removes them.
    /// (`Array(unsafeUninitializedCapacity:)` would look the array's generic metadata up
    /// at run time on every call here; `reserveCapacity` and `append` are specialised.)
    func take(above base: Int) -> [Element] {
        let count = height - base
        guard count > 0 else { return [] }
        // The common cases (a path of one key, a rule with one or two arguments, a short
        // rule list): an array literal allocates its buffer directly, without the
        // general growth path of `reserveCapacity`.
        switch count {
        case 1:
            height = base
            return [(storage + base).move()]
        case 2:
            height = base
            return [(storage + base).move(), (storage + base + 1).move()]
        case 3:
            height = base
            return [(storage + base).move(), (storage + base + 1).move(), (storage + base + 2).move()]
        default:
            break
        }
        var array: [Element] = []
        array.reserveCapacity(count)
        for position in base..<height {
            array.append((storage + position).move())
        }
        height = base
        return array
    }
}
