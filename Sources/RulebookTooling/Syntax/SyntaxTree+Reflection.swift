import Rulebook

// The syntax nodes that keep their offsets compact (`SyntaxTree+Compact.swift` in
// Rulebook) reflect as the fields they read as, and the lists that share a parse's
// buffers (`SyntaxList`) as arrays, so that `String(reflecting:)`, `dump` and test
// failures show a node as a plain struct of its ranges.

extension FieldStatementSyntax: CustomReflectable {
    /// The fields as they read, so that reflection and `String(reflecting:)` show a field
    /// statement as before its compact storage.
    package var customMirror: Mirror {
        Mirror(self, children: ["path": path, "colonRange": colonRange, "rules": rules, "range": range], displayStyle: .struct)
    }
}

extension NamedRuleSyntax: CustomReflectable {
    /// The fields as they read, so that reflection and `String(reflecting:)` show a named
    /// rule as before its compact storage.
    package var customMirror: Mirror {
        Mirror(
            self, children: ["keywordRange": keywordRange, "name": name, "equalsRange": equalsRange, "rules": rules, "range": range],
            displayStyle: .struct)
    }
}

extension WhenBlockSyntax: CustomReflectable {
    /// The fields as they read, so that reflection and `String(reflecting:)` show a block
    /// as before its compact storage.
    package var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "keywordRange": keywordRange, "condition": condition, "openBraceRange": openBraceRange, "body": body,
                "closeBraceRange": closeBraceRange, "range": range,
            ],
            displayStyle: .struct)
    }
}

extension PathSegmentSyntax: CustomReflectable {
    /// The fields as they read, so that reflection and `String(reflecting:)` show a segment
    /// as before its compact storage.
    package var customMirror: Mirror { Mirror(self, children: ["kind": kind, "range": range], displayStyle: .struct) }
}

extension RuleSyntax: CustomReflectable {
    /// The fields as they read (`name`, `arguments`, `message`, `range`), so that reflection
    /// and `String(reflecting:)` show a rule as before its compact storage.
    package var customMirror: Mirror {
        Mirror(
            self, children: ["name": name, "arguments": arguments, "message": message as Any, "range": range],
            displayStyle: .struct)
    }
}

extension SyntaxList: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// As an array of the elements prints.
    package var description: String { Array(self).description }
    package var debugDescription: String { Array(self).debugDescription }
    package var customMirror: Mirror { Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection) }
}
