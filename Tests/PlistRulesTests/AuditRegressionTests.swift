import Foundation
import PlistBundle
import PlistCore
import Testing

@testable import PlistRules

/// False findings an audit of the rules against apple-rules.md found, each kept fixed.
@Suite struct AuditRegressionTests {
  func lint(
    _ root: PlistNode, role: FileRole = .infoPlist, platforms: [Platform],
    distribution: LintContext.Distribution? = nil
  ) -> [Finding] {
    Linter().lint(
      LintSubject(
        path: "Info.plist", role: role, root: root,
        context: LintContext(platforms: platforms, distribution: distribution)))
  }

  @Test func watchAppsKeepThePurposeStringsTheyNeed() {
    let found = lint(
      [
        "NSHealthShareUsageDescription": "Reads your workouts to show your progress.",
        "NSMotionUsageDescription": "Counts your steps during a walk.",
      ], platforms: [.watchOS])
    #expect(!found.contains { $0.ruleID == "key_for_other_platform" })
  }

  @Test func deprecatedPurposeStringsStayQuietWhileTheTargetNeedsThem() {
    let found = lint(
      [
        "MinimumOSVersion": "15.0",
        "NSCalendarsUsageDescription": "Adds your bookings to your calendar.",
        "NSCalendarsFullAccessUsageDescription": "Adds your bookings to your calendar.",
      ], platforms: [.iOS])
    #expect(!found.contains { $0.ruleID == "deprecated_key" })
    let modern = lint(
      [
        "MinimumOSVersion": "17.0",
        "NSCalendarsUsageDescription": "Adds your bookings to your calendar.",
      ], platforms: [.iOS])
    #expect(modern.contains { $0.ruleID == "deprecated_key" })
  }

  @Test func aPlugInHostMayKeepGetTaskAllowWithLibraryValidationOff() {
    let found = lint(
      [
        "com.apple.security.get-task-allow": true,
        "com.apple.security.cs.disable-library-validation": true,
      ], role: .entitlements, platforms: [.macOS], distribution: .developerID)
    #expect(!found.contains { $0.ruleID == "notarization_prerequisite" })
  }

  /// The same framework identifier in an app and its watch app: App Store Connect warns
  /// (ITMS-90806, quoted in public reports as a warning), so a warning, not an error; and a
  /// framework used once by each is not reported at all.
  @Test func aFrameworkSharedByAnAppAndItsWatchAppIsAWarning() {
    func info(_ id: String) -> [UInt8] {
      Array("<plist><dict><key>CFBundleIdentifier</key><string>\(id)</string></dict></plist>".utf8)
    }
    let tree = MemoryTree(
      name: "A.app",
      files: [
        "Info.plist": info("com.example.a"),
        "Frameworks/Shared.framework/Info.plist": info("com.example.Shared"),
        "Watch/W.app/Info.plist": info("com.example.a.watchkitapp"),
        "Watch/W.app/Frameworks/Shared.framework/Info.plist": info("com.example.Shared"),
      ])
    let app = BundleWalker(tree: tree).walk("", kind: .application)
    let input = AppBundle(inputPath: "A.app", inputKind: .bundle, isBuilt: true, bundles: [app])
    let found = Linter().lint(input).filter { $0.ruleID == "duplicate_bundle_identifier" }
    #expect(
      found.map(\.file).sorted() == [
        "Frameworks/Shared.framework/Info.plist",
        "Watch/W.app/Frameworks/Shared.framework/Info.plist",
      ])
    #expect(found.allSatisfy { $0.severity == .warning && $0.itms == "ITMS-90806" })
  }
}

@Suite struct OSVersionTests {
  @Test func comparesComponentByComponent() throws {
    let v = { (s: String) throws -> OSVersion in try #require(OSVersion(s)) }
    #expect(try v("10.11") < v("10.12"))
    #expect(try v("9.3.5") < v("10"))
    #expect(try v("17") == v("17.0.0"))
    #expect(try !(v("10.12.1") < v("10.12")))
    #expect(OSVersion("$(IPHONEOS_DEPLOYMENT_TARGET)") == nil)
    #expect(OSVersion("") == nil)
    #expect(OSVersion("1..2") == nil)
  }
}
