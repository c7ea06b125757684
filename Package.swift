// swift-tools-version:6.1
import PackageDescription

/// Settings every target of ours shares: Swift 6 language mode (strict concurrency) plus a few upcoming
/// features that keep the code explicit.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "RepoFinder",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "repofinder", targets: ["repofinder"]),
        .library(name: "RepoFinderCore", targets: ["RepoFinderCore"]),
        .library(name: "Storage", targets: ["Storage"]),
        .library(name: "StorageLive", targets: ["StorageLive"]),
        .library(name: "Catalog", targets: ["Catalog"]),
        .library(name: "GitHub", targets: ["GitHub"]),
        .library(name: "GitHubLive", targets: ["GitHubLive"]),
        .library(name: "Recommender", targets: ["Recommender"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        // Values and pure rules. Foundation only.
        .target(name: "RepoFinderCore", swiftSettings: strictSettings),

        // The storage interface and the two engines behind it.
        .target(name: "Storage", dependencies: ["RepoFinderCore"], swiftSettings: strictSettings),
        .target(
            name: "StorageSQLite",
            dependencies: ["Storage", "RepoFinderCore", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "StoragePostgres",
            dependencies: [
                "Storage", "RepoFinderCore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "StorageLive",
            dependencies: ["Storage", "StorageSQLite", "StoragePostgres"],
            swiftSettings: strictSettings
        ),

        // The GitHub REST client: transport-independent rules (ETags, pagination, rate limits, redirects, typed
        // errors) and repository mapping; the live transport on AsyncHTTPClient sits in its own target.
        .target(name: "GitHub", dependencies: ["RepoFinderCore"], swiftSettings: strictSettings),
        .target(
            name: "GitHubLive",
            dependencies: ["GitHub", .product(name: "AsyncHTTPClient", package: "async-http-client")],
            swiftSettings: strictSettings
        ),

        // The recommendation engine: values in memory only, no database or network.
        .target(
            name: "Recommender", dependencies: ["RepoFinderCore"], exclude: ["README.md"],
            swiftSettings: strictSettings),

        // Catalog import: streaming (gzip) line reading, record decoding, batched upserts.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(
            name: "Catalog",
            dependencies: ["CZlib", "GitHub", "Storage", "RepoFinderCore"],
            exclude: ["Resources/PROVENANCE.md"],
            resources: [
                .copy("Resources/starter-repositories.jsonl.gz"), .copy("Resources/starter-stars.csv.gz"),
            ],
            swiftSettings: strictSettings
        ),

        // The command line.
        .executableTarget(
            name: "repofinder",
            dependencies: [
                "Catalog", "GitHub", "GitHubLive", "Recommender", "Storage", "StorageLive", "RepoFinderCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),

        // Tests, and what several of them share.
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: strictSettings),
        .testTarget(name: "RepoFinderCoreTests", dependencies: ["RepoFinderCore"], swiftSettings: strictSettings),
        .testTarget(
            name: "StorageContractTests",
            dependencies: ["Storage", "StorageLive", "StorageSQLite", "StoragePostgres", "RepoFinderCore"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CatalogTests",
            dependencies: ["Catalog", "Storage", "StorageLive", "RepoFinderCore"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "GitHubTests",
            dependencies: [
                "GitHub", "GitHubLive", "Catalog", "Storage", "StorageLive", "RepoFinderCore", "TestSupport",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "RecommenderTests",
            dependencies: ["Recommender", "Catalog", "RepoFinderCore", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CommandLineTests",
            dependencies: ["RepoFinderCore", "TestSupport"],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
