import PlistBundle
import PlistCore

extension PurposeStringEvidence {
  /// One sign that the app reaches a protected resource: the table row it matches, the words
  /// that say what showed it ("the background mode location shows the app"), and the key path
  /// of the Info.plist value that showed it, when one did.
  struct Seen {
    var row: Row
    var evidence: String
    var path: KeyPath?
  }

  /// Every sign `info` and `bundle` give, in the tables' order.
  ///
  /// That is background modes and other
  /// Info.plist keys, the entitlements (files and code signatures), and, in a built bundle, the
  /// imported APIs and linked frameworks of the executables the bundle answers for
  /// (`PurposeStringUses`: one sign per key and executable, its first API reference, else its
  /// first linked framework). `missing_purpose_string` and `blank_purpose_string` both read it.
  static func seen(
    info: PlistDictionary?, bundle: BundleNode?, context: LintContext
  ) -> [Seen] {
    var found: [Seen] = []
    if let info {
      for (index, mode) in (info["UIBackgroundModes"]?.value.arrayValue ?? []).enumerated() {
        guard let name = mode.value.stringValue else { continue }
        for (evidence, row) in backgroundModes where evidence == name {
          found.append(
            Seen(
              row: row, evidence: "the background mode \(name) shows the app",
              path: KeyPath.root.appending(key: "UIBackgroundModes").appending(index: index)))
        }
      }
      for (key, row) in infoKeys where info[key] != nil {
        found.append(
          Seen(row: row, evidence: "\(key) shows the app", path: KeyPath.root.appending(key: key)))
      }
    }
    guard let bundle else { return found }
    return found + entitlementSigns(bundle) + executableSigns(bundle, context)
  }

  /// The signs the bundle's entitlements files and code-signature entitlements give.
  private static func entitlementSigns(_ bundle: BundleNode) -> [Seen] {
    var sources: [PlistDictionary] = bundle.files.compactMap { file in
      guard file.role == .entitlements || file.role == .signedEntitlements else { return nil }
      return file.document?.root.value.dictionaryValue
    }
    for slice in bundle.executable?.slices ?? [] {
      if let signed = slice.codeSignature?.entitlements?.value.dictionaryValue {
        sources.append(signed)
      }
    }
    return entitlements.compactMap { entitlement, value, row in
      sources.contains { grants($0[entitlement], value: value) }
        ? Seen(row: row, evidence: "the entitlement \(entitlement)", path: nil) : nil
    }
  }

  /// The signs the executables the bundle answers for give, in a built bundle.
  private static func executableSigns(_ bundle: BundleNode, _ context: LintContext) -> [Seen] {
    guard context.isBuilt else { return [] }
    var signs: [Seen] = []
    var reported: Set<[String]> = []
    let uses = PurposeStringUses.uses(in: bundle, platforms: context.platforms)
    let ordered =
      uses.filter { $0.strength == .apiReference } + uses.filter { $0.strength != .apiReference }
    for use in ordered where reported.insert([use.key, use.executable]).inserted {
      let evidence: String
      switch use.strength {
      case .apiReference:
        let source =
          use.sources.isEmpty ? "" : ", read from \(use.sources.joined(separator: " and "))"
        evidence =
          "\(use.executable) (\(use.architecture)) imports \(use.evidence) (\(use.api)\(source)), "
          + "so the app"
      case .linkedFramework:
        evidence = "\(use.executable) (\(use.architecture)) links \(use.api), so the app"
      }
      signs.append(Seen(row: use.row, evidence: evidence, path: nil))
    }
    return signs
  }

  /// True when an entitlement's value grants something.
  ///
  /// That is `true`, a non-empty string, or an array holding `value` (any item when `value` is
  /// nil). False means absent.
  static func grants(_ node: PlistNode?, value: String?) -> Bool {
    switch node?.value {
    case .boolean(let on): return on && value == nil
    case .string(let text): return value.map { $0 == text } ?? !text.isEmpty
    case .array(let items):
      guard let value else { return !items.isEmpty }
      return items.contains { $0.value.stringValue == value }
    default: return false
    }
  }
}
