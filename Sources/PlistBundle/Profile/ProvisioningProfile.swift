import Foundation
import PlistCore

/// A provisioning profile (`embedded.mobileprovision` in iOS, tvOS, watchOS and visionOS apps,
/// `Contents/embedded.provisionprofile` in macOS apps): its property list and the facts a
/// reviewer reads from it.
///
/// A profile is "a property list wrapped within a Cryptographic Message Syntax (CMS)
/// signature" (TN3125: Inside Code Signing: Provisioning Profiles,
/// https://developer.apple.com/documentation/technotes/tn3125-inside-code-signing-provisioning-profiles).
/// `parse` unwraps it with OpenSSL's CMS decoder (see `CMSEnvelope`), never by searching the
/// bytes for `<?xml`, and reads the content with `PlistReader`.
///
/// **The signature is not verified.** That needs Apple's root certificate authority, which
/// Linux does not have; infoscope reports who signed the envelope (`signers`) and the
/// certificates' validity dates so a person can judge, and claims nothing more.
///
/// Apple warns that "the exact format of provisioning profiles isn't documented and could
/// change at any time" (TN3125, "Unpack a Profile"), so every fact below is optional and read
/// leniently: a key of the wrong type reads as absent, and rules can point at it through
/// `document`.
package struct ProvisioningProfile: Sendable {
  /// The profile's property list, with locations into its text (`infoscope print` shows it;
  /// findings point at its keys).
  package var document: PlistDocument
  /// The certificates that signed the CMS envelope (normally Apple's provisioning-profile
  /// signing certificate), unverified.
  package var signers: [CertificateSummary]
  /// Every certificate in the CMS envelope, signer and intermediates, unverified.
  package var envelopeCertificates: [CertificateSummary]

  /// `Name`: the name given to the profile on the developer website.
  package var name: String?
  /// `UUID`: the profile's identifier (`XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX`).
  package var uuid: String?
  /// `AppIDName`: the name of the App ID the profile is for.
  package var appIDName: String?
  /// `TeamIdentifier`: the team IDs (normally one, `SKMME9E2Y8`); empty when absent.
  package var teamIdentifiers: [String]
  /// `TeamName`: the team's name.
  package var teamName: String?
  /// `ApplicationIdentifierPrefix`: the App ID prefixes; empty when absent.
  package var applicationIdentifierPrefixes: [String]
  /// `Platform`, as written (`iOS`, `xrOS`, `visionOS`, `OSX`, `tvOS`, `watchOS`).
  package var platformNames: [String]
  /// `CreationDate`.
  package var creationDate: PlistDate?
  /// `ExpirationDate`: after it the profile no longer authorizes anything ("The When").
  package var expirationDate: PlistDate?
  /// `Entitlements`: the dictionary node, the allowlist of entitlements the signed code may
  /// claim ("The How"); nil when absent or not a dictionary.
  package var entitlements: PlistNode?
  /// `ProvisionedDevices`: the device IDs the profile authorizes ("The Where"); nil when the
  /// key is absent (App Store, Developer ID and enterprise profiles).
  package var provisionedDevices: [String]?
  /// `ProvisionsAllDevices`: true for Developer ID and In-House (enterprise) profiles, which
  /// "apply to all devices"; false when absent.
  package var provisionsAllDevices: Bool
  /// `IsXcodeManaged`: true for profiles Xcode's automatic signing made.
  package var isXcodeManaged: Bool?
  /// `DeveloperCertificates`: each certificate that may sign code under the profile ("The
  /// Who"), read with OpenSSL; an entry that is not a DER certificate has a `problem`.
  package var developerCertificates: [CertificateSummary]

  /// Unwraps and reads a provisioning profile.
  ///
  /// - Parameters:
  ///   - bytes: the whole file (DER, as the developer website serves it).
  ///   - path: the file's path inside the input, for errors.
  /// - Returns: the profile, its signature unchecked.
  /// - Throws: `BundleError` `.malformed` when the bytes are not a CMS signed envelope with
  ///   embedded content (OpenSSL's reason in the message) or the content is not a dictionary;
  ///   `.plist` (with the `PlistError`) when the content is not a property list;
  ///   `.limitExceeded` above `CMSEnvelope.maxBytes`.
  package static func parse(
    _ bytes: [UInt8], path: String
  ) throws(BundleError)
    -> ProvisioningProfile
  {
    let envelope = try CMSEnvelope.decode(bytes, path: path)
    let document: PlistDocument
    do {
      document = try PlistReader.read(bytes: envelope.content, file: path)
    } catch {
      throw BundleError(error, path: path)
    }
    guard case .dictionary(let root) = document.root.value else {
      throw BundleError(
        .malformed,
        "the profile's content is \(withArticle(document.root.value.kind)), expected a dictionary",
        path: path)
    }
    return ProvisioningProfile(document: document, root: root, envelope: envelope)
  }

  /// Reads the facts from a profile's root dictionary.
  private init(document: PlistDocument, root: PlistDictionary, envelope: CMSEnvelope) {
    func string(_ key: String) -> String? { root[key]?.value.stringValue }
    func strings(_ key: String) -> [String]? {
      root[key]?.value.arrayValue?.compactMap { $0.value.stringValue }
    }
    func date(_ key: String) -> PlistDate? {
      if case .date(let d)? = root[key]?.value { return d }
      return nil
    }
    self.document = document
    signers = envelope.signers
    envelopeCertificates = envelope.certificates
    name = string("Name")
    uuid = string("UUID")
    appIDName = string("AppIDName")
    teamIdentifiers = strings("TeamIdentifier") ?? []
    teamName = string("TeamName")
    applicationIdentifierPrefixes = strings("ApplicationIdentifierPrefix") ?? []
    platformNames = strings("Platform") ?? []
    creationDate = date("CreationDate")
    expirationDate = date("ExpirationDate")
    entitlements = root["Entitlements"].flatMap { $0.value.dictionaryValue == nil ? nil : $0 }
    provisionedDevices = strings("ProvisionedDevices")
    provisionsAllDevices = root["ProvisionsAllDevices"]?.value.boolValue ?? false
    isXcodeManaged = root["IsXcodeManaged"]?.value.boolValue
    developerCertificates = (root["DeveloperCertificates"]?.value.arrayValue ?? []).map { node in
      guard case .data(let der) = node.value else {
        return CertificateSummary(
          commonName: nil, notBefore: nil, notAfter: nil,
          problem: "\(withArticle(node.value.kind)), expected data holding a DER certificate")
      }
      return CertificateSummary(der: [UInt8](der))
    }
  }

  /// The number of `ProvisionedDevices` (0 when the key is absent).
  package var provisionedDeviceCount: Int { provisionedDevices?.count ?? 0 }

  /// The number of `DeveloperCertificates`.
  package var developerCertificateCount: Int { developerCertificates.count }

  /// The platforms of `platformNames` that map to a `Platform`, in order, without repeats.
  ///
  /// Profiles write `iOS`, `OSX`, `xrOS` (and `visionOS`), `tvOS` and `watchOS`; the SDK names
  /// `Platform(platformName:)` knows are accepted too. Unknown names are left out (they stay in
  /// `platformNames`).
  package var platforms: [Platform] {
    var result: [Platform] = []
    for name in platformNames {
      let platform: Platform?
      switch name.lowercased() {
      case "ios": platform = .iOS
      case "osx": platform = .macOS
      case "tvos": platform = .tvOS
      default: platform = Platform(platformName: name)
      }
      if let platform, !result.contains(platform) { result.append(platform) }
    }
    return result
  }

  /// True when the profile is for macOS (its `Platform` names `OSX`), so it is embedded as
  /// `Contents/embedded.provisionprofile` (TN3125, "Profile Location").
  package var isForMac: Bool { platforms.contains(.macOS) }

  /// The `get-task-allow` entitlement of the profile's allowlist: `get-task-allow` on iOS and
  /// its relatives, `com.apple.security.get-task-allow` on macOS (TN3125, "Entitlements on
  /// macOS"); nil when neither is a boolean.
  package var getTaskAllow: Bool? {
    guard let dict = entitlements?.value.dictionaryValue else { return nil }
    return dict["get-task-allow"]?.value.boolValue
      ?? dict["com.apple.security.get-task-allow"]?.value.boolValue
  }

  /// True when `ExpirationDate` is at or before `date`; false when the profile has none.
  ///
  /// - Parameter date: the instant to judge at (tests pass a fixed one; the CLI passes now).
  /// - Returns: whether the profile no longer authorizes anything at `date`.
  package func isExpired(at date: PlistDate) -> Bool {
    guard let expirationDate else { return false }
    return expirationDate <= date
  }
}

/// The kind's name with its indefinite article: `an array`, `a string`.
private func withArticle(_ kind: PlistKind) -> String {
  (kind == .array || kind == .integer ? "an " : "a ") + kind.rawValue
}
