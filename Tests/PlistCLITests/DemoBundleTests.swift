import Foundation
import PlistBundle
import PlistCore
import PlistRules
import Testing

@testable import PlistCLI

/// The sample bundle of `infoscope --demo`: what it holds and exactly what the linter finds.
@Suite struct DemoBundleTests {
  @Test func loadsAsABuiltAppWithItsWidgetExtension() throws {
    let bundle = DemoBundle.load()
    #expect(bundle.inputPath == "Trailhead.app")
    #expect(bundle.inputKind == .bundle)
    #expect(bundle.isBuilt)
    #expect(bundle.problems.isEmpty)
    let app = try #require(bundle.bundles.first)
    #expect(bundle.bundles.count == 1)
    #expect(app.kind == .application)
    #expect(app.identifier == "org.example.trailhead")
    #expect(app.platforms == [.iOS, .iPadOS])
    let widgets = try #require(app.children.first)
    #expect(app.children.count == 1)
    #expect(widgets.kind == .appExtension)
    #expect(widgets.path == "PlugIns/TrailheadWidgets.appex")
    #expect(widgets.identifier == "org.example.trailhead.widgets")
    #expect(widgets.children.isEmpty)
  }

  @Test func everyFileReadsWithoutAProblem() {
    let files = DemoBundle.load().allFiles
    #expect(
      files.map { "\($0.path) \($0.role.rawValue)" } == [
        "Info.plist Info.plist",
        "PrivacyInfo.xcprivacy privacy manifest",
        "en.lproj/InfoPlist.strings InfoPlist.strings",
        "Assets.car asset catalog",
        "Trailhead executable",
        "Trailhead#entitlements signed entitlements",
        "AppIcon60x60@2x.png icon image",
        "AppIcon60x60@3x.png icon image",
        "AppIcon76x76@2x~ipad.png icon image",
        "AppIcon76x76~ipad.png icon image",
        "PlugIns/TrailheadWidgets.appex/Info.plist Info.plist",
        "PlugIns/TrailheadWidgets.appex/TrailheadWidgets executable",
        "PlugIns/TrailheadWidgets.appex/TrailheadWidgets#entitlements signed entitlements",
      ])
    for file in files {
      #expect(file.problem == nil, "\(file.path): \(String(describing: file.problem))")
    }
  }

  @Test func executablesCarryTheirSignatureAndEntitlements() throws {
    let app = try #require(DemoBundle.load().bundles.first)
    let slice = try #require(app.executable?.slices.first)
    #expect(slice.architecture == "arm64")
    #expect(slice.fileType == .execute)
    #expect(slice.buildVersions.map(\.minimumOS) == ["16.0.0"])
    let directory = try #require(slice.codeSignature?.codeDirectory)
    #expect(directory.identifier == "org.example.trailhead")
    #expect(directory.teamIdentifier == "K7Q2TRA1LH")
    let entitlements = try #require(
      app.files.first { $0.path == "Trailhead#entitlements" }?.document?.root.value
        .dictionaryValue)
    #expect(
      entitlements["application-identifier"]?.value.stringValue
        == "K7Q2TRA1LH.org.example.trailhead")
    #expect(entitlements["aps-environment"]?.value.stringValue == "production")
    let widgets = try #require(app.children.first?.executable?.slices.first)
    #expect(widgets.codeSignature?.codeDirectory?.identifier == "org.example.trailhead.widgets")
  }

  /// Each property list is written as Apple's tools (and our writer) lay XML out.
  @Test(arguments: [
    "Info.plist", "PrivacyInfo.xcprivacy", "PlugIns/TrailheadWidgets.appex/Info.plist",
  ])
  func propertyListsAreInCanonicalLayout(path: String) throws {
    let bytes = try #require(DemoBundle.files[path])
    let document = try PlistReader.read(bytes: bytes, file: path)
    #expect(document.format == .xml)
    #expect(try XMLPlistWriter.write(document.root) == bytes)
  }

  @Test(arguments: [DemoBundle.appEntitlements, DemoBundle.widgetsEntitlements])
  func entitlementsAreInCanonicalLayout(text: String) throws {
    let document = try PlistReader.read(bytes: Array(text.utf8))
    #expect(try XMLPlistWriter.write(document.root) == Array(text.utf8))
  }

  /// The linter finds exactly the faults written in, at their key paths, and nothing else.
  @Test func lintsToExactlyTheIntendedFaults() {
    let findings = Linter().lint(DemoBundle.load())
    let found = findings.map {
      DemoBundle.Fault(
        rule: $0.ruleID, file: $0.file, keyPath: $0.keyPath.description,
        severity: $0.severity)
    }
    #expect(found == DemoBundle.faults)
    #expect(
      found.map(\.rule) == [
        "unresolved_placeholder", "sdk_below_minimum", "web_or_media_arbitrary_loads",
        "deprecated_key",
        "blank_purpose_string", "background_mode_companion", "near_miss_key",
        "ipad_multitasking_orientations", "invalid_required_reason_code",
        "nested_bundle_mismatch",
      ])
    let counts = Dictionary(grouping: findings, by: \.severity).mapValues(\.count)
    #expect(counts == [.error: 5, .warning: 4, .note: 1])
  }

  /// The editor's `x` needs findings with a fix: the misspelt key is renamed, and the iPad
  /// orientations completed.
  @Test func someFindingsCarryAFix() throws {
    let findings = Linter().lint(DemoBundle.load())
    let rename = try #require(findings.first { $0.ruleID == "near_miss_key" }?.fix)
    #expect(
      rename.edits == [.rename(KeyPath([.key("UIRequiresFullscreen")]), to: "UIRequiresFullScreen")]
    )
    let orientations = try #require(
      findings.first { $0.ruleID == "ipad_multitasking_orientations" }?.fix)
    let all = ["Portrait", "LandscapeLeft", "LandscapeRight", "PortraitUpsideDown"].map {
      PlistNode(.string("UIInterfaceOrientation" + $0))
    }
    #expect(
      orientations.edits == [
        .set(KeyPath([.key("UISupportedInterfaceOrientations~ipad")]), .array(all))
      ])
  }
}
