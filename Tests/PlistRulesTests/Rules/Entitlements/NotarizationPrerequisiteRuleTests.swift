import PlistCore
import Testing

@testable import PlistBundle
@testable import PlistRules

/// The hardened-runtime half of `notarization_prerequisite`, which reads the executable's code
/// signature: examples cannot carry a Mach-O file, so these bundles are built by hand.
@Suite struct NotarizationPrerequisiteRuleTests {
  /// A slice of `fileType`, signed with `flags` (nil: unsigned).
  static func slice(
    _ architecture: String, _ fileType: MachOFileType = .execute,
    flags: CodeSignatureFlags? = []
  ) -> MachOSlice {
    let signature = flags.map { flags in
      var signature = CodeSignature(offset: 0, length: 0, blobs: [])
      signature.codeDirectory = CodeDirectory(
        version: 0x20400, flags: flags, identifier: "com.example.app",
        teamIdentifier: "ABCDE12345", hashType: 2, hashSize: 32, codeSlotCount: 1,
        specialSlotCount: 0, executableSegmentFlags: nil)
      return signature
    }
    return MachOSlice(
      offset: 0, size: 0, cpuType: 0, cpuSubtype: 0, architecture: architecture, is64Bit: true,
      isBigEndian: false, fileType: fileType, flags: 0, buildVersions: [], linkedLibraries: [],
      codeSignature: signature)
  }

  /// The findings of the rule on the Info.plist of a macOS app whose executable has `slices`.
  static func findings(
    _ slices: [MachOSlice], distribution: LintContext.Distribution? = .developerID
  ) -> [Finding] {
    let info: PlistNode = ["CFBundleExecutable": "Example", "CFBundleIdentifier": "com.example"]
    var bundle = BundleNode(
      path: "Example.app", kind: .application, layout: .deep,
      files: [
        BundleFile(
          path: "Example.app/Contents/Info.plist", role: .infoPlist,
          document: PlistDocument(root: info, format: .xml))
      ], platforms: [.macOS])
    bundle.executable = MachOFile(slices: slices, isUniversal: slices.count > 1)
    let subject = LintSubject(
      path: "Example.app/Contents/Info.plist", role: .infoPlist, root: info, bundle: bundle,
      context: LintContext(platforms: [.macOS], isBuilt: true, distribution: distribution))
    return Linter(rules: [NotarizationPrerequisiteRule()]).lint(subject)
  }

  @Test func reportsTheSlicesSignedWithoutTheHardenedRuntime() throws {
    let found = Self.findings([
      Self.slice("x86_64", flags: []), Self.slice("arm64", flags: [.runtime]),
    ])
    let finding = try #require(found.first)
    #expect(found.count == 1)
    #expect(finding.ruleID == "notarization_prerequisite")
    #expect(finding.severity == .error)
    #expect(finding.keyPath == KeyPath([.key("CFBundleExecutable")]))
    #expect(
      finding.message
        == "Example (x86_64) is signed without the hardened runtime; notarization requires it, "
        + "so enable the Hardened Runtime capability and sign again")
  }

  @Test func acceptsAHardenedExecutable() {
    #expect(Self.findings([Self.slice("arm64", flags: [.runtime])]).isEmpty)
  }

  @Test func saysNothingOutsideDeveloperIDDistribution() {
    #expect(Self.findings([Self.slice("arm64", flags: [])], distribution: .appStore).isEmpty)
    #expect(Self.findings([Self.slice("arm64", flags: [])], distribution: nil).isEmpty)
  }

  @Test func saysNothingWithoutASignatureOrForLibraries() {
    #expect(Self.findings([Self.slice("arm64", flags: nil)]).isEmpty)
    #expect(Self.findings([Self.slice("arm64", .dylib, flags: [])]).isEmpty)
  }

  @Test func saysNothingWithoutAnExecutable() {
    let info: PlistNode = ["CFBundleExecutable": "Example"]
    let bundle = BundleNode(path: "Example.app", kind: .application, layout: .deep)
    let subject = LintSubject(
      path: "Example.app/Contents/Info.plist", role: .infoPlist, root: info, bundle: bundle,
      context: LintContext(platforms: [.macOS], distribution: .developerID))
    #expect(Linter(rules: [NotarizationPrerequisiteRule()]).lint(subject).isEmpty)
  }
}
