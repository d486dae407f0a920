import PlistBundle
import PlistCore

/// A bundle's signed entitlements set against the `Entitlements` its embedded provisioning
/// profile grants, key by key: what the inspector shows beside the `entitlement_not_in_profile`
/// findings.
///
/// The verdicts follow the rule's comparison (`EntitlementNotInProfileRule.allows`): a string
/// must equal a granted string or match its trailing wildcard (`TEAMID.*`, `*`), each item of
/// an array must be granted, a true Boolean needs a true grant. Keys the code claims come first
/// in the signature's order, then the keys only the profile grants, in the profile's order.
package struct EntitlementsComparison: Sendable {
  /// How one key compares.
  package enum Verdict: String, Sendable, Hashable {
    /// The profile grants the claimed value.
    case granted = "granted"
    /// The code claims a key the profile does not have.
    case notInProfile = "not in the profile"
    /// The profile has the key but not the value claimed (or not every item).
    case valueNotGranted = "value not granted"
    /// The code claims the key as false, which is the same as not claiming it.
    case claimedFalse = "false, same as absent"
    /// A key macOS lets code claim without a profile (see `needsGrant`).
    case needsNoGrant = "needs no grant"
    /// The profile grants a key the code does not claim (normal: a profile grants what the
    /// App ID may use).
    case notClaimed = "granted, not claimed"

    /// True for the verdicts that mean the claim is refused.
    package var isRefused: Bool { self == .notInProfile || self == .valueNotGranted }
  }

  /// One key of either side.
  package struct Row: Sendable {
    /// The entitlement's key.
    package var key: String
    /// The value the code signature claims, or nil when only the profile has the key.
    package var signed: PlistNode?
    /// The value the profile grants, or nil when the profile does not have the key.
    package var profile: PlistNode?
    /// How they compare.
    package var verdict: Verdict
  }

  /// The rows, claimed keys first (each key once, the last value winning as in the
  /// property-list readers), then the keys only the profile has.
  package var rows: [Row]
  /// The profile's path in the input (`App.app/embedded.mobileprovision`).
  package var profilePath: String
  /// The profile's kind (development, ad hoc, App Store…), when its facts were read.
  package var profileKind: ProvisioningProfile.Kind?
  /// The profile's team identifier, when its facts were read.
  package var teamIdentifier: String?

  /// Compares `claimed` with the profile embedded in `bundle`; fails when the bundle has no
  /// readable provisioning profile.
  ///
  /// - Parameters:
  ///   - claimed: the signed entitlements' root dictionary.
  ///   - bundle: the bundle the executable belongs to.
  package init?(claimed: PlistDictionary, bundle: BundleNode) {
    guard let file = bundle.files.first(where: { $0.role == .provisioningProfile }),
      let granted = EntitlementNotInProfileRule.grants(in: bundle)?.value.dictionaryValue
    else { return nil }
    profilePath = file.path
    profileKind = file.profile?.kind
    teamIdentifier = file.profile?.teamIdentifiers.first
    rows = []
    var seen: Set<String> = []
    for key in claimed.keys where seen.insert(key).inserted {
      guard let node = claimed[key] else { continue }
      rows.append(
        Row(
          key: key, signed: node, profile: granted[key], verdict: Self.verdict(key, node, granted)))
    }
    for key in granted.keys where seen.insert(key).inserted {
      rows.append(Row(key: key, signed: nil, profile: granted[key], verdict: .notClaimed))
    }
  }

  /// The comparison for the signed entitlements file at `path`, found in `input`; fails when
  /// `path` is not a signed entitlements file with a dictionary root, or its bundle has no
  /// readable profile.
  package init?(signedEntitlementsAt path: String, in input: AppBundle) {
    guard
      let bundle = input.allBundles.first(where: { node in
        node.files.contains { $0.path == path && $0.role == .signedEntitlements }
      }),
      let claimed = bundle.files.first(where: { $0.path == path })?.document?.root.value
        .dictionaryValue
    else { return nil }
    self.init(claimed: claimed, bundle: bundle)
  }

  /// The row of `key`, if either side has it.
  package func row(_ key: String) -> Row? { rows.first { $0.key == key } }

  /// True when a signed entitlement must be granted by the profile: every key but the
  /// `com.apple.security.*` family macOS lets code claim without one (App Sandbox, hardened
  /// runtime exceptions), as `entitlement_not_in_profile` decides.
  package static func needsGrant(_ key: String) -> Bool {
    !key.hasPrefix("com.apple.security.")
  }

  private static func verdict(
    _ key: String, _ node: PlistNode, _ granted: PlistDictionary
  ) -> Verdict {
    if EntitlementFacts.isFalse(node) { return .claimedFalse }
    guard let grant = granted[key] else {
      return needsGrant(key) ? .notInProfile : .needsNoGrant
    }
    if case .array(let items) = node.value,
      grant.value.arrayValue != nil || grant.value.stringValue != nil
    {
      return items.allSatisfy { EntitlementNotInProfileRule.allows(grant, $0) }
        ? .granted : .valueNotGranted
    }
    return EntitlementNotInProfileRule.allows(grant, node) ? .granted : .valueNotGranted
  }
}
