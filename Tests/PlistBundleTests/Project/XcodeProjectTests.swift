import PlistBundle
import PlistCore
import Testing

@Suite struct XcodeProjectTests {
  let project: XcodeProject

  init() throws {
    project = try XcodeProject.load(
      projectPath: "Fixture.xcodeproj", files: XcodeProjectFixture.tree)
  }

  func plist(
    _ target: String = "My App", _ config: String = "Debug", sdk: String?
  ) throws
    -> EffectiveInfoPlist
  {
    try project.effectiveInfoPlist(target: target, configuration: config, sdk: sdk)
  }

  @Test func readsTargetsAndConfigurations() throws {
    #expect(project.name == "Fixture")
    #expect(project.objectVersion == "77")
    #expect(project.developmentRegion == "fr")
    #expect(project.configurationNames == ["Debug", "Release"])
    #expect(project.targets.map(\.name) == ["My App", "Widget"])
    #expect(
      project.targets.map(\.productType) == [
        "com.apple.product-type.application", "com.apple.product-type.app-extension",
      ])
    #expect(project.targets[0].productName == "MyApp")
    #expect(project.targets[0].configurationNames == ["Debug", "Release"])
    #expect(project.targets[1].configurationNames == ["Debug"])
    #expect(project.issues.isEmpty)
    #expect(try XcodeProject.projects(in: XcodeProjectFixture.tree) == ["Fixture.xcodeproj"])
  }

  @Test func resolvesLevelsInXcodeOrderWithInherited() throws {
    let s = try project.settings(target: "My App", configuration: "Debug")
    #expect(s.string("OTHER_SWIFT_FLAGS") == "-DSHARED -DBASE -DPROJECT -DAPP -DTARGET")
    // A setting that names itself takes the lower level's value, as $(inherited) does.
    #expect(s.string("DEVELOPMENT_TEAM") == "ABCDE12345")
    let marketing = try #require(s.definition(of: "MARKETING_VERSION"))
    #expect(s.string("MARKETING_VERSION") == "2.3.4")
    #expect(
      marketing.origin
        == SettingOrigin(level: .projectXCConfig, path: "Config/Base.xcconfig", line: 4))
    #expect(
      s.definition(of: "CURRENT_PROJECT_VERSION")?.origin.description == "Config/App.xcconfig:2")
    let team = try #require(s.definition(of: "DEVELOPMENT_TEAM"))
    #expect(team.origin.level == .target)
    #expect(team.origin.path == "Fixture.xcodeproj/project.pbxproj")
    #expect(team.origin.line == 24)
    #expect(s.issues.isEmpty)  // the missing include is #include?, so silent
  }

  @Test func expandsBuiltinsAndOperators() throws {
    let s = try project.settings(target: "My App", configuration: "Debug")
    #expect(s.string("PRODUCT_NAME") == "My App")
    #expect(s.string("EXECUTABLE_NAME") == "My App")
    #expect(s.string("PRODUCT_MODULE_NAME") == "My_App")
    #expect(s.string("MODULE") == "my_app")
    #expect(s.string("PRODUCT_BUNDLE_IDENTIFIER") == "com.example.My-App")
    #expect(s.string("FALLBACK") == "fallback")
    #expect(s.string("PLATFORM_NAME") == "iphoneos")
    #expect(s.string("PLATFORM_NAME", sdk: "macosx14.0") == "macosx")
    #expect(s.string("SRCROOT") == ".")
    #expect(s.string("CONFIGURATION") == "Debug")
    #expect(s.string("PRODUCT_BUNDLE_PACKAGE_TYPE") == "APPL")
    #expect(s.string("FULL_PRODUCT_NAME") == "My App.app")
    let widget = try #require(s.value(of: "WIDGET_ID"))
    #expect(widget.text == "com.example.My-App.$(UNDEFINED_THING)")
    #expect(widget.unresolved == ["UNDEFINED_THING"])
    #expect(s.string("NOT_SET") == nil)
  }

  @Test func appliesConfigConditions() throws {
    let release = try project.settings(target: "My App", configuration: "Release")
    #expect(release.string("MARKETING_VERSION") == "9.9")
    #expect(release.string("PRODUCT_NAME") == "Other")
    #expect(release.string("OTHER_SWIFT_FLAGS") == "-DSHARED -DBASE")
  }

  @Test func mergesInfoPlistFileWithGeneratedKeys() throws {
    let p = try plist(sdk: "iphoneos")
    #expect(p.sourceFile?.path == "App/Info.plist")
    #expect(p.isGenerated)
    #expect(p.platformName == "iphoneos")
    #expect(
      p.entries.map(\.key) == [
        "CFBundleExecutable", "NSCameraUsageDescription", "UISupportedInterfaceOrientations",
        "WidgetID", "UIDeviceFamily", "UIStatusBarStyle", "UISupportedInterfaceOrientations~ipad",
        "CFBundleName", "CFBundleVersion", "CFBundleDevelopmentRegion", "CFBundleIdentifier",
        "CFBundlePackageType", "CFBundleShortVersionString", "CFBundleInfoDictionaryVersion",
        "LSRequiresIPhoneOS", "UILaunchScreen",
      ])
    func string(_ key: String) -> String? { p[key]?.node.value.stringValue }
    #expect(string("CFBundleExecutable") == "My App")
    #expect(string("NSCameraUsageDescription") == "Scan My App codes")
    #expect(string("CFBundleIdentifier") == "com.example.My-App")
    #expect(string("CFBundleShortVersionString") == "2.3.4")
    #expect(string("CFBundleVersion") == "42")
    #expect(string("CFBundleDevelopmentRegion") == "fr")
    #expect(string("CFBundlePackageType") == "APPL")
    #expect(string("CFBundleName") == "My App")
    #expect(string("CFBundleInfoDictionaryVersion") == "6.0")
    #expect(string("UIStatusBarStyle") == "UIStatusBarStyleLightContent")
    #expect(p["LSRequiresIPhoneOS"]?.node.value == .boolean(true))
    #expect(
      p["UISupportedInterfaceOrientations"]?.node.value
        == .array([
          PlistNode(.string("UIInterfaceOrientationPortrait")),
          PlistNode(.string("UIInterfaceOrientationLandscapeLeft")),
        ]))
    #expect(
      p["UISupportedInterfaceOrientations~ipad"]?.node.value
        == .array([PlistNode(.string("UIInterfaceOrientationPortrait"))]))
    #expect(
      p["UIDeviceFamily"]?.node.value
        == .array([PlistNode(.integer(PlistInteger(1))), PlistNode(.integer(PlistInteger(2)))]))
    #expect(
      p["UILaunchScreen"]?.node.value
        == .dictionary(
          PlistDictionary([PlistEntry(key: "UILaunchScreen", node: PlistNode(.dictionary(.init())))]
          )))
    #expect(p["NSHumanReadableCopyright"] == nil)  // empty, elided as Xcode does
    #expect(p["LSUIElement"] == nil)
    #expect(p.removed.map(\.key) == ["LSUIElement"])
    #expect(p.removed.map(\.reason) == ["only supported on macOS"])
    #expect(p.ignoredSettings == ["INFOPLIST_KEY_MadeUp"])
    #expect(p.conditionalVariants.isEmpty)
    #expect(p.issues.isEmpty)
  }

  @Test func recordsWhereEachValueCameFrom() throws {
    let p = try plist(sdk: "iphoneos")
    let widget = try #require(p["WidgetID"])
    #expect(widget.node.value.stringValue == "com.example.My-App.$(UNDEFINED_THING)")
    #expect(widget.unresolved == ["UNDEFINED_THING"])
    guard case .file(let path, let location) = widget.source else {
      Issue.record("expected the file as source, got \(widget.source)")
      return
    }
    #expect(path == "App/Info.plist")
    #expect(location.line == 13)
    guard
      case .buildSetting(let name, let origin) = try #require(p["NSCameraUsageDescription"]).source
    else {
      Issue.record("expected a build setting as source")
      return
    }
    #expect(name == "INFOPLIST_KEY_NSCameraUsageDescription")
    #expect(origin.description == "Fixture.xcodeproj/project.pbxproj:30")
    guard case .buildSetting(let v, let vOrigin) = try #require(p["CFBundleVersion"]).source else {
      Issue.record("expected a build setting as source")
      return
    }
    #expect(v == "CURRENT_PROJECT_VERSION")
    #expect(vOrigin.description == "Config/App.xcconfig:2")
    let orientations = try #require(p["UISupportedInterfaceOrientations"])
    #expect(orientations.mergedFrom.count == 1)
    if case .file(_, let loc) = orientations.mergedFrom.first { #expect(loc.line == 9) }
    guard case .buildSetting(let exe, let exeOrigin) = try #require(p["CFBundleExecutable"]).source
    else { return }
    #expect(exe == "EXECUTABLE_NAME")
    #expect(exeOrigin.level == .builtin)
    #expect(p["CFBundleInfoDictionaryVersion"]?.source == .generated)
  }

  @Test func sdkConditionalKeysFollowTheSDK() throws {
    let mac = try plist(sdk: "macosx")
    #expect(mac["UILaunchScreen"] == nil)
    #expect(mac["UIStatusBarStyle"] == nil)
    #expect(mac["LSRequiresIPhoneOS"] == nil)
    #expect(mac["LSUIElement"]?.node.value == .boolean(true))
    #expect(mac["UIDeviceFamily"]?.node.value == .array([PlistNode(.integer(PlistInteger(1)))]))
    #expect(mac.platformName == "macosx")

    let any = try plist(sdk: nil)
    #expect(any["UILaunchScreen"] == nil)
    #expect(any["UIStatusBarStyle"] == nil)
    #expect(any.platformName == "iphoneos")  // from SDKROOT
    #expect(any.conditionalVariants.map(\.key) == ["UIStatusBarStyle", "UILaunchScreen"])
    #expect(
      any.conditionalVariants.map(\.setting) == [
        "INFOPLIST_KEY_UIStatusBarStyle", "INFOPLIST_KEY_UILaunchScreen_Generation",
      ])
    #expect(
      any.conditionalVariants.map { $0.conditions.description } == [
        "[[sdk=iphoneos*]]", "[[sdk=iphoneos*]]",
      ])
    #expect(any.conditionalVariants[0].node.value == .string("UIStatusBarStyleLightContent"))
    #expect(any.conditionalVariants[0].origin.description == "Config/Base.xcconfig:6")
  }

  @Test func reportsMissingFilesOnTheirConfiguration() throws {
    let release = try plist("My App", "Release", sdk: "iphoneos")
    #expect(release.entries.isEmpty)
    #expect(!release.isGenerated)
    #expect(release.issues.map(\.kind) == [.notFound])
    #expect(
      release.issues.first?.message == "INFOPLIST_FILE names App/Missing.plist, which is missing")

    let widget = try plist("Widget", "Debug", sdk: "iphoneos")
    #expect(widget.issues.map(\.path) == ["Fixture.xcodeproj/project.pbxproj"])
    // The line of the configuration's baseConfigurationReference in the fixture.
    #expect(widget.issues.map(\.line) == [51])
    #expect(widget.issues.first?.message == "the configuration file Gone.xcconfig is missing")
    #expect(widget["CFBundlePackageType"]?.node.value == .string("XPC!"))
    #expect(widget["CFBundleName"]?.node.value == .string("Widget"))
    #expect(widget["CFBundleShortVersionString"]?.node.value == .string("2.3.4"))
    #expect(widget["CFBundleVersion"] == nil)
    #expect(widget["LSRequiresIPhoneOS"] == nil)

    #expect(throws: BundleError.self) {
      try project.effectiveInfoPlist(target: "Nope", configuration: "Debug")
    }
    #expect(throws: BundleError.self) {
      try project.effectiveInfoPlist(target: "Widget", configuration: "Release")
    }
  }

  @Test func reportsKeySettings() throws {
    let k = try project.keySettings(target: "My App", configuration: "Debug")
    #expect(k.entitlements?.text == "./App/App.entitlements")
    #expect(k.entitlementsPath == "App/App.entitlements")
    #expect(k.marketingVersion?.text == "2.3.4")
    #expect(k.currentProjectVersion?.text == "42")
    #expect(k.bundleIdentifier?.text == "com.example.My-App")
    #expect(k.sdkroot?.text == "iphoneos")
    #expect(k.supportedPlatforms == ["iphoneos", "iphonesimulator", "macosx"])
    #expect(k.targetedDeviceFamily?.text == "1,2")
    #expect(k.deploymentTargets.mapValues(\.text) == ["IPHONEOS_DEPLOYMENT_TARGET": "17.0"])
  }

  @Test func rejectsWhatIsNotAProject() {
    let tree = MemoryFileTree(["X.xcodeproj/project.pbxproj": "{ objects = {}; }"])
    #expect(
      throws: BundleError(
        .malformed, "expected rootObject to name a PBXProject object",
        path: "X.xcodeproj/project.pbxproj")
    ) {
      try XcodeProject.load(projectPath: "X.xcodeproj", files: tree)
    }
    let broken = MemoryFileTree(["X.xcodeproj/project.pbxproj": "{ objects = { "])
    #expect(
      performing: { try XcodeProject.load(projectPath: "X.xcodeproj", files: broken) },
      throws: { ($0 as? BundleError)?.kind == .plist })
  }
}
