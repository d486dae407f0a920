import Foundation
import PlistBundle
import PlistCore
import TestSupport
import Testing

@testable import PlistRules

/// Two builds compared: bundles and files matched, values, findings and release checks
/// (issue 16, items 1 to 3), on bundles and projects made in memory.
@Suite struct BuildComparisonTests {
  /// An Info.plist in XML from entries written as `<key>K</key><string>V</string>` lines.
  static func info(_ entries: [(String, String)]) -> [UInt8] {
    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
    for (key, value) in entries {
      text += "\t<key>\(key)</key>\n\t<string>\(value)</string>\n"
    }
    return Array((text + "</dict>\n</plist>\n").utf8)
  }

  static let appInfo: [(String, String)] = [
    ("CFBundleIdentifier", "com.example.trail"), ("CFBundleShortVersionString", "2.1"),
    ("CFBundleVersion", "318"), ("CFBundleName", "Trail"), ("MinimumOSVersion", "16.0"),
  ]

  static func extensionInfo(_ identifier: String) -> [UInt8] {
    info([
      ("CFBundleIdentifier", identifier), ("CFBundleShortVersionString", "2.1"),
      ("CFBundleVersion", "318"),
    ])
  }

  /// A built `Trail.app` from files by path.
  static func app(_ files: [String: [UInt8]]) throws -> AppBundle {
    try BundleLoader.load(tree: MemoryTree(name: "Trail.app", files: files), inputPath: "Trail.app")
  }

  static func single(
    _ name: String, _ bytes: [UInt8], role: FileRole = .infoPlist
  ) throws
    -> AppBundle
  {
    var bundle = AppBundle(inputPath: name, inputKind: .file, isBuilt: false)
    bundle.files = [
      BundleFile(path: name, role: role, document: try PlistReader.read(bytes: bytes))
    ]
    return bundle
  }

  @Test func theSameBuildHasNoChangeAndOnlyUnchangedFindings() throws {
    let files = ["Info.plist": Self.info(Self.appInfo)]
    let comparison = BuildComparison(old: try Self.app(files), new: try Self.app(files))
    #expect(comparison.changedFiles.isEmpty)
    #expect(comparison.changeCount == 0)
    #expect(comparison.findings?.new.isEmpty == true)
    #expect(comparison.findings?.resolved.isEmpty == true)
    #expect(comparison.findings?.unchanged.isEmpty == false)
    // The same build number for the same version: the upload would be refused.
    #expect(comparison.releaseFindings.map(\.ruleID) == ["build_number_not_increased"])
  }

  @Test func aChangedValueIsReportedOnTheFilePairWithBothFiles() throws {
    var newInfo = Self.appInfo
    newInfo[2] = ("CFBundleVersion", "319")
    newInfo.append(("NSCameraUsageDescription", "Scans trail maps"))
    let comparison = BuildComparison(
      old: try Self.app(["Info.plist": Self.info(Self.appInfo)]),
      new: try Self.app(["Info.plist": Self.info(newInfo)]))
    let pair = try #require(comparison.changedFiles.first)
    #expect(comparison.changedFiles.count == 1)
    #expect(pair.old?.path == "Info.plist" && pair.new?.path == "Info.plist")
    #expect(pair.status == .changed)
    #expect(
      pair.changes.map { "\($0.kind.rawValue) \($0.path) \($0.summary)" } == [
        "changed CFBundleVersion String \"318\" → \"319\"",
        "added NSCameraUsageDescription String \"Scans trail maps\"",
      ])
    #expect(pair.changes.first?.oldLocation.line == 8)
    #expect(pair.changes.first?.newLocation.line == 8)
    #expect(comparison.releaseFindings.isEmpty)
  }

  @Test func anExtensionRenamedIsTheSameBundleByIdentifier() throws {
    let comparison = BuildComparison(
      old: try Self.app([
        "Info.plist": Self.info(Self.appInfo),
        "PlugIns/Share.appex/Info.plist": Self.extensionInfo("com.example.trail.share"),
      ]),
      new: try Self.app([
        "Info.plist": Self.info(Self.appInfo),
        "PlugIns/Sharing.appex/Info.plist": Self.extensionInfo("com.example.trail.share"),
      ]))
    #expect(comparison.bundles.count == 2)
    let share = try #require(comparison.bundles.last)
    #expect(share.match == .identifier)
    #expect(share.moved)
    #expect(share.old?.path == "PlugIns/Share.appex")
    #expect(share.new?.path == "PlugIns/Sharing.appex")
    #expect(comparison.changedFiles.isEmpty)
    #expect(!comparison.releaseFindings.contains { $0.ruleID == "bundle_identifier_changed" })
  }

  @Test func anExtensionWhoseIdentifierChangedIsTheSameBundleByPlace() throws {
    let comparison = BuildComparison(
      old: try Self.app([
        "Info.plist": Self.info(Self.appInfo),
        "PlugIns/Share.appex/Info.plist": Self.extensionInfo("com.example.trail.share"),
      ]),
      new: try Self.app([
        "Info.plist": Self.info(Self.appInfo),
        "PlugIns/Share.appex/Info.plist": Self.extensionInfo("com.example.trail.sharing"),
      ]))
    let share = try #require(comparison.bundles.last)
    #expect(share.match == .path)
    let finding = try #require(
      comparison.releaseFindings.first { $0.ruleID == "bundle_identifier_changed" })
    #expect(finding.severity == .note)
    #expect(finding.file == "PlugIns/Share.appex/Info.plist")
    #expect(finding.line == 4)
    let pair = try #require(comparison.changedFiles.first)
    #expect(pair.changes.map(\.path.description) == ["CFBundleIdentifier"])
  }

  @Test func anAddedExtensionIsOneBundleNotItsFiles() throws {
    let comparison = BuildComparison(
      old: try Self.app(["Info.plist": Self.info(Self.appInfo)]),
      new: try Self.app([
        "Info.plist": Self.info(Self.appInfo),
        "PlugIns/Widget.appex/Info.plist": Self.extensionInfo("com.example.trail.widget"),
      ]))
    #expect(comparison.bundles.map { ($0.old == nil, $0.new == nil) }.last! == (true, false))
    #expect(comparison.changedFiles.isEmpty)
    #expect(comparison.files.contains { $0.withItsBundle && $0.status == .added })
  }

  @Test func findingsAreNewResolvedOrUnchangedByRuleFileAndKeyPathNotLine() throws {
    // near_miss_key: CFBundleNam stays (on another line), NSCameraUsageDesciption is fixed,
    // UIRequiresFullscreen appears.
    let old =
      Self.appInfo + [
        ("CFBundleNam", "Trail"), ("NSCameraUsageDesciption", "Scans maps"),
      ]
    let new =
      [("UIRequiresFullscreen", "x")]
      + Self.appInfo.map {
        $0.0 == "CFBundleVersion" ? ($0.0, "319") : $0
      } + [("CFBundleNam", "Trail")]
    let comparison = BuildComparison(
      old: try Self.app(["Info.plist": Self.info(old)]),
      new: try Self.app(["Info.plist": Self.info(new)]))
    let findings = try #require(comparison.findings)
    func near(_ list: [Finding]) -> [String] {
      list.filter { $0.ruleID == "near_miss_key" }.map(\.keyPath.description)
    }
    #expect(near(findings.new) == ["UIRequiresFullscreen"])
    #expect(near(findings.resolved) == ["NSCameraUsageDesciption"])
    #expect(near(findings.unchanged) == ["CFBundleNam"])
    let kept = try #require(findings.unchanged.first { $0.keyPath.description == "CFBundleNam" })
    #expect(kept.line == 16)
  }

  @Test func aBinaryInfoPlistAndItsXMLTwinAreNoChange() throws {
    let xml = Self.info(Self.appInfo)
    let binary = try BinaryPlistWriter.write(try PlistReader.read(bytes: xml).root)
    let comparison = BuildComparison(
      old: try Self.single("Info.plist", binary), new: try Self.single("Info-xml.plist", xml))
    #expect(comparison.files.count == 1)
    #expect(comparison.files.first?.status == .unchanged)
    #expect(comparison.findings?.new.isEmpty == true)
    #expect(comparison.findings?.resolved.isEmpty == true)
  }

  @Test func twoBareInfoPlistsGetTheReleaseChecks() throws {
    var newInfo = Self.appInfo
    newInfo[1] = ("CFBundleShortVersionString", "2.0")
    let comparison = BuildComparison(
      old: try Self.single("old/Info.plist", Self.info(Self.appInfo)),
      new: try Self.single("new/Info.plist", Self.info(newInfo)))
    #expect(comparison.releaseFindings.map(\.ruleID) == ["short_version_decreased"])
    #expect(comparison.releaseFindings.first?.file == "new/Info.plist")
    #expect(comparison.releaseFindings.first?.line == 6)
  }

  @Test func aSingleFileIsComparedWithTheBundlesFileOfItsRole() throws {
    let comparison = BuildComparison(
      old: try Self.single("Info.plist", Self.info(Self.appInfo)),
      new: try Self.app([
        "Info.plist": Self.info(Self.appInfo),
        "PlugIns/Share.appex/Info.plist": Self.extensionInfo("com.example.trail.share"),
      ]))
    #expect(comparison.files.count == 1)
    #expect(comparison.files.first?.new?.path == "Info.plist")
    #expect(comparison.files.first?.status == .unchanged)
    #expect(comparison.notes.count == 1)
    // The file stands for the app: the app is not added, and the release checks run (318
    // again for version 2.1); the extension, which a lone Info.plist says nothing of, is left
    // out as NEW's other files are (it was reported added, against the note's own words).
    let app = try #require(comparison.bundles.first { $0.new?.path == "" || $0.isMain })
    #expect(app.old != nil && app.isMain)
    #expect(comparison.bundles.count == 1)
    #expect(comparison.bundles.filter { $0.old == nil }.isEmpty)
    #expect(comparison.releaseFindings.map(\.ruleID) == ["build_number_not_increased"])
    // And the other way round: NEW a single file, OLD the bundle.
    let reverse = BuildComparison(
      old: try Self.app(["Info.plist": Self.info(Self.appInfo)]),
      new: try Self.single("Info.plist", Self.info(Self.appInfo)))
    #expect(reverse.bundles.allSatisfy { $0.old != nil && $0.new != nil })
    #expect(reverse.releaseFindings.map(\.ruleID) == ["build_number_not_increased"])
  }

  /// From a tester: `diff Info.plist App.app --fail-on new` failed on what only the bundle
  /// brings (its missing executable, the SDK a built app needs), which a lone Info.plist can
  /// never have.
  @Test func whatOnlyTheBundleBringsIsNotComparedWithASingleFile() throws {
    let info = Self.info(
      Self.appInfo + [("DTSDKName", "iphoneos14.0"), ("NSCameraUsageDescription", "")])
    let bundle = try Self.app(["Info.plist": info])
    let lone = Set(Linter().lint(try Self.single("Info.plist", info)).map(\.ruleID))
    let built = Set(Linter().lint(bundle).map(\.ruleID))
    // Linted alone and in its bundle, the same file has different findings.
    #expect(built.subtracting(lone).contains("missing_bundle_executable"))
    #expect(lone.subtracting(built) == ["hand_written_minimum_os_version"])
    let both = lone.intersection(built)
    #expect(!both.isEmpty)
    let comparison = BuildComparison(old: try Self.single("Info.plist", info), new: bundle)
    let findings = try #require(comparison.findings)
    #expect(findings.new.isEmpty)
    #expect(findings.resolved.isEmpty)
    #expect(Set(findings.unchanged.map(\.ruleID)) == both)
    #expect(Set(findings.notCompared.map(\.ruleID)) == built.subtracting(lone))
    // The other way round: nothing new or resolved either; NEW's own note is not compared.
    let reverse = try #require(
      BuildComparison(old: bundle, new: try Self.single("Info.plist", info)).findings)
    #expect(reverse.resolved.isEmpty)
    #expect(reverse.new.isEmpty)
    #expect(Set(reverse.unchanged.map(\.ruleID)) == both)
    #expect(reverse.notCompared.map(\.ruleID) == ["hand_written_minimum_os_version"])
  }

  static let pbxproj = ProjectFixture.pbxproj(settings: [
    "MARKETING_VERSION = 2.1;", "CURRENT_PROJECT_VERSION = 318;",
  ])

  @Test func aProjectAgainstTheBundleItBuilds() throws {
    let source = Self.info([
      ("CFBundleIdentifier", "$(PRODUCT_BUNDLE_IDENTIFIER)"),
      ("CFBundleShortVersionString", "$(MARKETING_VERSION)"),
      ("CFBundleVersion", "$(CURRENT_PROJECT_VERSION)"), ("CFBundleName", "Trail"),
      ("MinimumOSVersion", "16.0"),
    ])
    let project = ProjectInput.load(
      tree: MemoryTree(
        name: "Trail",
        files: [
          "Trail.xcodeproj/project.pbxproj": Array(Self.pbxproj.utf8), "Trail/Info.plist": source,
        ]),
      projects: ["Trail.xcodeproj"], inputPath: "Trail")
    let built = try Self.app([
      "Info.plist": Self.info(Self.appInfo + [("DTSDKName", "iphoneos18.2")])
    ])
    let comparison = BuildComparison(old: project, new: built)
    let app = try #require(comparison.bundles.first { $0.old != nil && $0.new != nil })
    #expect(app.match == .identifier)
    #expect(app.isMain)
    let info = try #require(comparison.files.first { $0.role == .infoPlist })
    // The effective Info.plist has the build settings' values: only Xcode's key is new.
    #expect(info.changes.map { "\($0.kind.rawValue) \($0.path)" } == ["added DTSDKName"])
    // The project file belongs to projects only: not compared, not removed.
    #expect(comparison.files.contains { $0.role == .projectFile && $0.status == .notCompared })
    #expect(!comparison.files.contains { $0.status == .removed })
    // 318 in the project and in the build made from it: the same numbers by design, and the
    // project is no upload App Store Connect received, so no release check speaks.
    #expect(comparison.releaseFindings.isEmpty)
    // The other way round, the shipped build against the project about to be built again:
    // 318 again would be refused.
    let reverse = BuildComparison(old: built, new: project)
    let release = try #require(reverse.releaseFindings.first)
    #expect(reverse.releaseFindings.map(\.ruleID) == ["build_number_not_increased"])
    #expect(release.file == "Trail/Info.plist")
  }

  @Test func anAddedEntitlementNeedsItsPurposeStringOnceNotTwice() throws {
    let old = BundleNode.app(["CFBundleIdentifier": "com.example.app"], entitlements: [:])
    let new = BundleNode.app(
      ["CFBundleIdentifier": "com.example.app"],
      entitlements: ["com.apple.developer.healthkit": true])
    let comparison = BuildComparison(
      old: AppBundle(inputPath: "old", inputKind: .bundle, isBuilt: true, bundles: [old]),
      new: AppBundle(inputPath: "new", inputKind: .bundle, isBuilt: true, bundles: [new]))
    #expect(comparison.releaseFindings.map(\.ruleID) == ["capability_added_unsupported"])
    #expect(comparison.releaseFindings.first?.itms == "ITMS-90683")
    #expect(!(comparison.findings?.new.contains { $0.ruleID == "missing_purpose_string" } ?? true))
  }
}

/// What executables and profiles are compared by (their facts, not their offsets).
@Suite struct ComparedTreeTests {
  /// A tree shaped as `MachOFile.document` is.
  static func machO(_ slices: [(String, String, [String])]) -> PlistNode {
    let items: [PlistNode] = slices.map { architecture, minimum, libraries in
      [
        "architecture": PlistNode(.string(architecture)), "offset": 16_384, "size": 99,
        "buildVersions": [
          ["platform": "iOS", "minimumOS": PlistNode(.string(minimum)), "sdk": "18.2"]
        ],
        "linkedLibraries": PlistNode(
          .array(libraries.map { ["path": PlistNode(.string($0)), "currentVersion": "1.0"] })),
      ]
    }
    return ["format": "Mach-O universal", "slices": PlistNode(.array(items))]
  }

  static func executable(_ root: PlistNode) -> BundleFile {
    BundleFile(
      path: "Trail", role: .executable, document: PlistDocument(root: root, format: .binary))
  }

  @Test func executablesCompareByArchitecturesMinimumOSSDKAndLibraries() throws {
    let old = Self.machO([
      ("armv7", "12.0", ["/usr/lib/libSystem.B.dylib"]),
      ("arm64", "12.0", ["/usr/lib/libSystem.B.dylib"]),
    ])
    let new = Self.machO([
      (
        "arm64", "15.0",
        ["/usr/lib/libSystem.B.dylib", "/System/Library/Frameworks/HealthKit.framework/HealthKit"]
      )
    ])
    let a = try #require(ComparedTree.tree(Self.executable(old)))
    let b = try #require(ComparedTree.tree(Self.executable(new)))
    #expect(
      ValueDiff.changes(old: a, new: b).map { "\($0.kind.rawValue) \($0.path): \($0.summary)" } == [
        "removed architectures[0]: String \"armv7\"",
        "changed minimumOS.iOS: String \"12.0\" → \"15.0\"",
        "added linkedLibraries[1]: String \"/System/Library/Frameworks/HealthKit.framework/HealthKit\"",
      ])
    // Offsets and sizes move with every build; they are not compared.
    #expect(
      ValueDiff.changes(old: a, new: try #require(ComparedTree.tree(Self.executable(old)))).isEmpty)
  }

  @Test func slicesThatDisagreeAreComparedByArchitecture() throws {
    let tree = try #require(
      ComparedTree.tree(Self.executable(Self.machO([("armv7", "9.0", []), ("arm64", "11.0", [])]))))
    let minimum = tree.value.dictionaryValue?["minimumOS"]?.value.dictionaryValue
    #expect(minimum?.keys == ["iOS (armv7)", "iOS (arm64)"])
  }

  @Test func profilesCompareByKindTeamExpiryAndEntitlements() throws {
    func profile(_ team: String, expires: Int64, _ entitlements: PlistNode) -> BundleFile {
      let root: PlistNode = [
        "AppIDName": "Trail", "UUID": PlistNode(.string("uuid-" + team)),
        "TeamIdentifier": [PlistNode(.string(team))],
        "ExpirationDate": TreeBuilder.date(expires, 1, 1),
        "ProvisionedDevices": ["a", "b"], "Entitlements": entitlements,
        "DeveloperCertificates": [PlistNode(.data(Data([1, 2, 3])))],
      ]
      return BundleFile(
        path: "embedded.mobileprovision", role: .provisioningProfile,
        document: PlistDocument(root: root, format: .xml))
    }
    let old = try #require(
      ComparedTree.tree(profile("ABCDE12345", expires: 2025, ["aps-environment": "development"])))
    let new = try #require(
      ComparedTree.tree(
        profile(
          "ZYXWV98765", expires: 2026,
          ["aps-environment": "production", "com.apple.developer.siri": true])))
    #expect(
      ValueDiff.changes(old: old, new: new).map(\.path.description) == [
        "TeamIdentifier[0]", "TeamIdentifier[0]", "ExpirationDate", "Entitlements.aps-environment",
        "Entitlements.\"com.apple.developer.siri\"",
      ])
  }
}

/// A corpus bundle against an edited copy made in the test.
@Suite(.enabled(if: Corpus.isPresent, Corpus.absentComment))
struct BuildComparisonCorpusTests {
  static func saver() throws -> AppBundle {
    try BundleLoader.load(
      path: Corpus.directory.appendingPathComponent("bundles/SaverApp.app").path)
  }

  @Test func aCorpusBundleAgainstItselfHasNoChangeAndEveryFindingUnchanged() throws {
    let app = try Self.saver()
    let comparison = BuildComparison(old: app, new: app)
    #expect(comparison.changedFiles.isEmpty)
    let findings = try #require(comparison.findings)
    #expect(findings.new.isEmpty && findings.resolved.isEmpty)
    #expect(findings.unchanged.count == Linter().lint(app).count)
  }

  /// WhisperAX's project and Info.plist from the corpus, with `edit` applied to the Info.plist
  /// text.
  static func whisper(_ edit: (String) -> String = { $0 }) throws -> AppBundle {
    let info = String(
      decoding: try Corpus.bytes("info-plist/WhisperKit__WhisperAX__Info.plist"), as: UTF8.self)
    let tree = MemoryTree(
      name: "WhisperAX",
      files: [
        "WhisperAX.xcodeproj/project.pbxproj": try Corpus.bytes(
          "pbxproj/WhisperKit__WhisperAX.xcodeproj__project.pbxproj"),
        "WhisperAX/Info.plist": Array(edit(info).utf8),
      ])
    return ProjectInput.load(tree: tree, projects: ["WhisperAX.xcodeproj"], inputPath: "W")
  }

  @Test func aCorpusProjectAgainstAnEditedCopyReportsTheEditWhereItIsWritten() throws {
    let old = try Self.whisper()
    let new = try Self.whisper {
      $0.replacingOccurrences(
        of: "<dict>\n",
        with:
          "<dict>\n\t<key>NSCameraUsageDescription</key>\n\t<string>Transcribes the room.</string>\n",
        options: [], range: $0.range(of: "<dict>\n"))
    }
    let same = BuildComparison(old: old, new: old)
    #expect(same.changedFiles.isEmpty)
    #expect(same.findings?.new.isEmpty == true)
    let comparison = BuildComparison(old: old, new: new)
    let changed = comparison.changedFiles.filter { $0.status == .changed }
    #expect(!changed.isEmpty)
    #expect(
      changed.allSatisfy { pair in
        pair.changes.map(\.path.description) == ["NSCameraUsageDescription"]
      })
    // The effective Info.plist keeps its values' places in the file (the key's line is 5).
    #expect(changed.first?.changes.first?.newLocation.line == 6)
  }

  @Test func anEditedCopyShowsItsEditsAndTheReleaseChecks() throws {
    let old = try Self.saver()
    var new = old
    var info = try #require(new.bundles[0].files.first { $0.role == .infoPlist })
    let index = try #require(new.bundles[0].files.firstIndex { $0.role == .infoPlist })
    var root = try #require(info.document?.root.value.dictionaryValue)
    root.set("NSCameraUsageDescription", "Scans receipts.")
    root.set("CFBundleShortVersionString", "1.3.3")
    info.document?.root = PlistNode(.dictionary(root))
    new.bundles[0].files[index] = info
    let comparison = BuildComparison(old: old, new: new)
    let pair = try #require(comparison.changedFiles.first)
    #expect(comparison.changedFiles.count == 1)
    #expect(
      pair.changes.map { "\($0.kind.rawValue) \($0.path)" } == [
        "changed CFBundleShortVersionString", "added NSCameraUsageDescription",
      ])
    // A development profile: App Store Connect's check says so, as a note.
    #expect(comparison.releaseFindings.map(\.ruleID) == ["short_version_decreased"])
    #expect(comparison.releaseFindings.first?.severity == .note)
  }
}
