import RulebookTooling
import XCTest

@testable import RulebookCommand

final class GlobTests: XCTestCase {
    func testSegmentsStarsAndDirectories() {
        let cases: [(String, String, Bool)] = [
            ("Rules/*.rules", "Rules/a.rules", true),
            ("Rules/*.rules", "Rules/sub/a.rules", false),
            ("Rules/**/*.rules", "Rules/a.rules", true),
            ("Rules/**/*.rules", "Rules/x/y/a.rules", true),
            ("**/*.generated.rules", "Rules/x/a.generated.rules", true),
            ("**/*.generated.rules", "Rules/x/a.rules", false),
            ("Rules/drafts", "Rules/drafts/b.rules", true),
            ("Rules/drafts", "Rules/draftsman.rules", false),
            ("./Rules/d?.rules", "Rules/d1.rules", true),
            ("Localizations/*.json", "Localizations/de.json", true),
        ]
        for (pattern, path, expected) in cases {
            XCTAssertEqual(Glob(pattern).matches(path), expected, "\(pattern) ~ \(path)")
        }
    }
}
