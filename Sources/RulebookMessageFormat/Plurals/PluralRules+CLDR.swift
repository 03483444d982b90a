// CLDR cardinal plural rules, pinned to CLDR 46.
//
// The strings below are copied verbatim (condition and samples) from CLDR's
// common/supplemental/plurals.xml as released with CLDR 46, taken from ICU's generated
// copy of that file (icu4c/source/data/misc/plurals.txt, unicode-org/icu commit
// 01474bcabd4887eec7c01271aa73e7da2595879e, the ICU 76 data that carries CLDR 46).
// Tests expand every `@integer`/`@decimal` sample and check it lands in its category.
// To move to a newer CLDR, replace the strings and run the tests; nothing else changes.

extension PluralRules {
    /// The CLDR version the rule strings come from.
    package static let cldrVersion = "46"

    /// One set of rules shared by several locales, as CLDR groups them.
    struct RuleSet {
        let locales: [String]
        /// `(category, "condition @integer … @decimal …")`; `other` comes last and has no condition.
        let rules: [(PluralCategory, String)]
    }

    static let cldrRuleSets: [RuleSet] = [
        // 1: other
        RuleSet(
            locales: ["ja", "ko", "zh"],
            rules: [
                (
                    .other,
                    " @integer 0~15, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"
                )
            ]),
        // 2: one, other
        RuleSet(
            locales: ["de", "en", "nl", "sv"],
            rules: [
                (.one, "i = 1 and v = 0 @integer 1"),
                (
                    .other,
                    " @integer 0, 2~16, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"
                ),
            ]),
        RuleSet(
            locales: ["tr"],
            rules: [
                (.one, "n = 1 @integer 1 @decimal 1.0, 1.00, 1.000, 1.0000"),
                (
                    .other,
                    " @integer 0, 2~16, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0~0.9, 1.1~1.6, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"
                ),
            ]),
        // 3: one, two, other
        RuleSet(
            locales: ["he"],
            rules: [
                (.one, "i = 1 and v = 0 or i = 0 and v != 0 @integer 1 @decimal 0.0~0.9, 0.00~0.05"),
                (.two, "i = 2 and v = 0 @integer 2"),
                (
                    .other,
                    " @integer 0, 3~17, 100, 1000, 10000, 100000, 1000000, … @decimal 1.0~2.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"
                ),
            ]),
        // 3: one, many, other
        RuleSet(
            locales: ["fr"],
            rules: [
                (.one, "i = 0,1 @integer 0, 1 @decimal 0.0~1.5"),
                (
                    .many,
                    "e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5 @integer 1000000, 1c6, 2c6, 3c6, 4c6, 5c6, 6c6, … @decimal 1.0000001c6, 1.1c6, 2.0000001c6, 2.1c6, 3.0000001c6, 3.1c6, …"
                ),
                (
                    .other,
                    " @integer 2~17, 100, 1000, 10000, 100000, 1c3, 2c3, 3c3, 4c3, 5c3, 6c3, … @decimal 2.0~3.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, 1.0001c3, 1.1c3, 2.0001c3, 2.1c3, 3.0001c3, 3.1c3, …"
                ),
            ]),
        RuleSet(
            locales: ["pt"],
            rules: [
                (.one, "i = 0..1 @integer 0, 1 @decimal 0.0~1.5"),
                (
                    .many,
                    "e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5 @integer 1000000, 1c6, 2c6, 3c6, 4c6, 5c6, 6c6, … @decimal 1.0000001c6, 1.1c6, 2.0000001c6, 2.1c6, 3.0000001c6, 3.1c6, …"
                ),
                (
                    .other,
                    " @integer 2~17, 100, 1000, 10000, 100000, 1c3, 2c3, 3c3, 4c3, 5c3, 6c3, … @decimal 2.0~3.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, 1.0001c3, 1.1c3, 2.0001c3, 2.1c3, 3.0001c3, 3.1c3, …"
                ),
            ]),
        RuleSet(
            locales: ["it", "pt-PT"],
            rules: [
                (.one, "i = 1 and v = 0 @integer 1"),
                (
                    .many,
                    "e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5 @integer 1000000, 1c6, 2c6, 3c6, 4c6, 5c6, 6c6, … @decimal 1.0000001c6, 1.1c6, 2.0000001c6, 2.1c6, 3.0000001c6, 3.1c6, …"
                ),
                (
                    .other,
                    " @integer 0, 2~16, 100, 1000, 10000, 100000, 1c3, 2c3, 3c3, 4c3, 5c3, 6c3, … @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, 1.0001c3, 1.1c3, 2.0001c3, 2.1c3, 3.0001c3, 3.1c3, …"
                ),
            ]),
        RuleSet(
            locales: ["es"],
            rules: [
                (.one, "n = 1 @integer 1 @decimal 1.0, 1.00, 1.000, 1.0000"),
                (
                    .many,
                    "e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5 @integer 1000000, 1c6, 2c6, 3c6, 4c6, 5c6, 6c6, … @decimal 1.0000001c6, 1.1c6, 2.0000001c6, 2.1c6, 3.0000001c6, 3.1c6, …"
                ),
                (
                    .other,
                    " @integer 0, 2~16, 100, 1000, 10000, 100000, 1c3, 2c3, 3c3, 4c3, 5c3, 6c3, … @decimal 0.0~0.9, 1.1~1.6, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, 1.0001c3, 1.1c3, 2.0001c3, 2.1c3, 3.0001c3, 3.1c3, …"
                ),
            ]),
        // 4: one, few, many, other
        RuleSet(
            locales: ["cs"],
            rules: [
                (.one, "i = 1 and v = 0 @integer 1"),
                (.few, "i = 2..4 and v = 0 @integer 2~4"),
                (.many, "v != 0   @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
                (.other, " @integer 0, 5~19, 100, 1000, 10000, 100000, 1000000, …"),
            ]),
        RuleSet(
            locales: ["pl"],
            rules: [
                (.one, "i = 1 and v = 0 @integer 1"),
                (.few, "v = 0 and i % 10 = 2..4 and i % 100 != 12..14 @integer 2~4, 22~24, 32~34, 42~44, 52~54, 62, 102, 1002, …"),
                (
                    .many,
                    "v = 0 and i != 1 and i % 10 = 0..1 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 12..14 @integer 0, 5~19, 100, 1000, 10000, 100000, 1000000, …"
                ),
                (.other, "   @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
            ]),
        RuleSet(
            locales: ["ru", "uk"],
            rules: [
                (.one, "v = 0 and i % 10 = 1 and i % 100 != 11 @integer 1, 21, 31, 41, 51, 61, 71, 81, 101, 1001, …"),
                (.few, "v = 0 and i % 10 = 2..4 and i % 100 != 12..14 @integer 2~4, 22~24, 32~34, 42~44, 52~54, 62, 102, 1002, …"),
                (
                    .many,
                    "v = 0 and i % 10 = 0 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 11..14 @integer 0, 5~19, 100, 1000, 10000, 100000, 1000000, …"
                ),
                (.other, "   @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
            ]),
        // 6: zero, one, two, few, many, other
        RuleSet(
            locales: ["ar"],
            rules: [
                (.zero, "n = 0 @integer 0 @decimal 0.0, 0.00, 0.000, 0.0000"),
                (.one, "n = 1 @integer 1 @decimal 1.0, 1.00, 1.000, 1.0000"),
                (.two, "n = 2 @integer 2 @decimal 2.0, 2.00, 2.000, 2.0000"),
                (
                    .few,
                    "n % 100 = 3..10 @integer 3~10, 103~110, 1003, … @decimal 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 103.0, 1003.0, …"
                ),
                (
                    .many,
                    "n % 100 = 11..99 @integer 11~26, 111, 1011, … @decimal 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 111.0, 1011.0, …"
                ),
                (
                    .other,
                    " @integer 100~102, 200~202, 300~302, 400~402, 500~502, 600, 1000, 10000, 100000, 1000000, … @decimal 0.1~0.9, 1.1~1.7, 10.1, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"
                ),
            ]),
    ]
}
