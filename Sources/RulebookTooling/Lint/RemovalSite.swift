import Rulebook

/// Where a rule sits in its comma-separated list, so a fix can delete it cleanly.
package struct RemovalSite {
    /// The list the rule is in (a field statement's or a named rule's).
    let rules: SyntaxList<RuleSyntax>
    /// The rule's index in ``rules``.
    let index: Int
    /// The whole statement, deleted when the rule is its only one (`nil`: never delete it).
    let statementRange: SourceRange?

    /// A fix that deletes the rule with its comma (or the statement with its line), or
    /// `nil` when that would also delete a comment.
    func fixIt(in tree: SyntaxTree, describing text: String) -> FixIt? {
        let source = tree.source
        guard rules.indices.contains(index) else { return nil }
        let range: SourceRange
        if index > 0 {
            range = SourceRange(start: rules[index - 1].range.end, end: rules[index].range.end)
        } else if rules.count > 1 {
            range = SourceRange(start: rules[0].range.start, end: rules[1].range.start)
        } else if let statementRange {
            range = RemovalSite.wholeLines(statementRange, in: source)
        } else {
            return nil
        }
        guard !tree.hasComment(overlapping: range) else { return nil }
        return FixIt(message: "Remove '\(text)'", edits: [TextEdit(file: source.path, range: range, replacement: "")])
    }

    /// `range` grown to its whole lines (line break included) when nothing else is on
    /// them but white space; otherwise `range` itself.
    package static func wholeLines(_ range: SourceRange, in source: SourceFile) -> SourceRange {
        let bytes = source.text.utf8
        let count = bytes.count
        guard range.end <= count else { return range }
        var start = range.start
        var end = range.end
        let startIndex = bytes.index(bytes.startIndex, offsetBy: start)
        var index = startIndex
        while index > bytes.startIndex {
            let previous = bytes.index(before: index)
            let byte = bytes[previous]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                index = previous; start -= 1
            } else if byte == 10 || byte == 13 {
                break
            } else {
                return range
            }
        }
        index = bytes.index(bytes.startIndex, offsetBy: end)
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                end += 1
                index = bytes.index(after: index)
            } else if byte == 13 {
                end += 1
                index = bytes.index(after: index)
                if index < bytes.endIndex, bytes[index] == 10 { end += 1 }
                break
            } else if byte == 10 {
                end += 1
                break
            } else {
                return range
            }
        }
        return SourceRange(start: start, end: end)
    }
}
