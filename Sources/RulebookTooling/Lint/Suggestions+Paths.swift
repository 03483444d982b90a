import Rulebook

// The lowercased spelling of a field path as "did you mean" candidate scalars.

extension Suggestions {
    /// Appends the Unicode scalars of `path.description.lowercased()`.
    ///
    /// Performance: a path whose keys are all ASCII (nearly all) is written from its
    /// segments byte by byte (``ASCIIKeySpelling``), without building its spelling; any
    /// other path is spelt and lowercased as a whole (so lowercasing that depends on
    /// context stays exact).
    static func appendLowercasedSpelling(of path: FieldPath, to scalars: inout [UInt32]) {
        let start = scalars.count
        let written = ASCIIKeySpelling.byteClasses.withUnsafeBufferPointer { classes in
            var appender = ScalarAppender(scalars: scalars, classes: classes)
            scalars = []  // Performance: appended in place, not copied
            defer { scalars = appender.scalars }
            return ASCIIKeySpelling.walk(path, &appender)
        }
        guard !written else { return }
        scalars.removeSubrange(start...)
        appendLowercasedScalars(of: path.description, to: &scalars)
    }

    /// Appends a path's lowercased ASCII spelling to an array.
    private struct ScalarAppender: PathSpellingVisitor {
        var scalars: [UInt32]
        let classes: UnsafeBufferPointer<UInt8>

        mutating func punctuation(_ scalar: UInt8) { scalars.append(UInt32(scalar)) }

        mutating func key(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let shape = ASCIIKeySpelling.shape(of: bytes, classes: classes) else { return false }
            // Performance: a plain loop of appends; `append(contentsOf:)` of a lazy map
            // takes its slow generic path.
            ASCIIKeySpelling.write(bytes, shape: shape) { scalars.append($0) }
            return true
        }
    }
}
