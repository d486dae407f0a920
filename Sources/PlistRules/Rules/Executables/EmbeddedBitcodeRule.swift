import PlistBundle
import PlistCore

/// An executable of an iOS-family bundle that carries bitcode (an `__LLVM` segment).
struct EmbeddedBitcodeRule: Rule {
  static let description = RuleDescription(
    identifier: "embedded_bitcode",
    name: "Embedded Bitcode",
    severity: .error,
    category: .executables,
    appliesTo: [.infoPlist],
    summary: "The executables of an iOS, tvOS, watchOS or visionOS bundle carry no bitcode "
      + "(__LLVM segment)",
    rationale: """
      Xcode 14's release notes deprecate bitcode: "the App Store no longer accepts bitcode
      submissions from Xcode 14". App Store Connect refuses an upload in which an executable
      still holds it: `ITMS-90482: Invalid Executable - The executable '….app/Frameworks/
      ….framework/…' contains bitcode.` (the message as public reports quote it, typically for
      a prebuilt third-party framework). The compiler stores bitcode in a segment named
      `__LLVM` (`LC_SEGMENT` / `LC_SEGMENT_64`; `otool -l` shows it, and `xcrun bitcode_strip
      -r` removes it).

      Checked for every executable of a built app whose platforms are known to be iOS,
      iPadOS, tvOS, watchOS or visionOS. A segment whose sections hold at most one byte each
      is the marker `-fembed-bitcode-marker` leaves (Xcode's debug builds): it is reported as
      a warning, since the quoted message speaks of bitcode and Apple does not say whether a
      marker alone is refused.
      """,
    appleSource: AppleSource(
      title: "Xcode 14 Release Notes",
      url: "https://developer.apple.com/documentation/xcode-release-notes/xcode-14-release-notes"),
    itms: "ITMS-90482",
    nonTriggering: [
      RuleExample(["CFBundleExecutable": "Kit"], context: built)
        .inBundle(framework(["__PAGEZERO", "__TEXT", "__DATA", "__LINKEDIT"])),
      RuleExample(
        ["CFBundleExecutable": "Kit"], context: LintContext(platforms: [.macOS], isBuilt: true)
      ).inBundle(framework(["__TEXT", "__LLVM"])),
    ],
    triggering: [
      RuleExample(
        ["CFBundleExecutable": "Kit"], context: built, expect: ["CFBundleExecutable"],
        severity: .error
      ).inBundle(framework(["__TEXT", "__DATA", "__LLVM", "__LINKEDIT"])),
      RuleExample(
        ["CFBundleExecutable": "Kit"], context: built, expect: ["CFBundleExecutable"],
        severity: .warning
      ).inBundle(framework(["__TEXT", "__LLVM"], marker: true)),
    ])

  private static let built = LintContext(platforms: [.iOS], isBuilt: true)

  private static func framework(_ segments: [String], marker: Bool = false) -> BundleNode {
    var bundle = BundleNode(
      path: "Frameworks/Kit.framework", kind: .framework, layout: .shallow,
      files: [BundleFile(path: "Frameworks/Kit.framework/Kit", role: .executable, size: 1)],
      platforms: [.iOS])
    var file = MachOFile.example(
      slices: [("arm64", 2, "15.0", "17.0", segments)], fileType: .dylib)
    if marker {
      for i in file.slices[0].segments.indices where file.slices[0].segments[i].isBitcode {
        file.slices[0].segments[i].sections = [
          .init(name: "__bitcode", size: 1), .init(name: "__cmdline", size: 1),
        ]
      }
    }
    bundle.executable = file
    return bundle
  }

  func check(_ subject: LintSubject) -> [Finding] {
    guard ExecutableFacts.isDeviceBuild(subject), let bundle = subject.bundle,
      let executable = bundle.executable
    else { return [] }
    let carrying = executable.slices.compactMap { slice in
      slice.bitcodeSegment.map { (slice.architecture, $0) }
    }
    guard !carrying.isEmpty else { return [] }
    let markerOnly = carrying.allSatisfy { $0.1.isBitcodeMarker }
    let architectures = ExecutableFacts.bracketed(carrying.map(\.0))
    let size = carrying.map { $0.1.sections.reduce(UInt64(0)) { $0 &+ $1.size } }.max() ?? 0
    if markerOnly {
      return [
        subject.finding(
          Self.description, at: ExecutableFacts.keyPath(subject),
          "\(ExecutableFacts.name(of: bundle)) has an __LLVM segment in \(architectures) that "
            + "holds only a bitcode marker (a debug build's); App Store Connect refuses "
            + "executables with bitcode: archive a release build, or strip it with "
            + "xcrun bitcode_strip -r", severity: .warning)
      ]
    }
    return [
      subject.finding(
        Self.description, at: ExecutableFacts.keyPath(subject),
        "\(ExecutableFacts.name(of: bundle)) contains bitcode (an __LLVM segment of "
          + "\(size) bytes in \(architectures)), which App Store Connect refuses since Xcode "
          + "14: rebuild it without bitcode, or strip it with xcrun bitcode_strip -r")
    ]
  }
}
