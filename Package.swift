// swift-tools-version: 6.0
// Rulebook — a validation rule engine for Swift. No package dependencies, by contract.
import PackageDescription

let package = Package(
    name: "Rulebook",
    // The oldest releases whose Swift runtime has what the library calls unguarded: the
    // standard library's string algorithms of Swift 5.7 (`contains(_:)` on text, the
    // `split` of collections), which ship with macOS 13, iOS 16, tvOS 16 and watchOS 9;
    // visionOS has them from its first release. Newer API is used only where guarded:
    // Synchronization's `Atomic` (macOS 15, iOS 18) only on Linux, with a lock elsewhere.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "Rulebook", targets: ["Rulebook"]),
        .library(name: "RulebookForms", targets: ["RulebookForms"]),
        .executable(name: "rulebook", targets: ["rulebook"]),
        .plugin(name: "RulebookPlugin", targets: ["RulebookPlugin"]),
    ],
    targets: [
        // A linear-time regular expression engine over UTF-8 bytes (no backtracking).
        .target(name: "RulebookRegex"),
        // The library: source → tokens → syntax tree → checked rule set → compiled
        // validators → results → localised messages.
        .target(name: "Rulebook", dependencies: ["RulebookRegex"]),
        // What the command and the language server need beyond the library and no
        // application does: formatting, syntax dumps, incremental re-parsing, catalogue
        // checks and XLIFF exchange (in no product).
        .target(name: "RulebookTooling", dependencies: ["Rulebook", "RulebookRegex"]),
        // Live form models over compiled rules: field states, visibility, typing, submit.
        .target(name: "RulebookForms", dependencies: ["Rulebook", "RulebookRegex"]),
        // JSON-RPC 2.0 + LSP 3.17 over stdio, a thin front end over `Rulebook` and its tooling.
        .target(name: "RulebookLanguageServer", dependencies: ["Rulebook", "RulebookTooling"]),
        // The `rulebook` command's subcommands, argument parsing and renderers.
        .target(name: "RulebookCommand", dependencies: ["Rulebook", "RulebookTooling", "RulebookLanguageServer"]),
        .executableTarget(name: "rulebook", dependencies: ["RulebookCommand"]),
        // Checks a target's .rules files at build time and generates their field constants.
        .plugin(name: "RulebookPlugin", capability: .buildTool(), dependencies: ["rulebook"]),
        // The deterministic generator of the randomized tests and the benchmark's
        // workloads (not part of any product).
        .target(name: "SeededRandom"),
        // The differential suite's plain reference interpreter of the rule language and its
        // seeded generator of rule sets and records (tests only; not part of any product).
        .target(name: "RulebookReference", dependencies: ["Rulebook", "SeededRandom"], path: "Tests/RulebookReference"),
        // `swift run -c release rulebook-bench`: workloads, throughput and latency.
        .executableTarget(
            name: "rulebook-bench",
            dependencies: [
                "Rulebook", "RulebookTooling", "RulebookCommand", "RulebookRegex", "RulebookLanguageServer", "RulebookForms",
                "SeededRandom",
            ],
            path: "Benchmarks/RulebookBenchmarks"
        ),
        .testTarget(name: "RulebookRegexTests", dependencies: ["RulebookRegex", "SeededRandom"]),
        .testTarget(
            name: "RulebookTests", dependencies: ["Rulebook", "RulebookTooling", "RulebookRegex", "SeededRandom", "RulebookReference"]),
        // Rule files loaded from a bundle (`Bundle.module`), imports included.
        .testTarget(name: "RulebookResourceTests", dependencies: ["Rulebook"], resources: [.copy("Rules")]),
        .testTarget(name: "RulebookFormsTests", dependencies: ["RulebookForms", "Rulebook"]),
        // Scripted form screens over the shipped rules (run from the package root; their
        // expected output is checked by RulebookFormsTests and .ci/run).
        .executableTarget(
            name: "EditProfile", dependencies: ["RulebookForms", "Rulebook"], path: "Examples/EditProfile", exclude: ["expected.txt"]),
        .executableTarget(
            name: "Hotspot", dependencies: ["RulebookForms", "Rulebook"], path: "Examples/Hotspot", exclude: ["expected.txt"]),
        .executableTarget(name: "SignUp", dependencies: ["RulebookForms", "Rulebook"], path: "Examples/SignUp", exclude: ["expected.txt"]),
        .executableTarget(
            name: "Address", dependencies: ["RulebookForms", "Rulebook"], path: "Examples/Address", exclude: ["expected.txt"]),
        .executableTarget(
            name: "Payment", dependencies: ["RulebookForms", "Rulebook"], path: "Examples/Payment", exclude: ["expected.txt"]),
        .testTarget(
            name: "RulebookLanguageServerTests", dependencies: ["RulebookLanguageServer", "Rulebook", "RulebookTooling", "SeededRandom"]),
        .testTarget(
            name: "RulebookCommandTests",
            dependencies: ["RulebookCommand", "Rulebook", "RulebookTooling", "RulebookReference", "SeededRandom"],
            // Test data read by path (the SARIF schema for the jsonschema check).
            exclude: ["Resources"]
        ),
    ]
)
