// swift-tools-version:6.0
import PackageDescription

/// The layers point one way: Model ← Presentation ← Views ← Build ← sitegen.
/// SiteViews depends on SitePresentation and Mustache only, so it cannot see
/// the Model; `make` builds with explicit-import checking to keep it so.
let package = Package(
    name: "sitegen",
    products: [
        .executable(name: "sitegen", targets: ["sitegen"]),
    ],
    targets: [
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // The allocator: a build makes millions of small objects on every core,
        // and glibc's malloc spent about a tenth of its CPU on them (docs/benchmark.md).
        .systemLibrary(
            name: "CTCMalloc",
            pkgConfig: "libtcmalloc_minimal",
            providers: [.apt(["libgoogle-perftools-dev"])]
        ),
        .target(name: "CSystem"),
        .target(name: "CMarkdown", dependencies: ["CCmark"]),
        // Eight bytes at a time: the scanning that the parsers and escapers share.
        .target(name: "ByteScan", dependencies: ["CBlockBits"]),
        .target(name: "Mustache", dependencies: ["ByteScan"]),
        // Sixteen bytes at a time, where the machine has the instructions.
        .target(name: "CBlockBits"),
        .target(name: "SearchIndex", dependencies: ["ByteScan", "CBlockBits"]),
        .target(name: "Highlight"),
        .target(name: "SiteModel", dependencies: ["CYAML", "ByteScan", "CBlockBits"]),
        .target(name: "FileWatching"),
        .target(name: "SitePresentation", dependencies: ["SiteModel", "Highlight", "CCmark", "CMarkdown"]),
        .target(name: "SiteViews", dependencies: ["SitePresentation", "Mustache", "ByteScan"]),
        // templates/ compiled into the binary, so a site needs none of its own.
        .executableTarget(name: "theme-embedder"),
        .plugin(name: "EmbedTheme", capability: .buildTool(), dependencies: ["theme-embedder"]),
        .target(name: "DefaultTheme", plugins: ["EmbedTheme"]),
        .target(
            name: "SiteBuild",
            dependencies: ["SiteModel", "SitePresentation", "SiteViews", "Mustache", "CSystem", "DefaultTheme", "SearchIndex"]
        ),
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD"]),
        .target(name: "SiteServe", dependencies: ["SiteBuild", "SiteModel", "HTTPServer", "FileWatching"]),
        .executableTarget(name: "sitegen", dependencies: ["SiteBuild", "SiteServe", "CTCMalloc"]),
        .executableTarget(name: "render-bench", dependencies: ["SiteModel", "SitePresentation", "SiteViews", "SearchIndex"]),

        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "ByteScanTests", dependencies: ["ByteScan"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
        .testTarget(name: "FileWatchingTests", dependencies: ["FileWatching"]),
        .testTarget(name: "SearchIndexTests", dependencies: ["SearchIndex"]),
        .testTarget(name: "HighlightTests", dependencies: ["Highlight"]),
        .testTarget(name: "SiteModelTests", dependencies: ["SiteModel", "TestSupport"]),
        .testTarget(name: "SitePresentationTests", dependencies: ["SitePresentation", "SiteModel"]),
        .testTarget(name: "SiteViewsTests", dependencies: ["SiteViews", "SitePresentation", "SiteModel", "Mustache", "TestSupport"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "TestSupport"]),
        .testTarget(name: "SiteServeTests", dependencies: ["SiteServe", "SiteBuild", "TestSupport"]),
        .testTarget(name: "SiteBuildTests", dependencies: ["SiteBuild", "SiteModel", "SiteViews", "DefaultTheme", "TestSupport"],
                    exclude: ["BadContent"]),
    ],
    swiftLanguageModes: [.v6]
)

/// Release builds let the optimizer see into the other targets: the template
/// engine, the byte scanners and the models are specialised and inlined where
/// the pages are made, not called through generic entry points. A full build
/// takes about 0.94 of the time without it (docs/benchmark.md).
for target in package.targets where [.regular, .executable].contains(target.type) {
    target.swiftSettings = (target.swiftSettings ?? [])
        + [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]
}
