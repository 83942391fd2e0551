// swift-tools-version: 6.2
// 6.2: the window's classes use `isolated deinit` (SE-0371), new in Swift 6.2.
// TinyCollage: a GTK4 collage maker. The arrow goes one way:
// TinyCollage (window + command line) -> CollageMetadata -> CollageRender -> CollageCore.
import PackageDescription

let package = Package(
    name: "TinyCollage",
    products: [
        .executable(name: "tinycollage", targets: ["TinyCollage"]),
        .executable(name: "tinycollage-decoder", targets: ["tinycollage-decoder"]),
    ],
    targets: [
        // The render layer's own C modules: gdk-pixbuf, and Cairo with Pango;
        // nothing below the window reaches GTK (DESIGN "Decoding out of process").
        .systemLibrary(
            name: "CPixbuf",
            pkgConfig: "gdk-pixbuf-2.0",
            providers: [.apt(["libgdk-pixbuf-2.0-dev"])]
        ),
        .systemLibrary(
            name: "CPangoCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]
        ),
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libadwaita-1-dev", "libgtk-4-dev", "libgdk-pixbuf-2.0-dev"])]
        ),
        // Decoder workers: seccomp through Debian's libseccomp, libtiff's own
        // word on a TIFF, and the socket, memfd and signal calls Swift cannot
        // reach from Glibc alone.
        .systemLibrary(
            name: "CLinux",
            pkgConfig: "libseccomp",
            providers: [.apt(["libseccomp-dev", "libtiff-dev"])]
        ),
        // Photo metadata (gexiv2), read in the decoder workers only, through
        // a C++ guard that catches what Exiv2 throws.
        .systemLibrary(
            name: "CExiv2",
            pkgConfig: "gexiv2",
            providers: [.apt(["libgexiv2-dev"])]
        ),
        .target(name: "CMetadataGuard", dependencies: ["CExiv2"]),
        // The place database (libgeonames: GeoNames' cities) for title
        // suggestions; apart from CGtk so only CollageMetadata sees it.
        .systemLibrary(
            name: "CMetadata",
            pkgConfig: "geonames",
            providers: [.apt(["libgeonames-dev"])]
        ),
        // The camera: GStreamer core, app, video and tag libraries.
        .systemLibrary(
            name: "CGst",
            pkgConfig: "gstreamer-app-1.0",
            providers: [.apt(["libgstreamer1.0-dev", "libgstreamer-plugins-base1.0-dev"])]
        ),
        .target(name: "CollageCore"),
        .target(name: "CollageRender", dependencies: ["CollageCore", "CPixbuf", "CPangoCairo", "CLinux", "CMetadataGuard"]),
        // The decoder worker: the render layer alone, started by DecoderPool.
        .executableTarget(name: "tinycollage-decoder", dependencies: ["CollageRender"], path: "Sources/DecodeWorker"),
        .target(name: "CollageMetadata", dependencies: ["CollageCore", "CollageRender", "CMetadata"]),
        .executableTarget(name: "TinyCollage", dependencies: ["CollageCore", "CollageRender", "CollageMetadata", "CGtk", "CGst"]),
        .executableTarget(name: "collage-bench", dependencies: ["CollageRender", "CollageCore"], path: "Sources/CollageBench"),
        .executableTarget(name: "collage-fuzz", dependencies: ["CollageRender", "CollageCore", "CPixbuf", "CPangoCairo", "CLinux"],
                         path: "Sources/CollageFuzz"),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // A compromised decoder for SandboxTests: never installed.
        .executableTarget(name: "sandbox-escape", dependencies: ["CollageRender", "CLinux"], path: "Tests/SandboxEscape"),
        .testTarget(name: "CollageCoreTests", dependencies: ["CollageCore"]),
        .testTarget(name: "CollageMetadataTests", dependencies: ["CollageMetadata", "CollageRender", "CollageCore", "TestSupport"]),
        .testTarget(name: "CollageRenderTests", dependencies: ["CollageRender", "CollageCore", "CPixbuf", "CPangoCairo", "CLinux", "TestSupport"]),
        .testTarget(name: "CommandLineTests", dependencies: ["TinyCollage", "TestSupport"]),
        .testTarget(name: "WindowTests", dependencies: ["TinyCollage", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
