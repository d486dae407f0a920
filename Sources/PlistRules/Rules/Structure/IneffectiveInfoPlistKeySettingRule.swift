import PlistBundle
import PlistCore

/// An `INFOPLIST_KEY_*` build setting in a configuration that does not generate its Info.plist
/// (`GENERATE_INFOPLIST_FILE` is `NO` or not set): Xcode never writes the key.
struct IneffectiveInfoPlistKeySettingRule: Rule {
  static let description = RuleDescription(
    identifier: "ineffective_infoplist_key_setting",
    name: "Ineffective INFOPLIST_KEY Setting",
    severity: .warning,
    category: .structure,
    appliesTo: [.projectFile],
    summary: "An INFOPLIST_KEY_* build setting is in a configuration that does not generate "
      + "its Info.plist, so the key never reaches the bundle",
    rationale: """
      Xcode's build-settings reference describes the `INFOPLIST_KEY_*` settings as values for
      the Info.plist it generates, and it generates one only when `GENERATE_INFOPLIST_FILE` is
      enabled (swift-build adds these keys to the processed Info.plist under the same
      condition). With the setting `NO`, the key is not written: the effective Info.plist
      infoscope shows for the target already leaves it out. A configuration that does not set
      `GENERATE_INFOPLIST_FILE` at all gets Xcode's default; Apple's reference gives no default
      value, Xcode's templates set the setting explicitly, so that case is a note. The finding
      is on the setting's line in `project.pbxproj`; a project-level setting is reported only
      when no target that inherits it generates its Info.plist. A configuration whose
      `.xcconfig` could set `GENERATE_INFOPLIST_FILE` is skipped when the project file alone
      does not decide it. Either move the key into the target's Info.plist file or turn on
      `GENERATE_INFOPLIST_FILE`.
      """,
    appleSource: AppleSource(
      title: "Build settings reference: Generate Info.plist File",
      url: "https://developer.apple.com/documentation/xcode/build-settings-reference"),
    nonTriggering: [
      RuleExample(
        project(target: [
          "GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_CFBundleDisplayName": "A",
        ]),
        role: .projectFile),
      RuleExample(
        project(
          target: ["INFOPLIST_KEY_CFBundleDisplayName": "A"],
          projectSettings: ["GENERATE_INFOPLIST_FILE": "YES"]),
        role: .projectFile),
      RuleExample(
        project(target: ["INFOPLIST_KEY_CFBundleDisplayName": "A"], targetXCConfig: true),
        role: .projectFile),
      RuleExample(
        project(target: ["GENERATE_INFOPLIST_FILE": "NO", "INFOPLIST_FILE": "App/Info.plist"]),
        role: .projectFile),
    ],
    triggering: [
      RuleExample(
        project(
          target: [
            "GENERATE_INFOPLIST_FILE": "NO", "INFOPLIST_KEY_CFBundleDisplayName": "A",
            "INFOPLIST_KEY_UISupportedInterfaceOrientations[sdk=iphoneos*]":
              "UIInterfaceOrientationPortrait",
          ]),
        role: .projectFile,
        expect: [
          "objects.T1.buildSettings.INFOPLIST_KEY_CFBundleDisplayName",
          "objects.T1.buildSettings.\"INFOPLIST_KEY_UISupportedInterfaceOrientations[sdk=iphoneos*]\"",
        ], severity: .warning),
      RuleExample(
        project(target: ["INFOPLIST_KEY_NSHumanReadableCopyright": "(c) Example"]),
        role: .projectFile,
        expect: ["objects.T1.buildSettings.INFOPLIST_KEY_NSHumanReadableCopyright"],
        severity: .note),
      RuleExample(
        project(
          target: ["GENERATE_INFOPLIST_FILE": "NO"],
          projectSettings: ["INFOPLIST_KEY_LSApplicationCategoryType": "public.app-category.news"]
        ),
        role: .projectFile,
        expect: ["objects.P1.buildSettings.INFOPLIST_KEY_LSApplicationCategoryType"]),
    ])

  /// A `project.pbxproj` tree with one target and one configuration (`Release`), for examples.
  static func project(
    target: KeyValuePairs<String, String>, projectSettings: KeyValuePairs<String, String> = [:],
    targetXCConfig: Bool = false
  ) -> KeyValuePairs<String, PlistNode> {
    func settings(_ pairs: KeyValuePairs<String, String>) -> PlistNode {
      PlistNode(
        .dictionary(
          PlistDictionary(pairs.map { PlistEntry(key: $0.key, node: PlistNode(.string($0.value))) })
        ))
    }
    var targetConfiguration: [PlistEntry] = [
      PlistEntry(key: "isa", node: "XCBuildConfiguration"),
      PlistEntry(key: "name", node: "Release"),
      PlistEntry(key: "buildSettings", node: settings(target)),
    ]
    if targetXCConfig {
      targetConfiguration.append(PlistEntry(key: "baseConfigurationReference", node: "X1"))
    }
    let objects: [PlistEntry] = [
      PlistEntry(
        key: "R1",
        node: [
          "isa": "PBXProject", "buildConfigurationList": "PL", "targets": ["N1"],
        ]),
      PlistEntry(key: "PL", node: ["isa": "XCConfigurationList", "buildConfigurations": ["P1"]]),
      PlistEntry(
        key: "P1",
        node: [
          "isa": "XCBuildConfiguration", "name": "Release",
          "buildSettings": settings(projectSettings),
        ]),
      PlistEntry(
        key: "N1",
        node: [
          "isa": "PBXNativeTarget", "name": "App", "buildConfigurationList": "TL",
          "productType": "com.apple.product-type.application",
        ]),
      PlistEntry(key: "TL", node: ["isa": "XCConfigurationList", "buildConfigurations": ["T1"]]),
      PlistEntry(key: "T1", node: PlistNode(.dictionary(PlistDictionary(targetConfiguration)))),
    ]
    return [
      "archiveVersion": "1", "objectVersion": "77",
      "objects": PlistNode(.dictionary(PlistDictionary(objects))), "rootObject": "R1",
    ]
  }

  /// What a configuration says about `GENERATE_INFOPLIST_FILE`.
  private enum Generation {
    case yes
    /// Set to `NO` (or another false value) in the project file.
    case no
    /// Set nowhere in the project file, and no `.xcconfig` could set it.
    case unset
    /// An `.xcconfig`, a condition or a `$(VAR)` leaves it open.
    case unknown
  }

  /// One `XCBuildConfiguration` of the project file.
  private struct Configuration {
    var id: String
    var name: String
    var settings: PlistDictionary
    var hasXCConfig: Bool
  }

  func check(_ subject: LintSubject) -> [Finding] {
    guard let root = subject.dictionary, let objects = root["objects"]?.value.dictionaryValue,
      let rootID = root["rootObject"]?.value.stringValue,
      let project = objects[rootID]?.value.dictionaryValue
    else { return [] }
    func configurations(_ listID: String?) -> [Configuration] {
      guard let listID, let list = objects[listID]?.value.dictionaryValue,
        let ids = list["buildConfigurations"]?.value.arrayValue
      else { return [] }
      return ids.compactMap { item in
        guard let id = item.value.stringValue, let object = objects[id]?.value.dictionaryValue,
          let name = object["name"]?.value.stringValue
        else { return nil }
        let hasXCConfig =
          object["baseConfigurationReference"] != nil
          || object["baseConfigurationReferenceAnchor"] != nil
        return Configuration(
          id: id, name: name,
          settings: object["buildSettings"]?.value.dictionaryValue ?? PlistDictionary([]),
          hasXCConfig: hasXCConfig)
      }
    }
    let projectConfigurations = configurations(project["buildConfigurationList"]?.value.stringValue)
    var findings: [Finding] = []
    // Project-level settings: ineffective only if no inheriting target generates its Info.plist.
    var projectUse: [String: [Generation]] = [:]
    for item in project["targets"]?.value.arrayValue ?? [] {
      guard let id = item.value.stringValue, let target = objects[id]?.value.dictionaryValue,
        target["productType"] != nil
      else { continue }
      for configuration in configurations(target["buildConfigurationList"]?.value.stringValue) {
        let level = projectConfigurations.first { $0.name == configuration.name }
        var generation = Self.generation(configuration, project: level)
        if generation == .unknown, let name = target["name"]?.value.stringValue {
          generation = Self.resolved(subject, target: name, configuration: configuration.name)
        }
        projectUse[configuration.name, default: []].append(generation)
        guard generation == .no || generation == .unset else { continue }
        findings += Self.findings(
          subject, configuration, generation: generation,
          scope: "target \(target["name"]?.value.stringValue ?? id)")
      }
    }
    for configuration in projectConfigurations {
      guard let uses = projectUse[configuration.name], !uses.isEmpty,
        uses.allSatisfy({ $0 == .no || $0 == .unset })
      else { continue }
      findings += Self.findings(
        subject, configuration, generation: uses.contains(.unset) ? .unset : .no,
        scope: "the project (no target generates its Info.plist)")
    }
    return findings
  }

  /// The configuration's `GENERATE_INFOPLIST_FILE`, the target's over the project's.
  private static func generation(_ target: Configuration, project: Configuration?) -> Generation {
    let levels = [target] + (project.map { [$0] } ?? [])
    for level in levels {
      let keys = level.settings.keys
      if keys.contains(where: { $0.hasPrefix("GENERATE_INFOPLIST_FILE[") }) { return .unknown }
      if let value = level.settings["GENERATE_INFOPLIST_FILE"]?.value.stringValue {
        if Placeholder.contains(value) { return .unknown }
        return BuildSettings.isTrue(value) ? .yes : .no
      }
      // Its .xcconfig sits below the level's own settings: it may set the value.
      if level.hasXCConfig { return .unknown }
    }
    return .unset
  }

  /// `GENERATE_INFOPLIST_FILE` as the loaded project resolves it, `.xcconfig` files included,
  /// when the input is the project and every file its settings name could be read; else
  /// `.unknown`.
  private static func resolved(
    _ subject: LintSubject, target: String, configuration: String
  ) -> Generation {
    guard
      let project = subject.input?.projects.first(where: { $0.projectFilePath == subject.path }),
      let settings = try? project.settings(target: target, configuration: configuration),
      settings.issues.isEmpty,
      settings.conditionalAssignments(of: "GENERATE_INFOPLIST_FILE").isEmpty
    else { return .unknown }
    guard let value = settings.value(of: "GENERATE_INFOPLIST_FILE") else { return .unset }
    guard value.isResolved else { return .unknown }
    return BuildSettings.isTrue(value.text) ? .yes : .no
  }

  /// The findings on the `INFOPLIST_KEY_*` settings of `configuration`.
  private static func findings(
    _ subject: LintSubject, _ configuration: Configuration, generation: Generation,
    scope: String
  ) -> [Finding] {
    configuration.settings.entries.filter { $0.key.hasPrefix("INFOPLIST_KEY_") }.map { entry in
      let path = KeyPath.root.appending(key: "objects").appending(key: configuration.id)
        .appending(key: "buildSettings").appending(key: entry.key)
      let message =
        generation == .no
        ? "\(entry.key) has no effect in the \(configuration.name) configuration of \(scope): "
          + "GENERATE_INFOPLIST_FILE is NO, so Xcode never writes the key (the effective "
          + "Info.plist leaves it out); put the key in the Info.plist file or set "
          + "GENERATE_INFOPLIST_FILE to YES"
        : "\(entry.key) likely has no effect in the \(configuration.name) configuration of "
          + "\(scope): the project file does not set GENERATE_INFOPLIST_FILE, and Xcode adds "
          + "INFOPLIST_KEY_ values only when it is YES (Apple's reference gives no default; "
          + "the effective Info.plist leaves the key out); set GENERATE_INFOPLIST_FILE to YES "
          + "or put the key in the Info.plist file"
      var finding = subject.finding(
        description, at: path, message,
        severity: generation == .no ? .warning : .note)
      finding.noFixReason =
        "project.pbxproj is an old-style ASCII property list, which infoscope only reads; "
        + "remove the setting in Xcode's build settings"
      return finding
    }
  }
}
