// swift-tools-version:6.0
import PackageDescription

/// infoscope: an inspector, linter and editor for the property lists of Apple app bundles.
///
/// Modules depend downwards only: `PlistCore` ← `PlistBundle` ← `PlistRules`, and `PlistCore` ←
/// `PlistEditing`; `PlistUI` and `PlistCLI` each build on those four, side by side;
/// `PlistCurses` ← `PlistUI`; the `infoscope` executable ← `PlistCLI`, `PlistUI` and
/// `PlistCurses`; `infoscope-bench` ← `PlistUI` and `PlistCLI` (and the modules under them).
/// `CZip` (libzip), `COpenSSL` (libcrypto) and `CNcurses` (ncursesw)
/// are Debian's C libraries through module maps, loaded with dlopen when first needed (an
/// archive, a provisioning profile, the inspector; their shims say why); the tests that call
/// libzip and libcrypto directly link them. Cross-module API is `package`, never `public`.
let package = Package(
  name: "infoscope",
  products: [
    .executable(name: "infoscope", targets: ["infoscope"])
  ],
  targets: [
    .target(name: "PlistCore"),
    .systemLibrary(name: "CZip", providers: [.apt(["libzip-dev"])]),
    .systemLibrary(name: "COpenSSL", providers: [.apt(["libssl-dev"])]),
    .target(name: "PlistBundle", dependencies: ["PlistCore", "CZip", "COpenSSL"]),
    .target(name: "PlistRules", dependencies: ["PlistCore", "PlistBundle"]),
    .target(
      name: "PlistCLI", dependencies: ["PlistCore", "PlistBundle", "PlistRules", "PlistEditing"]),
    .target(name: "PlistEditing", dependencies: ["PlistCore"]),
    .target(
      name: "PlistUI", dependencies: ["PlistCore", "PlistBundle", "PlistRules", "PlistEditing"]),
    .systemLibrary(name: "CNcurses", providers: [.apt(["libncurses-dev"])]),
    .target(name: "PlistCurses", dependencies: ["PlistUI", "CNcurses"]),
    .executableTarget(name: "infoscope", dependencies: ["PlistCLI", "PlistUI", "PlistCurses"]),
    .executableTarget(
      name: "infoscope-bench",
      dependencies: ["PlistCore", "PlistBundle", "PlistRules", "PlistUI", "PlistCLI"]),
    .target(
      name: "TestSupport", dependencies: ["PlistCore", "CZip", "COpenSSL"],
      path: "Tests/TestSupport",
      // ZipBuilder and TestSigner call libzip and libcrypto directly (the package loads them
      // with dlopen).
      linkerSettings: [.linkedLibrary("zip"), .linkedLibrary("crypto")]),
    .testTarget(name: "PlistCoreTests", dependencies: ["PlistCore", "TestSupport"]),
    .testTarget(
      name: "PlistBundleTests",
      dependencies: ["PlistBundle", "PlistCore", "COpenSSL", "TestSupport"],
      linkerSettings: [.linkedLibrary("zip"), .linkedLibrary("crypto")]),
    .testTarget(
      name: "PlistRulesTests",
      dependencies: ["PlistRules", "PlistBundle", "PlistCore", "TestSupport"],
      exclude: ["Golden"]),
    .testTarget(
      name: "PlistEditingTests", dependencies: ["PlistEditing", "PlistCore", "TestSupport"]),
    .testTarget(
      name: "PlistUITests",
      dependencies: ["PlistUI", "PlistRules", "PlistBundle", "PlistCore", "TestSupport"],
      exclude: ["Snapshots"]),
    .testTarget(
      name: "PlistCursesTests", dependencies: ["PlistCurses", "PlistUI", "CNcurses", "TestSupport"]),
    .testTarget(
      name: "PlistCLITests", dependencies: ["PlistCLI", "PlistRules", "PlistCore", "TestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(name: "InfoscopeBenchTests", dependencies: ["infoscope-bench", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)

// Release builds (the binary the README installs, and the bench) carry the Swift runtime and
// Foundation inside them, as `swift build --static-swift-stdlib` makes them: with those as 19
// shared libraries, loading and relocating them was most of a short command's time. Set here,
// not on the command line, so `swift build -c release` and `swift run -c release
// infoscope-bench` share one set of flags and build the modules once (the flag changes how
// each module is compiled, as well as the link). Debug builds and the tests keep the shared
// libraries, and so do the test helpers built with them (Swift Testing has no static form).
//
// Release executables are linked at a fixed address (`-no-pie`). As a position-independent
// executable, the binary had 81,541 relative relocations (pointers in Foundation's and the
// runtime's static data) for the dynamic loader to apply and 160 more pages to copy at every
// start: 3.9 million instructions and 559 page faults before `main` for `--version`, against
// 2.8 million and 298 at a fixed address; `print` of a 5 KB Info.plist took 6.4 ms against
// 3.8 ms (best of 200, loaded machine). The cost is address-space randomisation of the
// executable's own image (libraries, heap and stacks are still randomised).
//
// They export no symbols (`--no-export-dynamic`, which overrides the driver's
// `-export-dynamic`): nothing loads against the executable, and the runtime's start-up looked
// itself up with `dladdr` through 7,652 exported symbols, 260,000 of the 2.8 million
// instructions `--version` takes.
let releaseOnly = BuildSettingCondition.when(configuration: .release)
for target in package.targets
where [.regular, .executable].contains(target.type) && !(target.path ?? "").hasPrefix("Tests") {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [.unsafeFlags(["-static-stdlib"], releaseOnly)]
  if target.type == .executable {
    target.linkerSettings =
      (target.linkerSettings ?? [])
      + [
        .unsafeFlags(
          ["-static-stdlib", "-Xclang-linker", "-no-pie", "-Xlinker", "--no-export-dynamic"],
          releaseOnly)
      ]
  }
}
