// swift-tools-version: 6.0
// sticky: the QQ sticky-badge effect, computed on the CPU and drawn with OpenGL.
//
// Modules follow the one-way data flow of DESIGN.md:
//   Platform ─▶ App ─▶ Motion ─▶ Geometry (+ Typography) ─▶ Render ─▶ Imaging
// Only App knows both Platform and Render.
import PackageDescription

// scripts/fuzz sets STICKY_FUZZ=1: the Swift modules are built with libFuzzer's coverage and
// AddressSanitizer, and sticky-fuzz links libFuzzer (only for its own build path and product;
// `-Xswiftc` would also reach the build tool shader-embed, whose main would clash).
let fuzzing = Context.environment["STICKY_FUZZ"] == "1"
let fuzzSettings: [SwiftSetting] = fuzzing ? [.unsafeFlags(["-sanitize=fuzzer,address"]), .define("STICKY_LIBFUZZER")] : []
let fuzzLinking: [LinkerSetting] = fuzzing ? [.unsafeFlags(["-sanitize=fuzzer,address", "-use-ld=lld"])] : []

let package = Package(
    name: "sticky",
    products: [
        .executable(name: "sticky", targets: ["sticky"]),
        // The geometry and motion as a library (`import StickyKit`), with no C library under it;
        // the caterpillar on Chipmunk2D as a second (`import StickyChain`).
        .library(name: "StickyKit", targets: ["StickyKit"]),
        .library(name: "StickyChain", targets: ["StickyChain"]),
    ],
    targets: [
        // C libraries, through pkg-config; `providers` names the Debian packages.
        .systemLibrary(name: "CEpoxy", pkgConfig: "epoxy", providers: [.apt(["libepoxy-dev"])]),
        .systemLibrary(name: "CGLFW", pkgConfig: "glfw3", providers: [.apt(["libglfw3-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev", "fonts-dejavu-core", "fonts-wqy-microhei"])]),
        // Chipmunk2D: no pkg-config file in Debian's package, hence no `pkgConfig`.
        .systemLibrary(name: "CChipmunk", providers: [.apt(["libchipmunk-dev"])]),
        // Counts heap allocations for `sticky bench` (wraps malloc; see the header).
        .target(name: "CAllocCounter", cSettings: fuzzing ? [.define("STICKY_NO_INTERPOSE")] : []),

        // Pure Swift: the bridge, flattening, tessellation. No GL.
        .target(name: "Geometry", swiftSettings: fuzzSettings),
        // Badge state machine, springs, bursts (pure Swift: a user of the badges alone needs no
        // Chipmunk2D); the caterpillar on Chipmunk2D, a module of its own.
        .target(name: "Motion", dependencies: ["Geometry"], swiftSettings: fuzzSettings),
        .target(name: "StickyChain", dependencies: ["Geometry", "CChipmunk"], swiftSettings: fuzzSettings),
        // Count text: a system font found by fontconfig, glyphs rasterized by FreeType into an atlas.
        .target(name: "Typography", dependencies: ["Geometry", "Imaging", "CFreeType", "CFontconfig"], swiftSettings: fuzzSettings),
        // RGBA images and PNG files.
        .target(name: "Imaging", dependencies: ["CPNG", "CGIF", "CZlib"], swiftSettings: fuzzSettings),
        // OpenGL 3.3 core passes drawing a frame description into a target.
        .target(
            name: "Render",
            dependencies: ["CEpoxy", "Geometry", "Imaging"],
            swiftSettings: fuzzSettings,
            plugins: ["EmbedShaders"]
        ),
        // Contexts: headless EGL (and the GLFW window).
        // Xlib's error handler for the window: a window destroyed from outside is quit, not died of.
        .target(name: "CX11Guard", linkerSettings: [.linkedLibrary("X11")]),
        .target(name: "Platform", dependencies: ["CEpoxy", "CGLFW", "CX11Guard"], swiftSettings: fuzzSettings),
        // The command line, scenes and the frame loop: joins Platform and Render.
        .target(
            name: "App",
            dependencies: ["Geometry", "Motion", "StickyChain", "Typography", "Render", "Imaging", "Platform", "CAllocCounter"],
            swiftSettings: fuzzSettings
        ),
        .executableTarget(name: "sticky", dependencies: ["App"]),
        // The library product's one module: re-exports Geometry and Motion.
        .target(name: "StickyKit", dependencies: ["Geometry", "Motion"]),
        // The fuzz targets (scripts/fuzz builds it with libFuzzer; plain, it replays inputs).
        .target(name: "CFuzzDriver"),
        .executableTarget(name: "sticky-fuzz", dependencies: ["App", "CFuzzDriver"], swiftSettings: fuzzSettings, linkerSettings: fuzzLinking),

        // Build-time embedding of Shaders/*.glsl into the binary, so an installed `sticky` needs no files.
        .executableTarget(name: "shader-embed"),
        .plugin(
            name: "EmbedShaders", capability: .buildTool(), dependencies: ["shader-embed"],
            path: "Sources/EmbedShaders"
        ),

        // The tests' independent references (the seeds' constructions, the kernels' and the
        // spring's closed forms): written from the formulas, importing nothing of Sources/.
        .target(name: "Reference", path: "Tests/Reference"),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry", "Motion", "Reference"]),
        .testTarget(name: "MotionTests", dependencies: ["Motion", "StickyChain", "Geometry", "Reference"]),
        .testTarget(name: "RenderTests", dependencies: ["App", "Render", "Platform", "Imaging", "Geometry", "Motion", "Typography", "Reference"]),
        // The library as a user sees it: only StickyKit, only its public API.
        .testTarget(name: "StickyKitTests", dependencies: ["StickyKit"]),
        .testTarget(name: "AppTests", dependencies: ["App", "sticky", "Imaging", "Geometry", "Motion", "StickyChain", "CGIF", "Reference"]),
    ],
    swiftLanguageModes: [.v6]
)
