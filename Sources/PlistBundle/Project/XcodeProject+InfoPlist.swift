import Foundation
import PlistCore

extension XcodeProject {
  /// The largest Info.plist or entitlements file read, in bytes.
  package static let maxPlistBytes = 8 << 20

  /// The effective Info.plist of `target` in `configuration`, for `sdk` (see
  /// `EffectiveInfoPlist` for the rules).
  ///
  /// - Parameters:
  ///   - target: the target's name.
  ///   - configuration: the configuration's name.
  ///   - sdk: the SDK (`iphoneos`, `macosx14.0`) that picks `[sdk=…]` settings; nil reports them
  ///     in `conditionalVariants` instead.
  /// - Returns: the Info.plist, with its issues.
  /// - Throws: `BundleError` of kind `.notFound` for an unknown target or configuration; file
  ///   problems are `issues` of the result.
  package func effectiveInfoPlist(
    target: String, configuration: String, sdk: String? = nil
  )
    throws(BundleError) -> EffectiveInfoPlist
  {
    let settings = try settings(target: target, configuration: configuration)
    let product = self.target(named: target)
    var builder = InfoPlistBuilder(
      project: self, settings: settings, sdk: sdk,
      isApplication: product?.isApplication ?? false)
    return builder.build(target: target)
  }

  /// The path in the tree a setting's expanded path names: relative paths are taken from
  /// `SRCROOT`; nil for absolute paths outside the tree or paths that climb out of it.
  package func treePath(forSettingPath text: String) -> String? {
    var path = text
    if path.hasPrefix("./") { path.removeFirst(2) }
    if !sourceRoot.isEmpty, path.hasPrefix(sourceRoot + "/") {
      return ProjectPaths.normalize(path)
    }
    return ProjectPaths.normalize(ProjectPaths.join(sourceRoot, path))
  }
}

private struct InfoPlistBuilder {
  let project: XcodeProject
  let settings: BuildSettings
  let sdk: String?
  let isApplication: Bool
  var entries: [EffectiveInfoPlistEntry] = []
  var issues: [BundleError] = []
  var unreadSource: EffectiveInfoPlist.UnreadSource?

  init(project: XcodeProject, settings: BuildSettings, sdk: String?, isApplication: Bool) {
    self.project = project
    self.settings = settings
    self.sdk = sdk
    self.isApplication = isApplication
  }

  /// Keys whose empty string values Xcode drops.
  static let elided: Set<String> = [
    "CFBundleDevelopmentRegion", "CFBundleExecutable", "CFBundleGetInfoString",
    "CFBundleIconFile", "CFBundleIdentifier", "CFBundleName", "CFBundlePackageType",
    "CFBundleResourceSpecification", "CFBundleShortVersionString", "CFBundleSignature",
    "CFBundleTypeIconFile", "CFBundleTypeRole", "CFBundleVersion", "NSDocumentClass",
    "NSHelpFile", "NSHumanReadableCopyright", "NSMainNibFile", "NSPrincipalClass",
    "NSStickerSharingLevel", "BuildMachineOSBuild", "DTSwiftPlaygroundsBuild",
    "DTSwiftPlaygroundsVersion", "DTXcode", "DTXcodeBuild",
  ]

  /// Platform families, for the platform rules.
  static func family(_ platform: String?) -> String? {
    switch platform {
    case "iphoneos", "iphonesimulator": "iOS"
    case "macosx": "macOS"
    case "appletvos", "appletvsimulator": "tvOS"
    case "watchos", "watchsimulator": "watchOS"
    case "xros", "xrsimulator": "xrOS"
    default: nil
    }
  }

  mutating func build(target: String) -> EffectiveInfoPlist {
    issues = settings.issues
    let platform =
      BuildContext(configuration: settings.configuration, sdk: sdk).sdkPlatformName
      ?? settings.string("SDKROOT").flatMap {
        BuildContext(configuration: settings.configuration, sdk: $0).sdkPlatformName
      }.flatMap { XcodeBuiltins.platformNames.contains($0) ? $0 : nil }
    let sourceFile = readInfoPlistFile()
    let generated = settings.bool("GENERATE_INFOPLIST_FILE", sdk: sdk)
    var variants: [ConditionalInfoPlistVariant] = []
    var ignored: [String] = []
    if generated {
      mergeGenerated(platform: platform)
      variants = conditionalVariants()
      let known = Set(InfoPlistKeySetting.all.map(\.settingName))
        .union(InfoPlistKeySetting.generationSettings.map(\.setting))
      ignored = settings.names.filter { $0.hasPrefix("INFOPLIST_KEY_") && !known.contains($0) }
    }
    if settings.string("INFOPLIST_EXPAND_BUILD_SETTINGS", sdk: sdk).map(BuildSettings.isTrue)
      ?? true
    {
      for i in entries.indices where entries[i].isFromFile {
        var unresolved: [String] = []
        entries[i].node = expand(entries[i].node, unresolved: &unresolved)
        for name in unresolved where !entries[i].unresolved.contains(name) {
          entries[i].unresolved.append(name)
        }
      }
    }
    entries.removeAll { Self.elided.contains($0.key) && $0.node.value.stringValue == "" }
    setDeviceFamily(platform: platform)
    let removed = removeUnsupported(platform: platform)
    return EffectiveInfoPlist(
      target: target, configuration: settings.configuration, sdk: sdk, platformName: platform,
      sourceFile: sourceFile, isGenerated: generated, entries: entries,
      conditionalVariants: variants, ignoredSettings: ignored, removed: removed, issues: issues,
      unreadSource: unreadSource)
  }

  /// Reads `INFOPLIST_FILE` into `entries`; a file that is set but does not read is kept in
  /// `unreadSource` as well as in `issues`.
  mutating func readInfoPlistFile() -> EffectiveInfoPlist.SourceFile? {
    guard let value = settings.value(of: "INFOPLIST_FILE", sdk: sdk), !value.text.isEmpty
    else { return nil }
    let definition = settings.definition(of: "INFOPLIST_FILE", sdk: sdk)
    let origin = definition?.origin.path
    let setting = NamingSetting(
      name: "INFOPLIST_FILE", origin: definition?.origin ?? SettingOrigin(level: .builtin, path: "")
    )
    func fail(_ path: String, _ problem: BundleError) -> EffectiveInfoPlist.SourceFile? {
      issues.append(problem)
      unreadSource = EffectiveInfoPlist.UnreadSource(
        path: path, setting: setting, problem: problem)
      return nil
    }
    guard value.isResolved, let path = project.treePath(forSettingPath: value.text) else {
      return fail(
        value.text,
        BundleError(
          .notFound, "INFOPLIST_FILE \(value.text) does not name a file in the project folder",
          path: origin))
    }
    guard project.files.entry(at: path) != nil else {
      return fail(
        path, BundleError(.notFound, "INFOPLIST_FILE names \(path), which is missing", path: origin)
      )
    }
    let document: PlistDocument
    do {
      let bytes = try project.files.contents(of: path, limit: XcodeProject.maxPlistBytes)
      document = try PlistReader.read(bytes: bytes, file: path)
    } catch let error as BundleError {
      return fail(path, error.at(path))
    } catch let error as PlistError {
      return fail(path, BundleError(error, path: path))
    } catch {
      return nil
    }
    guard let dict = document.root.value.dictionaryValue else {
      // It reads, so it is no unread source; the issue says what is wrong with it.
      issues.append(BundleError(.malformed, "expected a dictionary at the top level", path: path))
      return nil
    }
    entries = dict.entries.map { e in
      EffectiveInfoPlistEntry(
        key: e.key, node: e.node, source: .file(path: path, location: e.keyLocation),
        mergedFrom: [], unresolved: [])
    }
    return EffectiveInfoPlist.SourceFile(path: path, document: document)
  }

  /// The typed value of an `INFOPLIST_KEY_*` text.
  static func typed(_ text: String, _ type: InfoPlistKeySetting.ValueType) -> PlistValue {
    switch type {
    case .string: .string(text)
    case .boolean: .boolean(BuildSettings.isTrue(text))
    case .stringList: .array(InfoPlistKeySetting.words(text).map { PlistNode(.string($0)) })
    }
  }

  /// Merges the generated keys into `entries`.
  mutating func mergeGenerated(platform: String?) {
    for item in InfoPlistKeySetting.all {
      guard let a = settings.definition(of: item.settingName, sdk: sdk),
        let v = settings.value(of: item.settingName, sdk: sdk)
      else { continue }
      merge(
        item.key, Self.typed(v.text, item.type), .buildSetting(name: a.name, origin: a.origin),
        v.unresolved)
    }
    for (key, setting) in InfoPlistKeySetting.standardKeys {
      guard let a = settings.definition(of: setting, sdk: sdk),
        let v = settings.value(of: setting, sdk: sdk), a.origin.level != .builtin || !v.text.isEmpty
      else { continue }
      merge(key, .string(v.text), .buildSetting(name: a.name, origin: a.origin), v.unresolved)
    }
    merge("CFBundleInfoDictionaryVersion", .string("6.0"), .generated, [])
    if ["iOS", "tvOS"].contains(Self.family(platform)), isApplication {
      merge("LSRequiresIPhoneOS", .boolean(true), .generated, [])
    }
    for (setting, key) in InfoPlistKeySetting.generationSettings {
      guard let a = settings.definition(of: setting, sdk: sdk), settings.bool(setting, sdk: sdk)
      else { continue }
      merge(
        key, InfoPlistKeySetting.generatedValue(forKey: key),
        .buildSetting(name: a.name, origin: a.origin), [])
    }
  }

  /// Merges one generated value, as swift-build's `addAdditionalContent` does.
  mutating func merge(
    _ key: String, _ value: PlistValue, _ source: InfoPlistValueSource, _ unresolved: [String]
  ) {
    guard let i = entries.firstIndex(where: { $0.key == key }) else {
      entries.append(
        EffectiveInfoPlistEntry(
          key: key, node: PlistNode(value), source: source, mergedFrom: [],
          unresolved: unresolved))
      return
    }
    let old = entries[i]
    var merged: PlistValue
    switch (old.node.value, value) {
    case (.array(let a), .array(let b)):
      merged = .array(a + b.filter { !a.contains($0) })
    case (.dictionary(var a), .dictionary(let b)):
      for e in b.entries { a.set(e.key, e.node) }
      merged = .dictionary(a)
    case (let a, let b) where a.childCount == nil && b.childCount == nil:
      merged = b
      entries[i] = EffectiveInfoPlistEntry(
        key: key, node: PlistNode(merged), source: source, mergedFrom: [],
        unresolved: unresolved)
      return
    default:
      issues.append(
        BundleError(
          .malformed,
          "\(key) is \(old.node.value.kind.rawValue) in the Info.plist file but the build "
            + "settings give a \(value.kind.rawValue); expected the same kind", path: nil))
      return
    }
    entries[i] = EffectiveInfoPlistEntry(
      key: key, node: PlistNode(merged, location: old.node.location), source: source,
      mergedFrom: old.mergedFrom + [old.source], unresolved: old.unresolved + unresolved)
  }

  /// The SDK-conditional `INFOPLIST_KEY_*` assignments the requested SDK did not decide.
  func conditionalVariants() -> [ConditionalInfoPlistVariant] {
    guard sdk == nil else { return [] }
    var out: [ConditionalInfoPlistVariant] = []
    let generation = Dictionary(
      uniqueKeysWithValues: InfoPlistKeySetting.generationSettings.map { ($0.setting, $0.key) })
    let plain = Dictionary(
      uniqueKeysWithValues: InfoPlistKeySetting.all.map { ($0.settingName, $0) })
    for a in settings.assignments
    where a.conditions.contains(where: { $0.key == "sdk" }) && a.name.hasPrefix("INFOPLIST_KEY_") {
      let text = settings.expand(a.value).text
      if let key = generation[a.name] {
        guard BuildSettings.isTrue(text) else { continue }
        out.append(
          ConditionalInfoPlistVariant(
            key: key, node: PlistNode(InfoPlistKeySetting.generatedValue(forKey: key)),
            setting: a.name, conditions: a.conditions, origin: a.origin))
      } else if let item = plain[a.name] {
        out.append(
          ConditionalInfoPlistVariant(
            key: item.key, node: PlistNode(Self.typed(text, item.type)), setting: a.name,
            conditions: a.conditions, origin: a.origin))
      }
    }
    return out
  }

  /// Expands the strings of a file value, recursively, keeping locations.
  func expand(_ node: PlistNode, unresolved: inout [String]) -> PlistNode {
    var copy = node
    switch node.value {
    case .string(let s) where s.contains("$"):
      let v = settings.expand(s, sdk: sdk)
      for name in v.unresolved where !unresolved.contains(name) { unresolved.append(name) }
      copy.value = .string(v.text)
    case .array(let items):
      copy.value = .array(items.map { expand($0, unresolved: &unresolved) })
    case .dictionary(var dict):
      for i in dict.entries.indices {
        dict.entries[i].node = expand(dict.entries[i].node, unresolved: &unresolved)
      }
      copy.value = .dictionary(dict)
    default: break
    }
    return copy
  }

  /// Sets `UIDeviceFamily` from `TARGETED_DEVICE_FAMILY`.
  mutating func setDeviceFamily(platform: String?) {
    guard let a = settings.definition(of: "TARGETED_DEVICE_FAMILY", sdk: sdk),
      let text = settings.string("TARGETED_DEVICE_FAMILY", sdk: sdk), !text.isEmpty
    else { return }
    let allowed: Set<Int>? =
      switch Self.family(platform) {
      case "iOS": [1, 2]
      case "tvOS": [3]
      case "watchOS": [4]
      case "xrOS": [7]
      case "macOS": []
      default: nil
      }
    let families = Set(
      text.split(whereSeparator: { $0 == "," || $0.isWhitespace }).compactMap { Int($0) }
    ).filter { allowed?.contains($0) ?? true }.sorted()
    guard !families.isEmpty else { return }
    let value = PlistValue.array(families.map { PlistNode(.integer(PlistInteger($0))) })
    let source = InfoPlistValueSource.buildSetting(name: a.name, origin: a.origin)
    if let i = entries.firstIndex(where: { $0.key == "UIDeviceFamily" }) {
      entries[i].mergedFrom.append(entries[i].source)
      entries[i].node = PlistNode(value)
      entries[i].source = source
    } else {
      entries.append(
        EffectiveInfoPlistEntry(
          key: "UIDeviceFamily", node: PlistNode(value), source: source, mergedFrom: [],
          unresolved: []))
    }
  }

  /// Removes keys the platform does not support, as swift-build's `editPlatformSpecificEntries`.
  mutating func removeUnsupported(platform: String?) -> [(key: String, reason: String)] {
    guard let family = Self.family(platform) else { return [] }
    let onlyOn: [String: Set<String>] = [
      "LSBackgroundOnly": ["macOS"], "LSUIElement": ["macOS"], "NSDocumentClass": ["macOS"],
      "NSServices": ["macOS"], "NSSupportsAutomaticTermination": ["macOS"],
      "NSSupportsSuddenTermination": ["macOS"],
      "LSApplicationCategoryType": ["macOS", "iOS", "tvOS"],
    ]
    var removed: [(key: String, reason: String)] = []
    entries.removeAll { e in
      if e.key == "LSRequiresIPhoneOS", family == "macOS" || family == "watchOS" {
        removed.append((e.key, "not supported on \(family)"))
        return true
      }
      if let platforms = onlyOn[e.key], !platforms.contains(family) {
        removed.append((e.key, "only supported on " + platforms.sorted().joined(separator: ", ")))
        return true
      }
      return false
    }
    return removed
  }
}

extension EffectiveInfoPlistEntry {
  var isFromFile: Bool {
    if case .file = source { return true }
    return mergedFrom.contains { if case .file = $0 { true } else { false } }
  }
}
