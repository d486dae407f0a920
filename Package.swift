// swift-tools-version:6.0
import PackageDescription

/// infoscope: an inspector, linter and editor for the property lists of Apple app bundles.
///
/// Modules depend downwards only (see ../shared/STYLE.md, "Sources and modules"):
/// `PlistCore` ← `PlistCLI` ← `infoscope`. Cross-module API is `package`, never `public`.
let package = Package(
  name: "infoscope",
  products: [
    .executable(name: "infoscope", targets: ["infoscope"])
  ],
  targets: [
    .target(name: "PlistCore"),
    .target(name: "PlistCLI", dependencies: ["PlistCore"]),
    .executableTarget(name: "infoscope", dependencies: ["PlistCLI"]),
    .executableTarget(name: "infoscope-bench", dependencies: ["PlistCore"]),
    .target(name: "TestSupport", dependencies: ["PlistCore"], path: "Tests/TestSupport"),
    .testTarget(name: "PlistCoreTests", dependencies: ["PlistCore", "TestSupport"]),
    .testTarget(name: "PlistCLITests", dependencies: ["PlistCLI", "PlistCore", "TestSupport"]),
    .testTarget(name: "InfoscopeBenchTests", dependencies: ["infoscope-bench"]),
  ],
  swiftLanguageModes: [.v6]
)
