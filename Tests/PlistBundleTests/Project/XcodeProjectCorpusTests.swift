import Foundation
import PlistBundle
import PlistCore
import TestSupport
import Testing

@Suite struct XcodeProjectCorpusTests {
  /// The corpus `.pbxproj` files, each loaded into a tree that holds only it.
  static let files = Corpus.entries(in: "pbxproj").map(\.path)

  static func load(_ path: String) throws -> XcodeProject {
    let bytes = try [UInt8](Data(contentsOf: Corpus.directory.appendingPathComponent(path)))
    let tree = MemoryFileTree(bytes: ["P.xcodeproj/project.pbxproj": bytes])
    return try XcodeProject.load(projectPath: "P.xcodeproj", files: tree)
  }

  static func load(named prefix: String) throws -> XcodeProject {
    let path = try #require(files.first { $0.hasPrefix("pbxproj/" + prefix) })
    return try load(path)
  }

  @Test(.enabled(if: Corpus.isPresent, Corpus.absentComment), arguments: files)
  func everyProjectLoads(path: String) throws {
    let project = try Self.load(path)
    #expect(!project.targets.isEmpty)
    #expect(project.issues.isEmpty)
    for target in project.targets {
      for config in target.configurationNames {
        let plist = try project.effectiveInfoPlist(target: target.name, configuration: config)
        if plist.isGenerated { #expect(plist["CFBundleInfoDictionaryVersion"] != nil) }
      }
    }
  }

  @Test(.enabled(if: Corpus.isPresent, Corpus.absentComment))
  func iceCubesAppGeneratesItsUsageDescriptions() throws {
    let project = try Self.load(named: "IceCubesApp__")
    #expect(project.objectVersion == "70")
    #expect(project.targets.count == 5)
    #expect(
      project.targets.filter { $0.productType == "com.apple.product-type.application" }.map(\.name)
        == ["IceCubesApp"])
    #expect(
      project.targets.filter { $0.productType == "com.apple.product-type.app-extension" }.count == 4
    )

    let ios = try project.effectiveInfoPlist(
      target: "IceCubesApp", configuration: "Release", sdk: "iphoneos")
    #expect(
      ios["NSCameraUsageDescription"]?.node.value
        == .string("Upload photos & videos to attach to your Mastodon posts."))
    #expect(
      ios["NSPhotoLibraryUsageDescription"]?.node.value
        == .string("Upload photos & videos to Mastodon"))
    #expect(
      ios["NSPhotoLibraryAddUsageDescription"]?.node.value
        == .string("Ice Cubes would like to save the selected photo in your photo library."))
    #expect(ios["NSHumanReadableCopyright"]?.node.value == .string("© 2024 Thomas Ricouard"))
    #expect(ios["CFBundleShortVersionString"]?.node.value == .string("2.1.4"))
    #expect(ios["CFBundleVersion"]?.node.value == .string("3066"))
    #expect(ios["UIStatusBarStyle"]?.node.value == .string("UIStatusBarStyleDefault"))
    #expect(ios["UIApplicationSupportsIndirectInputEvents"]?.node.value == .boolean(true))
    #expect(ios["UILaunchScreen"] != nil)
    #expect(ios["UIApplicationSceneManifest"] != nil)
    #expect(ios["UISupportedInterfaceOrientations~ipad"]?.node.value.arrayValue?.count == 4)
    // BUNDLE_ID_PREFIX lives in IceCubesApp.xcconfig, which the corpus does not hold.
    #expect(ios["CFBundleIdentifier"]?.node.value == .string("$(BUNDLE_ID_PREFIX).IceCubesApp"))
    #expect(ios["CFBundleIdentifier"]?.unresolved == ["BUNDLE_ID_PREFIX"])
    #expect(
      ios.issues.map(\.message).contains(
        "the configuration file IceCubesApp-release.xcconfig is missing"))
    #expect(
      ios.issues.map(\.message).contains(
        "INFOPLIST_FILE names IceCubesApp/Info.plist, which is missing"))
    let team = try project.settings(target: "IceCubesApp", configuration: "Release")
    #expect(team.string("DEVELOPMENT_TEAM") == "Z6P74P6T99")

    let mac = try project.effectiveInfoPlist(
      target: "IceCubesApp", configuration: "Release", sdk: "macosx")
    #expect(mac["UIStatusBarStyle"] == nil)
    #expect(mac["UIApplicationSupportsIndirectInputEvents"] == nil)
    #expect(mac["UILaunchScreen"] == nil)
    #expect(mac["NSCameraUsageDescription"] != nil)

    let any = try project.effectiveInfoPlist(target: "IceCubesApp", configuration: "Debug")
    #expect(
      Set(any.conditionalVariants.map(\.key)) == [
        "UIApplicationSceneManifest", "UIApplicationSupportsIndirectInputEvents", "UILaunchScreen",
        "UIStatusBarStyle",
      ])
    #expect(any.conditionalVariants.count == 8)

    let share = try project.effectiveInfoPlist(
      target: "IceCubesShareExtension", configuration: "Debug", sdk: "iphoneos")
    #expect(share["NSHumanReadableCopyright"] == nil)  // set to "", elided
    #expect(share["CFBundleDisplayName"]?.node.value == .string("Ice Cubes"))
    #expect(share["CFBundlePackageType"]?.node.value == .string("XPC!"))
    let keys = try project.keySettings(target: "IceCubesShareExtension", configuration: "Debug")
    #expect(keys.entitlementsPath == "IceCubesShareExtension/IceCubesShareExtension.entitlements")
    #expect(keys.deploymentTargets["IPHONEOS_DEPLOYMENT_TARGET"]?.text == "18.5")
  }

  @Test(.enabled(if: Corpus.isPresent, Corpus.absentComment))
  func whisperAXKeepsTheUnresolvedTeam() throws {
    let project = try Self.load(named: "WhisperKit__")
    #expect(project.targets.count == 6)
    let types = Dictionary(grouping: project.targets, by: { $0.productType ?? "" }).mapValues(
      \.count)
    #expect(
      types == [
        "com.apple.product-type.application": 2, "com.apple.product-type.bundle.unit-test": 2,
        "com.apple.product-type.bundle.ui-testing": 2,
      ])
    let watch = try project.effectiveInfoPlist(
      target: "WhisperAX Watch App", configuration: "Debug", sdk: "watchos")
    let companion = try #require(watch["WKCompanionAppBundleIdentifier"])
    #expect(companion.node.value == .string("com.argmax.whisperkit.WhisperAX${DEVELOPMENT_TEAM}"))
    #expect(companion.unresolved == ["DEVELOPMENT_TEAM"])
    #expect(watch["WKRunsIndependentlyOfCompanionApp"]?.node.value == .boolean(true))
    #expect(
      watch["NSMicrophoneUsageDescription"]?.node.value
        == .string("Required to record audio from the microphone for transcription."))
    #expect(watch["CFBundleName"]?.node.value == .string("WhisperAX Watch App"))
    #expect(watch["UIDeviceFamily"]?.node.value == .array([PlistNode(.integer(PlistInteger(4)))]))
    #expect(
      watch.issues.map(\.message).contains("the configuration file Debug.xcconfig is missing"))

    let ios = try project.effectiveInfoPlist(
      target: "WhisperAX", configuration: "Release", sdk: "iphoneos")
    #expect(
      ios["NSMicrophoneUsageDescription"]?.node.value
        == .string("Required to record audio from the microphone for transcription."))
    #expect(ios["UILaunchScreen"] != nil)
    #expect(ios["CFBundleIdentifier"]?.unresolved == ["DEVELOPMENT_TEAM"])
    #expect(
      ios["LSApplicationCategoryType"]?.node.value == .string("public.app-category.utilities"))
    let mac = try project.effectiveInfoPlist(
      target: "WhisperAX", configuration: "Release", sdk: "macosx")
    #expect(mac["UILaunchScreen"] == nil)
    #expect(mac["UIStatusBarStyle"] == nil)
    let any = try project.effectiveInfoPlist(target: "WhisperAX", configuration: "Release")
    #expect(any.platformName == nil)  // SDKROOT = auto
    #expect(any.conditionalVariants.count == 8)
  }
}
