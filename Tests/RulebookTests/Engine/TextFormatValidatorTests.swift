import XCTest

@testable import Rulebook

final class TextFormatValidatorTests: XCTestCase {
    private let wrongKinds: [J] = [5, 1.5, true, ["a@b.co"], ["email": "a@b.co"]]

    func testEmailShapes() {
        assertRule(
            rule(.email),
            passes: ["a@b.co", "first.last+tag@sub.example.org", "x@y.z", "ü@例え.jp", "a.@b.c"],
            fails: [
                "ab.co", "a@b", "@b.co", "a@.co", "a@b.", "a@@b.co", "a@b@c.co", "a b@c.co", "a@b..co",
                "a@b.co\u{A0}", "a@b.co\n", "a\u{3000}@b.co", "a@b.co\u{7F}",
            ] + wrongKinds)
    }

    func testEmailIsLinearOnHostileInput() {
        let hostile = J(.string(String(repeating: "a@", count: 50_000)))
        let dots = J(.string("a@" + String(repeating: "b.", count: 50_000)))
        assertRule(rule(.email), passes: [], fails: [hostile, dots])
    }

    func testURLShapes() {
        assertRule(
            rule(.url),
            passes: [
                "http://example.com", "https://EXAMPLE.com:8443/path?q=1#f", "HTTPS://a.b", "http://[::1]:80/",
                "http://user:pw@host/x", "https://例え.jp/パス", "http://localhost", "https://a.b?x", "https://a.b#top",
            ],
            fails: [
                "ftp://x.com", "http://", "http:///path", "example.com", "http://exa mple.com", "https://host:123456/",
                "http://host:/", "http://host:8a", "javascript:alert(1)", "http:/x.com", "https//x.com",
                "http://a.b/<script>", "http://@/", "http://[]/", "http://[::1", "https://a.b/\u{A0}",
            ] + wrongKinds)
    }

    func testUUIDShapes() {
        assertRule(
            rule(.uuid),
            passes: [
                "123e4567-e89b-12d3-a456-426614174000", "123E4567-E89B-12D3-A456-426614174000",
                "00000000-0000-0000-0000-000000000000",
            ],
            fails: [
                "123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-42661417400",
                "123e4567-e89b-12d3-a456-4266141740000", "g23e4567-e89b-12d3-a456-426614174000",
                "{123e4567-e89b-12d3-a456-426614174000}", "123e4567-e89b-12d3-a456_426614174000",
            ] + wrongKinds)
    }
}
