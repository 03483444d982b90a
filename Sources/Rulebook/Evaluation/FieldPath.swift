/// A path as written in a rule file: keys and `[*]` wildcards (`items[*].sku`).
public struct FieldPath: Sendable, Hashable, CustomStringConvertible {
    /// One step of a path.
    package enum Segment: Sendable, Hashable {
        /// An object member.
        case key(String)
        /// Every element of an array.
        case wildcard
    }

    /// The steps from the record's root.
    package let segments: [Segment]

    /// A path of these segments.
    package init(_ segments: [Segment]) { self.segments = segments }

    /// Whether the path contains `[*]`.
    public var hasWildcard: Bool { segments.contains(.wildcard) }

    /// The canonical spelling (`items[*].sku`, `"first-name"`), also used in catalogue
    /// keys such as `field.items[*].sku`.
    public var description: String {
        // Performance: the checker spells every statement's path for "did you mean"; a
        // single identifier key (most paths) is its own spelling.
        if segments.count == 1, case .key(let key) = segments[0], FieldPath.isIdentifier(key) { return key }
        var text = ""
        for segment in segments {
            switch segment {
            case .key(let key):
                FieldPath.appendKey(key, to: &text)
            case .wildcard:
                text += "[*]"
            }
        }
        return text
    }

    /// Appends `.key` (no dot at the start), quoting and escaping a key that is not an
    /// identifier: the one spelling of keys shared by ``FieldPath`` and ``ConcretePath``
    /// (``ASCIIKeySpelling`` spells ASCII keys the same way from their bytes).
    static func appendKey(_ key: String, to text: inout String) {
        if !text.isEmpty { text += "." }
        if isIdentifier(key) { text += key; return }
        text += "\""
        for scalar in key.unicodeScalars {
            if isEscapedInQuotes(scalar.value) { text += "\\" }
            text.unicodeScalars.append(scalar)
        }
        text += "\""
    }

    /// Whether a quoted key's character is written with a `\` before it: `\` and `"`.
    @inline(__always)
    static func isEscapedInQuotes(_ scalar: UInt32) -> Bool {
        scalar == 0x5C || scalar == 0x22
    }

    /// Whether `key` can be written without quotes.
    package static func isIdentifier(_ key: String) -> Bool {
        // Performance: ASCII keys (nearly all) are decided on their bytes, one table load
        // each (``ASCIIKeySpelling``); Unicode scalar properties are looked up only when a
        // non-ASCII byte appears. The bytes are read in place (a small string's from its
        // two words) rather than by iterating `utf8`: a report's failing field is spelt
        // with this.
        let shape =
            key.utf8.withContiguousStorageIfAvailable(ASCIIKeySpelling.shape(of:))
            ?? Array(key.utf8).withUnsafeBufferPointer(ASCIIKeySpelling.shape(of:))
        if let shape { return !shape.quoted }
        guard let first = key.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return key.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }
}

/// A path to one concrete value in a record: keys and array indices (`items[2].sku`).
public struct ConcretePath: Sendable, Hashable, CustomStringConvertible, Comparable {
    /// One step of a concrete path.
    @usableFromInline package enum Segment: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// The keys and indices, outermost first.
    @usableFromInline package let segments: [Segment]
    /// Whether the path is known to be one identifier key (its own spelling): set for a
    /// compiled program's fixed paths, whose spelling was decided once
    /// (``spellingDecided``); false says nothing. Not part of the path's value (``==``
    /// and ``hash(into:)`` ignore it).
    ///
    /// Performance: a form spells each failing field (`field.description`), so whether
    /// the key needs quotes is decided once, not per spelling.
    @usableFromInline let isIdentifierKey: Bool

    /// A concrete path of these segments.
    package init(_ segments: [Segment]) {
        self.segments = segments
        self.isIdentifierKey = false
    }

    private init(_ segments: [Segment], isIdentifierKey: Bool) {
        self.segments = segments
        self.isIdentifierKey = isIdentifierKey
    }

    /// The same path, with whether it is one identifier key decided now (for paths kept
    /// and spelt many times: a compiled program's fixed paths).
    var spellingDecided: ConcretePath {
        if segments.count == 1, case .key(let key) = segments[0], FieldPath.isIdentifier(key) {
            return ConcretePath(segments, isIdentifierKey: true)
        }
        return self
    }

    /// Whether two paths have the same segments.
    public static func == (lhs: ConcretePath, rhs: ConcretePath) -> Bool { lhs.segments == rhs.segments }

    /// Hashes the segments (what `==` compares).
    public func hash(into hasher: inout Hasher) { hasher.combine(segments) }

    /// `items[2].sku`.
    ///
    /// (`@inlinable`: a form spelling a failing field of a compiled program's report reads
    /// its key in place, without a call.)
    @inlinable public var description: String {
        if isIdentifierKey, case .key(let key)? = segments.first { return key }
        return spelledOut
    }

    /// ``description`` for a path not known to be one identifier key.
    @usableFromInline var spelledOut: String {
        // Performance: the checker spells every statement's path for "did you mean"; a
        // single identifier key (most paths) is its own spelling.
        if segments.count == 1, case .key(let key) = segments[0], FieldPath.isIdentifier(key) { return key }
        var text = ""
        for segment in segments {
            switch segment {
            case .key(let key):
                FieldPath.appendKey(key, to: &text)
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    /// The RFC 6901 JSON Pointer: `/items/2/sku` (`~` and `/` escaped).
    public var jsonPointer: String {
        // Performance: written once per violation in `--format ndjson`/`json`; one string
        // built in place (Foundation's `replacingOccurrences` cost more than the
        // validation itself), escaping only keys that contain `~` or `/`.
        var pointer = ""
        for segment in segments {
            switch segment {
            case .key(let key):
                pointer += "/"
                if key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
                    for character in key.unicodeScalars {
                        switch character {
                        case "~": pointer += "~0"
                        case "/": pointer += "~1"
                        default: pointer.unicodeScalars.append(character)
                        }
                    }
                } else {
                    pointer += key
                }
            case .index(let index):
                pointer += "/"
                pointer += String(index)
            }
        }
        return pointer
    }

    /// The path with every index replaced by `[*]` (what the rule file wrote).
    public var pattern: FieldPath {
        FieldPath(
            segments.map {
                switch $0 {
                case .key(let key): .key(key)
                case .index: .wildcard
                }
            })
    }

    /// Orders paths by their spelling (`items[10]` before `items[2]`).
    public static func < (lhs: ConcretePath, rhs: ConcretePath) -> Bool { lhs.description < rhs.description }
}
