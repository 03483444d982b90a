// swift-tools-version: 6.0
// A small app that uses Rulebook's build-tool plugin, built by scripts/plugin-check from a
// copy next to a link to the Rulebook package (`../Rulebook`).
import PackageDescription

let package = Package(
    name: "PluginApp",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "../Rulebook")],
    targets: [
        // Loads its rules from its bundle and names fields by the generated constants.
        .executableTarget(
            name: "ProfileApp",
            dependencies: [.product(name: "Rulebook", package: "Rulebook")],
            resources: [.copy("Rules")],
            plugins: [.plugin(name: "RulebookPlugin", package: "Rulebook")]
        ),
        // A rule file with a mistake: building this target must fail at the rule's line.
        .target(name: "BrokenRules", plugins: [.plugin(name: "RulebookPlugin", package: "Rulebook")]),
    ]
)
