import PlistBundle
import PlistCore
import Testing

@testable import PlistRules

/// Evidence from executables, which rule examples cannot hold: a Mach-O is built here byte by
/// byte (a 64-bit little-endian header and one `LC_LOAD_DYLIB`, as `<mach-o/loader.h>` lays
/// them out).
@Suite struct MissingPurposeStringRuleTests {
  /// A thin arm64 executable that links `library`.
  static func executable(linking library: String) throws -> MachOFile {
    var name = Array(library.utf8) + [0]
    while (24 + name.count) % 8 != 0 { name.append(0) }
    let commandSize = 24 + name.count
    func u32(_ v: UInt32) -> [UInt8] { withUnsafeBytes(of: v.littleEndian, Array.init) }
    var bytes: [UInt8] = []
    bytes += u32(0xfeed_facf)  // MH_MAGIC_64
    bytes += u32(0x0100_000c)  // CPU_TYPE_ARM64
    bytes += u32(0)  // cpusubtype
    bytes += u32(2)  // MH_EXECUTE
    bytes += u32(1)  // ncmds
    bytes += u32(UInt32(commandSize))  // sizeofcmds
    bytes += u32(0) + u32(0)  // flags, reserved
    bytes += u32(0xc) + u32(UInt32(commandSize))  // LC_LOAD_DYLIB, cmdsize
    bytes += u32(24) + u32(2) + u32(0x1_0000) + u32(0x1_0000)  // name offset, time, versions
    bytes += name
    return try MachOFile.parse(bytes)
  }

  static func subject(
    info: PlistNode, linking framework: String, embedded: Bool = false
  ) throws
    -> LintSubject
  {
    let path = "/System/Library/Frameworks/\(framework).framework/\(framework)"
    var app = ExampleBundles.app()
    if embedded {
      var child = BundleNode(
        path: "App.app/Frameworks/SDK.framework", kind: .framework, layout: .shallow)
      child.executable = try executable(linking: path)
      app.children = [child]
    } else {
      app.executable = try executable(linking: path)
    }
    return LintSubject(
      path: "App.app/Info.plist", role: .infoPlist, root: info, bundle: app,
      context: LintContext(platforms: [.iOS], isBuilt: true))
  }

  @Test func linkedTrackingFrameworkWithoutThePurposeStringIsANote() throws {
    let subject = try Self.subject(
      info: ["CFBundleName": "App"], linking: "AppTrackingTransparency")
    let found = MissingPurposeStringRule().check(subject)
    #expect(found.map(\.keyPath.description) == ["NSUserTrackingUsageDescription"])
    // SDKs link the framework only to read the status, so this is a weak inference.
    #expect(found.map(\.severity) == [.note])
    #expect(found.first?.itms == nil)
    #expect(found.first?.message.contains("AppTrackingTransparency.framework") == true)
  }

  @Test func frameworkLinkedByAnEmbeddedFrameworkCounts() throws {
    let subject = try Self.subject(
      info: ["CFBundleName": "App"], linking: "CoreLocation", embedded: true)
    let found = MissingPurposeStringRule().check(subject)
    #expect(found.map(\.keyPath.description) == ["NSLocationWhenInUseUsageDescription"])
    #expect(found.map(\.severity) == [.note])
    #expect(
      found.first?.message.hasPrefix(
        "NSLocationWhenInUseUsageDescription (or another of NSLocationAlwaysAndWhenInUseUsage"
          + "Description, NSLocationAlwaysUsageDescription, NSLocationUsageDescription) is "
          + "missing, but App.app/Frameworks/SDK.framework/SDK (arm64) links "
          + "CoreLocation.framework, so the app may ask for the user's location") == true)
  }

  @Test func anyIOSLocationKeySatisfiesLinkedCoreLocation() throws {
    let subject = try Self.subject(
      info: ["NSLocationAlwaysAndWhenInUseUsageDescription": "Shows where photos were taken."],
      linking: "CoreLocation")
    #expect(MissingPurposeStringRule().check(subject).isEmpty)
  }

  @Test func theMacOSLocationKeyAloneDoesNotSatisfyAnIOSApp() throws {
    var subject = try Self.subject(
      info: ["NSLocationUsageDescription": "Shows where photos were taken."],
      linking: "CoreLocation")
    let found = MissingPurposeStringRule().check(subject)
    #expect(found.map(\.keyPath.description) == ["NSLocationWhenInUseUsageDescription"])
    #expect(found.first?.message.contains("the macOS key, which iOS does not read") == true)
    subject.context = LintContext(platforms: [.macOS])
    #expect(MissingPurposeStringRule().check(subject).isEmpty)
  }

  @Test func avFoundationIsNotEvidence() throws {
    let subject = try Self.subject(info: ["CFBundleName": "App"], linking: "AVFoundation")
    #expect(MissingPurposeStringRule().check(subject).isEmpty)
  }

  @Test func appleStatedEntitlementGivesAnErrorWithITMS90683() throws {
    let bundle = ExampleBundles.app(
      entitlements: ["com.apple.security.device.audio-input": true], platforms: [.macOS])
    let subject = LintSubject(
      path: "App.app/Contents/Info.plist", role: .infoPlist, root: ["CFBundleName": "App"],
      bundle: bundle)
    let found = MissingPurposeStringRule().check(subject)
    #expect(found.map(\.keyPath.description) == ["NSMicrophoneUsageDescription"])
    #expect(found.map(\.severity) == [.error])
    #expect(found.first?.itms == "ITMS-90683")
  }

  /// The fix adds the missing key empty, for the user to write the reason in the inspector.
  @Test func theFixAddsTheMissingKeyEmpty() throws {
    let subject = try Self.subject(info: ["CFBundleName": "App"], linking: "HealthKit")
    let found = MissingPurposeStringRule().check(subject)
    #expect(found.map(\.keyPath.description) == ["NSHealthShareUsageDescription"])
    #expect(
      found.first?.fix
        == Fix(
          "add NSHealthShareUsageDescription",
          [.set(KeyPath([.key("NSHealthShareUsageDescription")]), .string(""))]))
  }
}
