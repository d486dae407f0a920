import PlistBundle
import PlistCore

/// What the purpose-string rules share: which keys are purpose strings, the purpose values of a
/// file, the pages they cite, and the base Info.plist a localised file belongs to.
enum PurposeStrings {
  /// UIKit's "Requesting access to protected resources": the four validity checks, ITMS-90683.
  static let requestingAccess = AppleSource(
    title: "Requesting access to protected resources",
    url: "https://developer.apple.com/documentation/uikit/requesting-access-to-protected-resources")

  /// HIG › Privacy, "Requesting permission": how to write a purpose string.
  static let hig = AppleSource(
    title: "Human Interface Guidelines: Privacy",
    url: "https://developer.apple.com/design/human-interface-guidelines/privacy")

  /// The archived page on Info.plist files: localising values with `InfoPlist.strings`, and
  /// that bundle look-ups match file names by case.
  static let aboutInfoPlistFiles = AppleSource(
    title: "About Information Property List Files",
    url: "https://developer.apple.com/library/archive/documentation/General/Reference/"
      + "InfoPlistKeyReference/Articles/AboutInformationPropertyListFiles.html")

  /// True when `key` is a purpose string: the catalog says so, or its name ends in
  /// `UsageDescription` (so the rules work before the catalog lists every key).
  static func isPurposeKey(_ key: String) -> Bool {
    key.hasSuffix("UsageDescription") || KnownKeys.entry(key)?.isPurposeString == true
  }

  /// True when `key` holds a dictionary of purpose strings
  /// (`NSLocationTemporaryUsageDescriptionDictionary`, `NSIdentityUsageDescriptionDictionary`).
  static func isPurposeDictionaryKey(_ key: String) -> Bool {
    key.hasSuffix("UsageDescriptionDictionary")
  }

  /// The kinds Apple documents for a purpose key: the catalog's, else a dictionary for the
  /// `…UsageDescriptionDictionary` keys, else a string.
  static func expectedKinds(_ key: String) -> [PlistKind] {
    if let types = KnownKeys.entry(key)?.types, !types.isEmpty { return types }
    return isPurposeDictionaryKey(key) ? [.dictionary] : [.string]
  }

  /// One purpose-string value in a file.
  struct Value {
    /// The Info.plist key it belongs to (for a dictionary entry, the dictionary's key).
    var key: String
    /// Where it is.
    var path: KeyPath
    /// The text.
    var text: String
  }

  /// The string values of purpose keys at the root of `subject` (and the string entries of
  /// purpose dictionaries), in file order.
  static func values(in subject: LintSubject) -> [Value] {
    guard let root = subject.dictionary else { return [] }
    var values: [Value] = []
    for entry in root.entries {
      let path = KeyPath.root.appending(key: entry.key)
      if isPurposeKey(entry.key), let text = entry.node.value.stringValue {
        values.append(Value(key: entry.key, path: path, text: text))
      } else if isPurposeDictionaryKey(entry.key),
        let dictionary = entry.node.value.dictionaryValue
      {
        for item in dictionary.entries {
          guard let text = item.node.value.stringValue else { continue }
          values.append(Value(key: entry.key, path: path.appending(key: item.key), text: text))
        }
      }
    }
    return values
  }

  /// True when `text` is empty or only whitespace (newlines and Unicode spaces included).
  static func isBlank(_ text: String) -> Bool {
    // A printable ASCII first byte answers without a Unicode property lookup.
    if let first = text.utf8.first, first > 0x20, first < 0x7F { return false }
    return text.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
  }

  /// True when `text` holds a build-setting reference (`$(VAR)` or `${VAR}`).
  static func hasPlaceholder(_ text: String) -> Bool {
    text.hasBuildSettingPlaceholder
  }

  /// The keys the Info.plist `info` defines, with the `INFOPLIST_KEY_*` settings a project
  /// target sets only under an SDK condition (they count as present).
  static func definedKeys(_ info: PlistDictionary, bundle: BundleNode?) -> Set<String> {
    var keys = Set(info.keys)
    for variant in bundle?.effectiveInfoPlist?.conditionalVariants ?? [] {
      keys.insert(variant.key)
    }
    return keys
  }

  /// The Info.plist a localised `InfoPlist.strings` belongs to, with its bundle.
  ///
  /// In a built bundle that is the bundle's own Info.plist. In a project the strings file lies
  /// outside the targets, so it is the target whose `INFOPLIST_FILE` sits in the nearest folder
  /// above the strings file; nil when no target's, or more than one, does.
  static func baseInfoPlist(for subject: LintSubject) -> (PlistDictionary, BundleNode)? {
    if let bundle = subject.bundle {
      return bundle.infoPlist.map { ($0, bundle) }
    }
    guard let input = subject.input else { return nil }
    var best: (depth: Int, info: PlistDictionary, bundle: BundleNode)?
    for bundle in input.allBundles {
      guard let info = bundle.infoPlist,
        let source = bundle.effectiveInfoPlist?.sourceFile?.path
      else { continue }
      let folder = source.split(separator: "/").dropLast().joined(separator: "/")
      guard folder.isEmpty || subject.path.hasPrefix(folder + "/") else { continue }
      let depth = folder.isEmpty ? 0 : folder.split(separator: "/").count
      if let current = best, current.depth == depth {
        // Two targets share the folder: the file may serve either, so only a key that
        // neither defines is certain.
        var merged = current.info
        for entry in info.entries where merged[entry.key] == nil {
          merged.set(entry.key, entry.node)
        }
        best = (depth, merged, current.bundle)
      } else if best.map({ depth > $0.depth }) ?? true {
        best = (depth, info, bundle)
      }
    }
    return best.map { ($0.info, $0.bundle) }
  }
}
