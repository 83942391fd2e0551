// swift-tools-version: 6.0
// TinyCollage: a GTK4 collage maker. The arrow goes one way:
// TinyCollage (window + command line) -> CollageRender -> CollageCore.
import PackageDescription

let package = Package(
    name: "TinyCollage",
    products: [
        .executable(name: "tinycollage", targets: ["TinyCollage"]),
    ],
    targets: [
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libadwaita-1-dev", "libgtk-4-dev", "libgdk-pixbuf-2.0-dev"])]
        ),
        .systemLibrary(
            name: "CGst",
            pkgConfig: "gstreamer-app-1.0",
            providers: [.apt(["libgstreamer1.0-dev", "libgstreamer-plugins-base1.0-dev"])]
        ),
        .target(name: "CollageCore"),
        .target(name: "CollageRender", dependencies: ["CollageCore", "CGtk"]),
        .executableTarget(name: "TinyCollage", dependencies: ["CollageCore", "CollageRender", "CGtk", "CGst"]),
        .executableTarget(name: "collage-bench", dependencies: ["CollageRender", "CollageCore"], path: "Sources/CollageBench"),
        .executableTarget(name: "collage-fuzz", dependencies: ["CollageRender", "CollageCore"], path: "Sources/CollageFuzz"),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "CollageCoreTests", dependencies: ["CollageCore"]),
        .testTarget(name: "CollageRenderTests", dependencies: ["CollageRender", "CollageCore", "CGtk", "TestSupport"]),
        .testTarget(name: "CommandLineTests", dependencies: ["TinyCollage", "TestSupport"]),
        .testTarget(name: "WindowTests", dependencies: ["TinyCollage", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
