// swift-tools-version:6.1
import PackageDescription

/// Settings every target of ours shares: Swift 6 language mode (strict concurrency) plus a few upcoming
/// features that keep the code explicit.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// Settings for what only tests and checks run (test targets, their support, the iPhone app's Linux stand-in build):
/// the same strict Swift, never optimized. CI's single release build (`scripts/test.sh`) then spends its optimizer on
/// the code the server and the command line run, not on test code.
let testSettings: [SwiftSetting] = strictSettings + [.unsafeFlags(["-Onone"], .when(configuration: .release))]

let package = Package(
    name: "RepoFinder",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "repofinder", targets: ["repofinder"]),
        .library(name: "RepoFinderCore", targets: ["RepoFinderCore"]),
        .library(name: "Localization", targets: ["Localization"]),
        .library(name: "Storage", targets: ["Storage"]),
        .library(name: "SearchIndex", targets: ["SearchIndex"]),
        .library(name: "StorageLive", targets: ["StorageLive"]),
        .library(name: "Catalog", targets: ["Catalog"]),
        .library(name: "Semantics", targets: ["Semantics"]),
        .library(name: "GitHub", targets: ["GitHub"]),
        .library(name: "GitHubLive", targets: ["GitHubLive"]),
        .library(name: "GitHubAccounts", targets: ["GitHubAccounts"]),
        .library(name: "Recommender", targets: ["Recommender"]),
        .library(name: "Scheduling", targets: ["Scheduling"]),
        .library(name: "Dealing", targets: ["Dealing"]),
        .library(name: "Dashboards", targets: ["Dashboards"]),
        .library(name: "Ask", targets: ["Ask"]),
        .library(name: "AskLive", targets: ["AskLive"]),
        .library(name: "RepoFinderAPI", targets: ["RepoFinderAPI"]),
        .library(name: "RepoFinderAPIServer", targets: ["RepoFinderAPIServer"]),
        .library(name: "RepoFinderAPIClient", targets: ["RepoFinderAPIClient"]),
        .library(name: "RepoFinderServer", targets: ["RepoFinderServer"]),
        .library(name: "RepoFinderWeb", targets: ["RepoFinderWeb"]),
        .library(name: "RepoFinderClient", targets: ["RepoFinderClient"]),
        .library(name: "OfflineStore", targets: ["OfflineStore"]),
        .library(name: "ImageLoading", targets: ["ImageLoading"]),
        .library(name: "AppFeatures", targets: ["AppFeatures"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird", from: "2.1.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0", traits: []),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
    ],
    targets: [
        // Values and pure rules. Foundation only.
        .target(
            name: "RepoFinderCore",
            dependencies: ["Localization", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strictSettings),
        // Every word a person reads, in English, Spanish, German and Japanese (String Catalogs), and the language rules:
        // choosing one, plural forms, numbers and dates in its locale. Foundation only.
        .target(name: "Localization", resources: [.copy("Catalogue")], swiftSettings: strictSettings),

        // The storage interface and the two engines behind it.
        .target(name: "Storage", dependencies: ["RepoFinderCore"], swiftSettings: strictSettings),
        // Search: the catalog's in-memory index (ranking, words as developers write them, suggestions), built from
        // whichever engine holds the catalog so both answer alike. Ranking has this one home.
        .target(
            name: "SearchIndex", dependencies: ["Storage", "RepoFinderCore", "Semantics"], swiftSettings: strictSettings
        ),
        // Dashboards: the operator's report and a maintainer's view of their repositories, computed from what the
        // store counts.
        .target(name: "Dashboards", dependencies: ["Storage", "RepoFinderCore"], swiftSettings: strictSettings),
        // What both SQL engines share (statements, upsert planning); only they import it.
        .target(name: "StorageSQL", dependencies: ["Storage", "RepoFinderCore"], swiftSettings: strictSettings),
        .target(
            name: "StorageSQLite",
            dependencies: [
                "Storage", "StorageSQL", "SearchIndex", "RepoFinderCore", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "StoragePostgres",
            dependencies: [
                "Storage", "StorageSQL", "SearchIndex", "RepoFinderCore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "StorageLive",
            dependencies: [
                "Storage", "StorageSQLite", "StoragePostgres", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),

        // The GitHub REST client: transport-independent rules (ETags, pagination, rate limits, redirects, typed
        // errors) and repository mapping; the live transport on AsyncHTTPClient sits in its own target.
        .target(
            name: "GitHub",
            dependencies: ["RepoFinderCore", .product(name: "HTTPTypes", package: "swift-http-types")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "GitHubLive",
            dependencies: [
                "GitHub", "RepoFinderCore", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),

        // The recommendation engine: values in memory only, no database or network.
        .target(
            name: "Recommender", dependencies: ["RepoFinderCore", "Localization", "Semantics"], exclude: ["README.md"],
            swiftSettings: strictSettings),

        // Scheduling: work repeated while the service group runs (`repeatEvery`), for every module's background
        // services; stops at a graceful shutdown.
        .target(
            name: "Scheduling",
            dependencies: [.product(name: "ServiceLifecycle", package: "swift-service-lifecycle")],
            swiftSettings: strictSettings
        ),

        // Dealing: who was dealt what. The deck service (the recommender built from the store and rebuilt in the
        // background), each person's dealing session, and the record of dealt cards (written at once or behind, as the
        // store asks). No HTTP here: the server adapts it.
        .target(
            name: "Dealing",
            dependencies: [
                "Recommender", "Storage", "RepoFinderCore", "Localization", "Scheduling",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),

        // Ask: the answering engine (reading a question, running tools over the catalog and the person's lists,
        // writing a short cited answer, streamed) and its tools over the store and the recommender. No HTTP here.
        .target(
            name: "Ask",
            dependencies: [
                "Dealing", "Recommender", "Storage", "RepoFinderCore", "Localization", "Scheduling",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings),
        // The optional writing model: an OpenAI-compatible chat-completions endpoint, streamed, on AsyncHTTPClient.
        .target(
            name: "AskLive",
            dependencies: [
                "Ask", "RepoFinderCore", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            swiftSettings: strictSettings),

        // The HTTP API contract (openapi.yaml), generated at build time in three parts: the types (and the document),
        // the server half (only the server imports it) and the client half (the app core imports it, never the server's).
        .target(
            name: "RepoFinderAPI",
            dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            resources: [.copy("openapi.yaml")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        .target(
            name: "RepoFinderAPIServer",
            dependencies: ["RepoFinderAPI", .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        .target(
            name: "RepoFinderAPIClient",
            dependencies: ["RepoFinderAPI", .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),

        // The API's JSON shapes made from RepoFinder's values: the one writer the server and the command line share.
        .target(
            name: "APISchemas",
            dependencies: ["RepoFinderAPI", "Recommender", "Storage", "RepoFinderCore", "Localization"],
            swiftSettings: strictSettings
        ),

        // The web app: server-rendered pages (Mustache), scripts, styles, icons and the service worker, served on
        // any Hummingbird router; it reads data only through the JSON API (from the browser) and a lookup closure.
        .target(
            name: "RepoFinderWeb",
            dependencies: [
                "RepoFinderCore", "Localization", "CZlib",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            resources: [.copy("Templates"), .copy("Assets")],
            swiftSettings: strictSettings
        ),

        // People's GitHub accounts: signing in (web and device flows, linking and merging accounts, tokens sealed with
        // AES-GCM) and importing a person's stars.
        .target(
            name: "GitHubAccounts",
            dependencies: [
                "GitHub", "Storage", "RepoFinderCore", "Scheduling", .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),

        // The discovery server: the API on Hummingbird over the store and the recommender, and the web app.
        .target(
            name: "RepoFinderServer",
            dependencies: [
                "APISchemas", "RepoFinderAPI", "RepoFinderAPIServer", "Dealing", "Recommender", "Storage",
                "RepoFinderCore", "RepoFinderWeb", "Localization",
                "GitHub", "GitHubAccounts", "Catalog", "Ask", "Dashboards", "Scheduling",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdHTTP2", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: strictSettings
        ),

        // The app core, shared by every app (the terminal deck now, an Apple app later); it never imports the server
        // or its storage. The client SDK: a curated client over the generated one, on any OpenAPI transport.
        .target(
            name: "RepoFinderClient",
            dependencies: [
                "RepoFinderAPI", "RepoFinderAPIClient", "RepoFinderCore", "Localization",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strictSettings
        ),
        // The device's own store (SQLite via GRDB): the interaction outbox and the cached cards.
        .target(
            name: "OfflineStore",
            dependencies: ["RepoFinderClient", "RepoFinderCore", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSettings
        ),
        // Image downloads for the apps: a concurrency limit, memory and disk caches, prefetching.
        .target(name: "ImageLoading", dependencies: ["RepoFinderCore"], swiftSettings: strictSettings),
        // The view models (`@Observable`, `@MainActor`) and the deep-link router.
        .target(
            name: "AppFeatures",
            dependencies: ["RepoFinderClient", "OfflineStore", "ImageLoading", "RepoFinderCore", "Localization"],
            swiftSettings: strictSettings
        ),

        // Catalog import: streaming (gzip) line reading, record decoding, batched upserts.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(
            name: "Catalog",
            dependencies: [
                "CZlib", "GitHub", "Storage", "RepoFinderCore", "Scheduling",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            exclude: ["Resources/PROVENANCE.md"],
            resources: [
                .copy("Resources/starter-repositories.jsonl.gz"), .copy("Resources/starter-stars.csv.gz"),
                .copy("Resources/starter-lists.tsv.gz"),
            ],
            swiftSettings: strictSettings
        ),
        // The int8 dot products of a meaning scan in C: AVX2 where the processor has it (checked at run time), plain
        // C elsewhere; optimized in debug builds too, like Semantics.
        .target(name: "CVectorDot", cSettings: [.unsafeFlags(["-O2"], .when(configuration: .debug))]),
        // Semantics: text -> sentence vector (WordPiece tokens, static token vectors distilled from all-MiniLM-L6-v2).
        .target(
            name: "Semantics",
            dependencies: ["CZlib", "CVectorDot"],
            exclude: ["Resources/PROVENANCE.md"],
            resources: [
                .copy("Resources/token-vectors.rfv.gz"), .copy("Resources/sentence-projection.rfp.gz"),
                .copy("Resources/repository-vectors.rfr.gz"), .copy("Resources/replacements.tsv.gz"),
                .copy("Resources/listed-replacements.tsv.gz"),
            ],
            // Optimized in debug builds too: tokenizing and scanning in SIMD unoptimized made a debug server take
            // 20 s to embed the 42k catalog and the test run more than twice as long; optimized, a second or two.
            swiftSettings: strictSettings + [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),

        // What RepoFinder reads from outside, typed and checked: flags over the environment over the defaults.
        .target(
            name: "RepoFinderSettings",
            dependencies: [
                "Ask", "Catalog", "GitHub", "GitHubAccounts", "RepoFinderServer", "Storage", "RepoFinderCore",
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),

        // The command line.
        .executableTarget(
            name: "repofinder",
            dependencies: [
                "APISchemas", "Catalog", "GitHub", "GitHubAccounts", "GitHubLive", "Recommender", "Storage",
                "StorageLive", "SearchIndex", "Semantics", "Ask", "AskLive", "Dashboards",
                "RepoFinderCore", "Localization",
                "RepoFinderAPI", "RepoFinderServer", "RepoFinderSettings", "AppFeatures", "RepoFinderClient",
                "OfflineStore",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),

        // Tests, and what several of them share.
        .target(
            name: "TestSupport",
            dependencies: ["Catalog", "Storage", "StorageSQLite", "StoragePostgres", "RepoFinderCore"],
            path: "Tests/TestSupport", swiftSettings: testSettings),
        // The recorded GitHub answers and a transport that replays them, for the GitHub client's and the sync's tests.
        .target(
            name: "GitHubTestSupport",
            dependencies: [
                "GitHub", "Catalog", "TestSupport", .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Tests/GitHubTestSupport", swiftSettings: testSettings),
        .testTarget(name: "RepoFinderCoreTests", dependencies: ["RepoFinderCore"], swiftSettings: testSettings),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization"], swiftSettings: testSettings),
        .testTarget(
            name: "AskTests",
            dependencies: [
                "Ask", "AskLive", "Catalog", "Recommender", "Storage", "RepoFinderCore", "Localization", "TestSupport",
            ],
            swiftSettings: testSettings),
        .testTarget(
            name: "SearchIndexTests",
            dependencies: ["SearchIndex", "Semantics", "Storage", "RepoFinderCore", "Catalog", "TestSupport"],
            swiftSettings: testSettings),
        .testTarget(
            name: "StorageContractTests",
            dependencies: [
                "Storage", "StorageSQL", "StorageSQLite", "StoragePostgres", "RepoFinderCore", "TestSupport",
                "SearchIndex",
                "Catalog",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: testSettings
        ),
        .testTarget(
            name: "CatalogTests",
            dependencies: [
                "Catalog", "GitHub", "GitHubTestSupport", "Storage", "StorageLive", "RepoFinderCore", "TestSupport",
            ],
            swiftSettings: testSettings
        ),
        .testTarget(name: "SemanticsTests", dependencies: ["Semantics"], swiftSettings: testSettings),
        .testTarget(
            name: "GitHubTests",
            dependencies: [
                "GitHub", "GitHubLive", "GitHubTestSupport", "RepoFinderCore", "TestSupport",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: testSettings
        ),
        .testTarget(
            name: "RecommenderTests",
            dependencies: ["Recommender", "Semantics", "Catalog", "RepoFinderCore", "TestSupport"],
            swiftSettings: testSettings
        ),
        .testTarget(
            name: "DealingTests",
            dependencies: [
                "Dealing", "Recommender", "Storage", "RepoFinderCore", "TestSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: testSettings
        ),
        .testTarget(
            name: "SettingsTests",
            dependencies: [
                "Ask", "Catalog", "RepoFinderSettings", "RepoFinderServer", "GitHub", "GitHubAccounts", "Storage",
                "RepoFinderCore",
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: testSettings
        ),
        .testTarget(
            name: "ServerTests",
            dependencies: [
                "RepoFinderServer", "RepoFinderAPI", "APISchemas", "Dealing", "Storage", "RepoFinderCore",
                "Localization", "TestSupport", "Recommender", "GitHub", "GitHubAccounts", "GitHubLive", "Catalog",
                "Ask", "AskLive", "Dashboards",
                "StorageLive", "StorageSQLite",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            swiftSettings: testSettings
        ),
        // The app core: fakes shared by its tests; the view models against fakes only (no server, no SQL driver beyond
        // the device's own store); and the client, outbox and view models against the real server in process.
        .target(
            name: "AppTestSupport", dependencies: ["RepoFinderClient", "RepoFinderCore"], path: "Tests/AppTestSupport",
            swiftSettings: testSettings),
        .testTarget(
            name: "AppFeaturesTests",
            dependencies: [
                "AppFeatures", "AppTestSupport", "RepoFinderClient", "OfflineStore", "ImageLoading", "RepoFinderCore",
            ],
            swiftSettings: testSettings
        ),
        // The real server on a loopback port, for the app core's integration tests and the iPhone app's walk.
        .target(
            name: "AppServerSupport",
            dependencies: [
                "Ask", "GitHub", "GitHubAccounts", "RepoFinderClient", "RepoFinderServer", "Storage", "TestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            path: "Tests/AppServerSupport", swiftSettings: testSettings),
        .testTarget(
            name: "AppIntegrationTests",
            dependencies: [
                "AppFeatures", "AppTestSupport", "AppServerSupport", "RepoFinderClient", "OfflineStore",
                "RepoFinderCore", "Ask", "AskLive", "Storage", "TestSupport",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: testSettings
        ),
        .testTarget(
            name: "CommandLineTests",
            dependencies: ["RepoFinderCore", "Storage", "StorageSQLite", "TestSupport"],
            swiftSettings: testSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The iPhone app's sources (Apps/RepoFinder.swiftpm) compiled and view-tested on Linux against a compile-time stand-in
// of the Apple frameworks they use (Apps/StandIn, every declaration checked against Apple's documented one by
// scripts/check-standin.py). Only Linux reads this part: on a Mac the real frameworks are used and the app opens from
// its own package, so the stand-in can never shadow them.
#if os(Linux)
    let standIn = "Apps/StandIn"
    let appSources = "Apps/RepoFinder.swiftpm/Sources"
    package.targets += [
        .target(name: "UIKit", path: "\(standIn)/UIKit", swiftSettings: testSettings),
        .target(name: "CoreTransferable", path: "\(standIn)/CoreTransferable", swiftSettings: testSettings),
        .target(
            name: "SwiftUI", dependencies: ["UIKit", "CoreTransferable"], path: "\(standIn)/SwiftUI",
            swiftSettings: testSettings),
        .target(
            name: "SafariServices", dependencies: ["UIKit"], path: "\(standIn)/SafariServices",
            swiftSettings: testSettings),
        .target(name: "Charts", dependencies: ["SwiftUI"], path: "\(standIn)/Charts", swiftSettings: testSettings),
        .target(name: "Security", path: "\(standIn)/Security", swiftSettings: testSettings),
        .target(
            name: "_AuthenticationServices_SwiftUI", dependencies: ["SwiftUI"],
            path: "\(standIn)/_AuthenticationServices_SwiftUI", swiftSettings: testSettings),
        .target(
            name: "AuthenticationServices", dependencies: ["_AuthenticationServices_SwiftUI"],
            path: "\(standIn)/AuthenticationServices", swiftSettings: testSettings),
        .target(
            name: "RepoFinderScreens",
            dependencies: [
                "SwiftUI", "Charts", "SafariServices", "UIKit",
                "Security", "AuthenticationServices",
                "AppFeatures",
                "RepoFinderClient", "OfflineStore", "ImageLoading", "RepoFinderCore",
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ],
            path: "\(appSources)/Screens",
            resources: [.process("Resources")],
            swiftSettings: testSettings),
        .executableTarget(
            name: "RepoFinderAppMain", dependencies: ["RepoFinderScreens", "SwiftUI"], path: "\(appSources)/Main",
            exclude: ["Assets.xcassets"], swiftSettings: testSettings),
        .testTarget(
            name: "RepoFinderAppTests",
            dependencies: [
                "RepoFinderScreens", "SwiftUI", "Security", "AuthenticationServices", "AppFeatures", "AppTestSupport",
                "AppServerSupport",
                "RepoFinderClient", "OfflineStore", "RepoFinderCore", "Localization", "TestSupport", "GitHub",
                "GitHubLive", "GitHubAccounts",
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: testSettings),
    ]
#endif
