import PlistCore

/// What a single file given on its own is for, told from its name and, when the name says
/// nothing, from its content; with the reason, so every report can say why a file was linted as
/// it was.
///
/// Names first, as Xcode names these files: `*.entitlements`, `*.xcprivacy`, `InfoPlist.strings`,
/// a name ending in `Info.plist` (`Info.plist`, `App-Info.plist`), `*.xcconfig`,
/// `project.pbxproj`, `Contents.json` in an `.appiconset` folder, `icon.json` in an `.icon`
/// folder. Then the content of a property list's root dictionary, for names such as
/// `MyApp-Release.plist` or `Info-iOS.plist`:
///
/// - an Info.plist has `CFBundle*` keys (Apple's "Information Property List" page lists
///   `CFBundleIdentifier`, `CFBundleVersion`, … as the bundle's identity keys);
/// - a privacy manifest has only `NSPrivacy*` keys ("Privacy manifest files");
/// - an entitlements file has only entitlement keys: `com.apple.*` keys and the bare keys Apple
///   documents as entitlements (`application-identifier`, `aps-environment`,
///   `keychain-access-groups`, `get-task-allow`, `beta-reports-active`).
///
/// A file that is none of these stays a plain property list, and the reason says so.
package enum FileRoleInference {
  /// The bare keys Apple documents as entitlements, besides the `com.apple.` family.
  static let bareEntitlementKeys: Set<String> = [
    "application-identifier", "aps-environment", "keychain-access-groups", "get-task-allow",
    "beta-reports-active", "inter-app-audio", "associated-appclip-app-identifiers",
  ]

  /// The most keys a reason names.
  static let namedKeys = 3

  /// The role of a file from its path alone, and why.
  ///
  /// - Parameter path: the file's path as given (its last two components are read).
  /// - Returns: the role and the reason, or nil when the name says nothing.
  package static func role(ofName path: String) -> (role: FileRole, reason: String)? {
    let components = path.split(separator: "/", omittingEmptySubsequences: true)
    let name = components.last.map(String.init) ?? path
    let lower = name.lowercased()
    let folder = components.dropLast().last?.lowercased() ?? ""
    if lower == "contents.json", folder.hasSuffix(".appiconset") {
      return (.appIconSet, "it is the Contents.json of an .appiconset folder")
    }
    if lower == "icon.json", folder.hasSuffix(".icon") {
      return (.iconComposer, "it is the icon.json of an Icon Composer .icon folder")
    }
    if lower.hasSuffix(".entitlements") {
      return (.entitlements, "its name ends in .entitlements")
    }
    if lower.hasSuffix(".xcprivacy") {
      return (.privacyManifest, "its name ends in .xcprivacy")
    }
    if lower == "infoplist.strings" { return (.infoPlistStrings, "it is named InfoPlist.strings") }
    if lower.hasSuffix("info.plist") {
      return (.infoPlist, "its name ends in Info.plist")
    }
    if lower.hasSuffix(".xcconfig") {
      return (.buildConfiguration, "its name ends in .xcconfig")
    }
    if lower == "project.pbxproj" { return (.projectFile, "it is named project.pbxproj") }
    return nil
  }

  /// The role of a property list from the keys of its root, and why.
  ///
  /// - Returns: the role and the reason, or nil when the content marks none.
  package static func role(ofContent document: PlistDocument) -> (role: FileRole, reason: String)? {
    guard let root = document.root.value.dictionaryValue, !root.isEmpty else { return nil }
    let keys = root.keys
    let bundleKeys = keys.filter { $0.hasPrefix("CFBundle") }
    let infoKeys = keys.filter {
      $0.hasPrefix("CFBundle") || ($0.hasPrefix("NS") && $0.hasSuffix("UsageDescription"))
    }
    if document.format == .ascii, !infoKeys.isEmpty,
      root.entries.allSatisfy({ $0.node.value.stringValue != nil })
    {
      // A .strings file of Info.plist keys: the translations of a localised InfoPlist.strings.
      return (
        .infoPlistStrings,
        "it is a strings file of Info.plist keys (\(named(infoKeys))), as InfoPlist.strings is"
      )
    }
    if !bundleKeys.isEmpty {
      return (.infoPlist, "its root has CFBundle* keys (\(named(bundleKeys)))")
    }
    if keys.allSatisfy({ $0.hasPrefix("NSPrivacy") }) {
      return (.privacyManifest, "its root has only NSPrivacy* keys (\(named(keys)))")
    }
    if keys.allSatisfy({ $0.hasPrefix("com.apple.") || bareEntitlementKeys.contains($0) }) {
      return (.entitlements, "its root has only entitlement keys (\(named(keys)))")
    }
    return nil
  }

  /// The role of the file at `path` with `document` (nil when it did not parse), and why:
  /// the name first, then the content, else a plain property list with the reason.
  package static func role(
    path: String, document: PlistDocument?
  ) -> (role: FileRole, reason: String) {
    if let named = role(ofName: path) { return named }
    if let document, let found = role(ofContent: document) { return found }
    return (
      .propertyList,
      "neither its name nor its keys mark it as an Info.plist, entitlements or privacy "
        + "manifest; give --role to lint it as one"
    )
  }

  /// Up to `namedKeys` keys, then how many more.
  private static func named(_ keys: [String]) -> String {
    var unique: [String] = []
    for key in keys where !unique.contains(key) { unique.append(key) }
    let shown = unique.prefix(namedKeys).joined(separator: ", ")
    return unique.count > namedKeys ? shown + " and \(unique.count - namedKeys) more" : shown
  }
}
