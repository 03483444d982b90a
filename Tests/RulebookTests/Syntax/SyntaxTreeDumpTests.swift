import RulebookTooling
import XCTest

@testable import Rulebook

/// Golden tree dumps (with byte ranges) of representative files.
final class SyntaxTreeDumpTests: XCTestCase {
    func testConditionalBlockFile() {
        let text = """
            # Rules/hotspot.rules — personal hotspot settings
            isEnabled: boolean

            # The password and network name matter only while the hotspot is on.
            when isEnabled {
              password:    required, minLength 8
              networkName: required, maxLength 32
            }

            """
        let tree = parse(text)
        XCTAssertEqual(tree.diagnostics, [])
        XCTAssertEqual(tree.comments.map(\.range), [SourceRange(start: 0, end: 51), SourceRange(start: 72, end: 140)])
        XCTAssertEqual(
            tree.dump(),
            """
            field isEnabled 52..<70
              path isEnabled 52..<61
              rule boolean 63..<70
            when 141..<234
              present 146..<155
                path isEnabled 146..<155
              field password 160..<194
                path password 160..<168
                rule required 173..<181
                rule minLength 183..<194
                  integer 8 193..<194
              field networkName 197..<232
                path networkName 197..<208
                rule required 210..<218
                rule maxLength 220..<232
                  integer 32 230..<232

            """)
    }

    func testImportsPathArgumentsAndMessageKeys() {
        let text = """
            import "common.rules"

            name:                 personName
            passwordConfirmation: required, same password message signup.passwordsDiffer

            """
        XCTAssertEqual(
            parse(text).dump(),
            """
            import "common.rules" 0..<21
            field name 23..<55
              path name 23..<27
              rule personName 45..<55
            field passwordConfirmation 56..<132
              path passwordConfirmation 56..<76
              rule required 78..<86
              rule same 88..<132
                pathArgument 93..<101
                  path password 93..<101
                message key signup.passwordsDiffer 102..<132

            """)
    }

    func testBrokenFileKeepsEveryByteInANode() {
        let text =
            "rule r = required,\n  minLength 2 message x.y\nfirstName minLength 2\nwhen a == 1 and (b or not c) {\n"
            + "  d: oneOf \"x\" 1.5 /a/i 2026-01-01 e.f[*]\n  ] junk\n"
        let tree = parse(text)
        XCTAssertEqual(
            tree.dump(),
            """
            namedRule r 0..<44
              rule required 9..<17
              rule minLength 21..<44
                integer 2 31..<32
                message key x.y 33..<44
            field firstName 45..<66
              path firstName 45..<54
            when 67..<148
              and 72..<95
                compare == 72..<78
                  path a 72..<73
                  integer 1 77..<78
                parenthesized 83..<95
                  or 84..<94
                    present 84..<85
                      path b 84..<85
                    not 89..<94
                      present 93..<94
                        path c 93..<94
              field d 100..<139
                path d 100..<101
                rule oneOf 103..<139
                  string "x" 109..<112
                  decimal 1.5 113..<116
                  regex /a/i pattern 118..<119 117..<121
                  date 2026-1-1 122..<132
                  pathArgument 133..<139
                    path e f [*] 133..<139
              unexpected 142..<148

            """)
        XCTAssertEqual(
            tree.diagnostics.map { "\($0.code) \($0.range) \($0.message)" },
            [
                "unexpected-token 55..<64 expected ':' after field path 'firstName', found 'minLength'",
                "unclosed-block 96..<97 'when' block is not closed: expected '}' before the end of the file",
                "unexpected-token 142..<143 expected a field path, 'rule', 'import' or 'when', found ']'",
            ])
        XCTAssertNil(TreeInvariants.violation(in: tree))
    }

    func testDumpWithoutRangesIgnoresLayout() {
        XCTAssertEqual(
            parse("a:required,minLength 2").dump(ranges: false),
            parse("a:  required,\n   minLength   2 # c\n").dump(ranges: false))
    }
}
