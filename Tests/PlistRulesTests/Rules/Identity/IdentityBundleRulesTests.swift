import Foundation
import PlistBundle
import PlistCore
import TestSupport
import Testing

@testable import PlistRules

/// An XML Info.plist with `entries` (string values; a value written as XML, `<false/>`, is
/// kept as it is).
private func infoPlist(_ entries: [(String, String)]) -> String {
  let body = entries.map {
    "<key>\($0.0)</key>" + ($0.1.hasPrefix("<") ? $0.1 : "<string>\($0.1)</string>")
  }.joined()
  return
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict>\(body)</dict></plist>"
}

/// The identity and versions rules over bundles and projects: the cases a single-file example
/// cannot show (a parent bundle, sibling bundles, the bundle's files, a project's settings).
@Suite struct IdentityBundleRulesTests {
  /// The findings of `rule` over the input at `path`, as `(file, key path, severity, itms)`.
  func lint(_ rule: any Rule, _ path: String) throws -> [Finding] {
    let input = try BundleLoader.load(path: path)
    return Linter(rules: [rule]).lint(input)
  }

  /// A built iOS app with one share extension, one watch app and one App Clip, the app's
  /// executable present and each nested bundle given `nested` identifiers and versions.
  func writeApp(
    _ folder: TemporaryFolder, extensionID: String, extensionVersion: String = "1.2.0",
    watchID: String = "com.example.app.watchkitapp", watchBuild: String = "7",
    clipID: String = "com.example.app.Clip", executable: Bool = true
  ) throws {
    try folder.write(
      "Demo.app/Info.plist",
      infoPlist([
        ("CFBundleIdentifier", "com.example.app"), ("CFBundleExecutable", "Demo"),
        ("CFBundlePackageType", "APPL"), ("CFBundleShortVersionString", "1.2.0"),
        ("CFBundleVersion", "7"), ("CFBundleName", "Demo"),
        ("ITSAppUsesNonExemptEncryption", "<false/>"),
      ]))
    if executable { try folder.write("Demo.app/Demo", "not really Mach-O") }
    try folder.write(
      "Demo.app/PlugIns/Share.appex/Info.plist",
      infoPlist([
        ("CFBundleIdentifier", extensionID), ("CFBundleExecutable", "Share"),
        ("CFBundlePackageType", "XPC!"), ("CFBundleShortVersionString", extensionVersion),
        ("CFBundleVersion", "7"), ("CFBundleName", "Share"), ("CFBundleDisplayName", "Share"),
      ]))
    try folder.write("Demo.app/PlugIns/Share.appex/Share", "x")
    try folder.write(
      "Demo.app/Watch/W.app/Info.plist",
      infoPlist([
        ("CFBundleIdentifier", watchID), ("CFBundleExecutable", "W"),
        ("CFBundlePackageType", "APPL"), ("CFBundleShortVersionString", "1.2.0"),
        ("CFBundleVersion", watchBuild), ("CFBundleName", "W"),
      ]))
    try folder.write("Demo.app/Watch/W.app/W", "x")
    try folder.write(
      "Demo.app/AppClips/Clip.app/Info.plist",
      infoPlist([
        ("CFBundleIdentifier", clipID), ("CFBundleExecutable", "Clip"),
        ("CFBundlePackageType", "APPL"), ("CFBundleShortVersionString", "1.2.0"),
        ("CFBundleVersion", "7"), ("CFBundleName", "Clip"),
      ]))
    try folder.write("Demo.app/AppClips/Clip.app/Clip", "x")
    try folder.write(
      "Demo.app/Frameworks/Lib.framework/Info.plist",
      infoPlist([
        ("CFBundleIdentifier", "org.vendor.Lib"), ("CFBundleExecutable", "Lib"),
        ("CFBundlePackageType", "FMWK"), ("CFBundleShortVersionString", "5.0.0"),
        ("CFBundleVersion", "1"),
      ]))
    try folder.write("Demo.app/Frameworks/Lib.framework/Lib", "x")
  }

  @Test func aConsistentAppGivesNoFinding() throws {
    let folder = try TemporaryFolder("identity")
    defer { folder.remove() }
    try writeApp(folder, extensionID: "com.example.app.share")
    for rule in RuleCatalog.identity.map({ $0.init() }) {
      let found = try lint(rule, folder.path("Demo.app"))
      #expect(found.isEmpty, "\(rule.description.identifier): \(found.map(\.description))")
    }
  }

  @Test func nestedIdentifiersMustStartWithTheParentsAndAPeriod() throws {
    let folder = try TemporaryFolder("identity")
    defer { folder.remove() }
    try writeApp(
      folder, extensionID: "com.example.appshare", watchID: "com.other.watchkitapp",
      clipID: "com.EXAMPLE.app.Clip")
    let found = try lint(NestedBundleMismatchRule(), folder.path("Demo.app"))
    #expect(found.map(\.file) == ["PlugIns/Share.appex/Info.plist", "Watch/W.app/Info.plist"])
    #expect(found.allSatisfy { $0.keyPath == KeyPath([.key("CFBundleIdentifier")]) })
    #expect(found.allSatisfy { $0.severity == .error && $0.itms == nil })
    #expect(
      found.first?.message
        == "app extension identifier \"com.example.appshare\" does not start with "
        + "\"com.example.app.\", the identifier of Demo.app that holds it; prefix it with that "
        + "identifier")
  }

  @Test func nestedVersionsMustMatchTheParents() throws {
    let folder = try TemporaryFolder("identity")
    defer { folder.remove() }
    try writeApp(
      folder, extensionID: "com.example.app.share", extensionVersion: "1.1.0", watchBuild: "6")
    let found = try lint(NestedBundleMismatchRule(), folder.path("Demo.app"))
    #expect(found.count == 2)
    let share = try #require(found.first { $0.file == "PlugIns/Share.appex/Info.plist" })
    #expect(share.keyPath == KeyPath([.key("CFBundleShortVersionString")]))
    #expect(share.severity == .warning)
    #expect(share.itms == "ITMS-90473")
    let watch = try #require(found.first { $0.file == "Watch/W.app/Info.plist" })
    #expect(watch.keyPath == KeyPath([.key("CFBundleVersion")]))
    #expect(watch.severity == .error)
    #expect(watch.itms == "ITMS-90379")
    #expect(
      watch.message
        == "CFBundleVersion \"6\" of this watch app differs from \"7\" of Demo.app that holds "
        + "it; give both the same value")
  }

  @Test func duplicateIdentifiersAreReportedInEachBundle() throws {
    let folder = try TemporaryFolder("identity")
    defer { folder.remove() }
    try writeApp(folder, extensionID: "com.example.APP")
    let found = try lint(DuplicateBundleIdentifierRule(), folder.path("Demo.app"))
    #expect(found.map(\.file) == ["Info.plist", "PlugIns/Share.appex/Info.plist"])
    #expect(
      found.first?.message
        == "\"com.example.app\" is also the identifier of PlugIns/Share.appex; App Store "
        + "Connect and the device installer refuse an app with two bundles of one identifier: "
        + "give each bundle its own")
    #expect(
      found.last?.message
        == "\"com.example.APP\" is also the identifier of Demo.app; App Store Connect and the "
        + "device installer refuse an app with two bundles of one identifier: give each bundle "
        + "its own")
    #expect(found.allSatisfy { $0.severity == .error && $0.itms == "ITMS-90685" })
  }

  @Test func aMissingExecutableFileIsAnError() throws {
    let folder = try TemporaryFolder("identity")
    defer { folder.remove() }
    try writeApp(folder, extensionID: "com.example.app.share", executable: false)
    let found = try lint(MissingBundleExecutableRule(), folder.path("Demo.app"))
    #expect(found.map(\.file) == ["Info.plist"])
    #expect(found.first?.keyPath == KeyPath([.key("CFBundleExecutable")]))
    #expect(found.first?.severity == .error)
    #expect(
      found.first?.message
        == "CFBundleExecutable names \"Demo\", but Demo is not in the bundle; build the product "
        + "again or correct the name")
  }

  /// After CFBundleExecutable is edited (in the inspector), the finding names the new name and
  /// says it was not looked for; it used to name the new value beside the old file ("names
  /// "Demo2", but Demo is not in the bundle").
  @Test func anExecutableRenamedAfterReadingIsANoteThatItWasNotLookedFor() throws {
    let folder = try TemporaryFolder("identity")
    defer { folder.remove() }
    try writeApp(folder, extensionID: "com.example.app.share", executable: false)
    var input = try BundleLoader.load(path: folder.path("Demo.app"))
    let index = try #require(input.bundles[0].files.firstIndex { $0.path == "Info.plist" })
    let info = try #require(input.bundles[0].files[index].document?.root)
    guard case .dictionary(var entries) = info.value else {
      Issue.record("the Info.plist is no dictionary")
      return
    }
    entries.set("CFBundleExecutable", PlistNode(.string("Demo2")))
    input.bundles[0].files[index].document?.root = PlistNode(.dictionary(entries))
    let found = Linter(rules: [MissingBundleExecutableRule()]).lint(input)
    #expect(found.map(\.file) == ["Info.plist"])
    #expect(found.first?.severity == .note)
    #expect(
      found.first?.message
        == "CFBundleExecutable names \"Demo2\", but the bundle was read when it named \"Demo\", "
        + "so infoscope has not looked for Demo2; open the bundle again after saving to check "
        + "that the file is there")
  }

  @Test func placeholdersLeftInABuiltBundleAreErrors() throws {
    let folder = try TemporaryFolder("identity")
    defer { folder.remove() }
    try writeApp(folder, extensionID: "$(PRODUCT_BUNDLE_IDENTIFIER)")
    let found = try lint(UnresolvedPlaceholderRule(), folder.path("Demo.app"))
    #expect(found.map(\.file) == ["PlugIns/Share.appex/Info.plist"])
    #expect(found.first?.severity == .error)
    // The other rules leave the placeholder to this one.
    #expect(try lint(NestedBundleMismatchRule(), folder.path("Demo.app")).isEmpty)
    #expect(try lint(MalformedBundleIdentifierRule(), folder.path("Demo.app")).isEmpty)
  }

  @Test func aProjectNamesTheSettingsItDoesNotDefine() throws {
    let folder = try TemporaryFolder("identity")
    defer { folder.remove() }
    try folder.write(
      "Demo.xcodeproj/project.pbxproj",
      """
      // !$*UTF8*$!
      {
        archiveVersion = 1;
        objectVersion = 77;
        objects = {
          P1 = { isa = PBXProject; buildConfigurationList = PL; mainGroup = G0; targets = (T1, T2); };
          G0 = { isa = PBXGroup; children = (); sourceTree = "<group>"; };
          PL = { isa = XCConfigurationList; buildConfigurations = (PD); defaultConfigurationName = Debug; };
          PD = { isa = XCBuildConfiguration; buildSettings = { SDKROOT = iphoneos; }; name = Debug; };
          T1 = { isa = PBXNativeTarget; buildConfigurationList = TL; name = Demo; productType = "com.apple.product-type.application"; };
          TL = { isa = XCConfigurationList; buildConfigurations = (TD); };
          TD = { isa = XCBuildConfiguration; buildSettings = {
              INFOPLIST_FILE = Demo/Info.plist;
              PRODUCT_BUNDLE_IDENTIFIER = com.example.demo;
            }; name = Debug; };
          T2 = { isa = PBXNativeTarget; buildConfigurationList = T2L; name = DemoTV; productType = "com.apple.product-type.application"; };
          T2L = { isa = XCConfigurationList; buildConfigurations = (T2D); };
          T2D = { isa = XCBuildConfiguration; buildSettings = {
              INFOPLIST_FILE = Demo/Info.plist;
              PRODUCT_BUNDLE_IDENTIFIER = com.example.demo;
            }; name = Debug; };
        };
        rootObject = P1;
      }
      """)
    try folder.write(
      "Demo/Info.plist",
      infoPlist([
        ("CFBundleIdentifier", "$(PRODUCT_BUNDLE_IDENTIFIER)"),
        ("SentryDSN", "$(SENTRY_DSN)"), ("CFBundleName", "$(PRODUCT_NAME)"),
      ]))
    let found = try lint(UnresolvedPlaceholderRule(), folder.path("Demo.xcodeproj"))
    #expect(found.map(\.keyPath) == [KeyPath([.key("SentryDSN")]), KeyPath([.key("SentryDSN")])])
    #expect(found.allSatisfy { $0.severity == .warning })
    #expect(
      found.first?.message
        == "SentryDSN uses setting SENTRY_DSN, which target Demo (Debug) does not define; unless "
        + "the build environment sets it, Xcode writes an empty string there")
    // Two targets of one project may share an identifier (one per platform).
    #expect(try lint(DuplicateBundleIdentifierRule(), folder.path("Demo.xcodeproj")).isEmpty)
  }
}
