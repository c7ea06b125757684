// swift-tools-version: 6.0
// The iPhone app as an app package: Xcode and Swift Playgrounds open this folder (RepoFinder.swiftpm) as an iOS app with
// no generated project. It builds the sources under Sources/ with the repository's own app core (AppFeatures and what
// it uses) from the root package, by path. Only Apple platforms read this manifest's app product (AppleProductTypes
// exists there only); on Linux the root Package.swift compiles the same sources against a stand-in of Apple's
// frameworks and tests every screen, and nothing reads this file.
import PackageDescription

#if canImport(AppleProductTypes)
    import AppleProductTypes

    let strictSettings: [SwiftSetting] = [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ]

    let package = Package(
        name: "RepoFinder",
        platforms: [.iOS("18.0")],
        products: [
            .iOSApplication(
                name: "RepoFinder",
                targets: ["RepoFinderApp"],
                bundleIdentifier: "dev.repofinder.app",
                teamIdentifier: "",
                displayVersion: "1.0",
                bundleVersion: "1",
                appIcon: .asset("AppIcon"),
                accentColor: .presetColor(.indigo),
                supportedDeviceFamilies: [.phone],
                supportedInterfaceOrientations: [.portrait, .landscapeRight, .landscapeLeft],
                capabilities: [
                    .outgoingNetworkConnections(),
                    // A RepoFinder server on the Mac or the local network speaks plain HTTP until it has HTTPS.
                    .appTransportSecurity(configuration: .init(allowsLocalNetworking: true)),
                ],
                appCategory: .developerTools,
                additionalInfoPlistContentFilePath: "Info-additions.plist"
            )
        ],
        dependencies: [
            .package(name: "RepoFinder", path: "../.."),
            .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
        ],
        targets: [
            // The same two modules the root package builds on Linux: the screens (a library) and the app's entry point.
            .target(
                name: "RepoFinderScreens",
                dependencies: [
                    .product(name: "AppFeatures", package: "RepoFinder"),
                    .product(name: "RepoFinderClient", package: "RepoFinder"),
                    .product(name: "OfflineStore", package: "RepoFinder"),
                    .product(name: "ImageLoading", package: "RepoFinder"),
                    .product(name: "RepoFinderCore", package: "RepoFinder"),
                    .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                ],
                path: "Sources/Screens",
                resources: [.process("Resources")],
                swiftSettings: strictSettings
            ),
            .executableTarget(
                name: "RepoFinderApp",
                dependencies: ["RepoFinderScreens"],
                path: "Sources/Main",
                resources: [.process("Assets.xcassets")],
                swiftSettings: strictSettings
            ),
        ],
        swiftLanguageModes: [.v6]
    )
#else
    // Not an Apple platform: the app is compiled by the root package against the stand-in (see the comment above).
    let package = Package(name: "RepoFinder")
#endif
