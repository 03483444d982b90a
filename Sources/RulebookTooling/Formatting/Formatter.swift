import Rulebook

/// Reprints a rule file in the one canonical style (`rulebook fmt`, LSP formatting).
///
/// The style, in short (`docs/formatting.md` has the whole of it):
/// - one statement per line; `PATH: ` then the rules joined by `, `, arguments separated by
///   single spaces; the rule lists of consecutive field statements of one block start in
///   one column (likewise the `=` of consecutive named rules); a blank line or an
///   own-line comment ends such a group;
/// - `when` bodies indented by two spaces per level, `when CONDITION {` on one line;
/// - blank lines kept, runs of them collapsed to one, none at the start or end of a file
///   or block;
/// - every comment kept: own-line comments at the indentation of the code they precede,
///   trailing comments one space after the code (aligned with the other trailing comments
///   of their group);
/// - a statement continued over several lines keeps its line breaks (after the commas),
///   the continuation lines starting under the first rule;
/// - literals, paths and message keys are reprinted exactly as written;
/// - `\n` line endings and a final line break.
///
/// Formatting is idempotent: `format(parse(format(x)))` equals `format(x)`.
package enum Formatter {
    /// The canonical text of `tree`, or nil when the tree has syntax errors (formatting
    /// a file the parser could not fully read would lose or garble text).
    package static func format(_ tree: SyntaxTree) -> String? {
        guard !tree.diagnostics.containsErrors else { return nil }
        var printer = FormatPrinter(tree: tree)
        printer.printBlock(tree.statements, indent: 0, end: tree.source.text.utf8.count)
        return printer.finish()
    }

    /// Parses and formats `source`; nil when it has syntax errors.
    package static func format(_ source: SourceFile) -> String? {
        format(Parser.parse(source))
    }
}

/// One line of output before trailing comments are placed.
struct FormattedLine {
    /// The code, indentation included; empty for a blank line.
    var code: String
    /// A trailing comment, trimmed.
    var comment: String?
    /// Lines of one alignment group share an id, so their comments line up.
    var group: Int?
}

/// Walks the tree and the comments together, producing ``FormattedLine``s.
struct FormatPrinter {
    let source: SourceFile
    let bytes: [UInt8]
    let comments: [CommentSyntax]
    /// The next comment not yet printed.
    var nextComment = 0
    var lines: [FormattedLine] = []
    var nextGroup = 0

    init(tree: SyntaxTree) {
        source = tree.source
        bytes = Array(tree.source.text.utf8)
        comments = tree.comments
    }

    // MARK: Source helpers

    func text(_ range: SourceRange) -> String {
        String(decoding: bytes[range.start..<range.end], as: UTF8.self)
    }

    func line(of offset: Int) -> Int { source.lines.line(containing: offset) }

    /// Whether the source has a blank line between two offsets. Callers pass offsets
    /// with no unprinted comment between them, so a line between is a blank line.
    func hasBlankLine(from start: Int, to end: Int) -> Bool {
        line(of: end) - line(of: start) >= 2
    }

    /// The width of `text` in columns, counted in `Character`s (ASCII text, the common
    /// case, is counted by bytes without grapheme segmentation).
    static func width(_ text: String) -> Int {
        let utf8 = text.utf8
        return utf8.allSatisfy { $0 < 0x80 } ? utf8.count : text.count
    }

    static func indentation(_ level: Int) -> String { String(repeating: "  ", count: level) }

    static func trimmed(_ comment: CommentSyntax) -> String {
        var text = Substring(comment.text)
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }

    // MARK: Comments

    /// Prints, as own-line comments at `indent`, every comment that starts before
    /// `offset`, keeping one blank line where the source had any. `previousEnd` is where
    /// the last printed item ended (nil at the start of a block).
    mutating func printComments(before offset: Int, indent: Int, previousEnd: inout Int?) {
        while nextComment < comments.count, comments[nextComment].range.start < offset {
            let comment = comments[nextComment]
            if let end = previousEnd, hasBlankLine(from: end, to: comment.range.start) { blankLine() }
            lines.append(FormattedLine(code: FormatPrinter.indentation(indent) + FormatPrinter.trimmed(comment)))
            previousEnd = comment.range.end
            nextComment += 1
        }
    }

    /// The comment on the same line as `offset`, after it and before `limit`, if any.
    mutating func trailingComment(after offset: Int, before limit: Int) -> String? {
        guard nextComment < comments.count else { return nil }
        let comment = comments[nextComment]
        guard comment.range.start >= offset, comment.range.start < limit, line(of: comment.range.start) == line(of: offset) else {
            return nil
        }
        nextComment += 1
        return FormatPrinter.trimmed(comment)
    }

    mutating func blankLine() {
        if let last = lines.last, !last.code.isEmpty || last.comment != nil { lines.append(FormattedLine(code: "")) }
    }

    // MARK: Blocks

    /// Prints `statements` at `indent`, then the comments before `end` (a block's `}` or
    /// the end of the file).
    mutating func printBlock(_ statements: [StatementSyntax], indent: Int, end: Int) {
        var previousEnd: Int?
        var index = 0
        while index < statements.count {
            let statement = statements[index]
            printComments(before: statement.range.start, indent: indent, previousEnd: &previousEnd)
            if let end = previousEnd, hasBlankLine(from: end, to: statement.range.start) { blankLine() }
            let groupEnd = alignmentGroupEnd(statements, from: index)
            if statement.isAlignable {
                printGroup(Array(statements[index..<groupEnd]), indent: indent)
                previousEnd = statements[groupEnd - 1].range.end
                index = groupEnd
            } else {
                printStatement(statement, indent: indent)
                previousEnd = statement.range.end
                index += 1
            }
        }
        printComments(before: end, indent: indent, previousEnd: &previousEnd)
    }

    /// The end of the alignment group starting at `start`: following statements of the
    /// same kind (field or named rule) with no blank line and no own-line comment between.
    func alignmentGroupEnd(_ statements: [StatementSyntax], from start: Int) -> Int {
        guard statements[start].isAlignable else { return start + 1 }
        var end = start + 1
        while end < statements.count, statements[end].alignmentKind == statements[start].alignmentKind {
            let previous = statements[end - 1].range.end, next = statements[end].range.start
            // Adjacent lines only: a blank line or an own-line comment between ends the group.
            if line(of: next) - line(of: previous) != 1 { break }
            end += 1
        }
        return end
    }

    /// Prints one statement that is not part of an alignment group.
    mutating func printStatement(_ statement: StatementSyntax, indent: Int) {
        switch statement {
        case .field, .namedRule:
            printGroup([statement], indent: indent)
        case .importDecl(let node):
            emit(indent: indent, "import " + text(node.pathRange), endingAt: node.range.end)
        case .when(let block):
            printWhen(block, indent: indent)
        case .unexpected(let node):
            // Only in trees with errors, which are not formatted; keep the text if asked.
            emit(indent: indent, text(node.range), endingAt: node.range.end)
        }
    }

    /// Appends a line of code with the trailing comment that follows it in the source.
    mutating func emit(indent: Int, _ code: String, endingAt end: Int, group: Int? = nil) {
        let comment = trailingComment(after: end, before: bytes.count + 1)
        lines.append(FormattedLine(code: FormatPrinter.indentation(indent) + code, comment: comment, group: group))
    }

    /// `when CONDITION {`, the body one level deeper, `}`.
    mutating func printWhen(_ block: WhenBlockSyntax, indent: Int) {
        // Comments inside the header (before `{`) move above the `when` line.
        var previousEnd: Int? = block.range.start
        printComments(before: block.openBraceRange.start, indent: indent, previousEnd: &previousEnd)
        emit(indent: indent, "when " + conditionText(block.condition) + " {", endingAt: block.openBraceRange.end)
        printBlock(block.body, indent: indent + 1, end: block.closeBraceRange.start)
        emit(indent: indent, "}", endingAt: block.closeBraceRange.end)
    }

    /// Lines that finished formatting, trailing comments placed.
    func finish() -> String {
        var output = ""
        var columns: [Int: Int] = [:]
        for line in lines {
            if let group = line.group, line.comment != nil { columns[group] = max(columns[group] ?? 0, FormatPrinter.width(line.code) + 1) }
        }
        var lines = self.lines
        while lines.last?.code.isEmpty == true && lines.last?.comment == nil { lines.removeLast() }
        for line in lines {
            output += line.code
            if let comment = line.comment {
                let width = FormatPrinter.width(line.code)
                let column = line.group.flatMap { columns[$0] } ?? width + 1
                output += String(repeating: " ", count: max(1, column - width)) + comment
            }
            output += "\n"
        }
        return output
    }
}

extension StatementSyntax {
    /// Field statements and named rules align with their neighbours of the same kind.
    var isAlignable: Bool { alignmentKind != 0 }

    var alignmentKind: Int {
        switch self {
        case .field: 1
        case .namedRule: 2
        default: 0
        }
    }
}
