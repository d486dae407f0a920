import PlistBundle
import PlistCore

/// Pages, paths and helpers the App Transport Security rules share
/// (https://developer.apple.com/documentation/bundleresources/information-property-list/nsapptransportsecurity).
enum TransportSecurity {
  /// The key of the App Transport Security dictionary.
  static let key = "NSAppTransportSecurity"
  /// The path of the App Transport Security dictionary.
  static let path = KeyPath.root.appending(key: key)
  /// The path of the exception-domain dictionary.
  static let domainsPath = path.appending(key: "NSExceptionDomains")
  /// The page of the App Transport Security dictionary.
  static let page = KnownKeys.infoPage + "nsapptransportsecurity"
  /// The page of `NSExceptionDomains`.
  static let domainsPage = page + "/nsexceptiondomains"

  /// The global keys that loosen App Transport Security when true (they make an exception
  /// domain meaningful even when it is empty, since listed domains keep full ATS).
  static let looseningKeys = [
    "NSAllowsArbitraryLoads", "NSAllowsArbitraryLoadsForMedia",
    "NSAllowsArbitraryLoadsInWebContent", "NSAllowsLocalNetworking",
  ]

  /// The keys whose mere presence makes iOS 10+ and macOS 10.12+ ignore
  /// `NSAllowsArbitraryLoads` (their pages: "with any value").
  static let overridingKeys = [
    "NSAllowsArbitraryLoadsInWebContent", "NSAllowsArbitraryLoadsForMedia",
    "NSAllowsLocalNetworking",
  ]

  /// The App Transport Security dictionary of an Info.plist, or nil.
  static func settings(_ subject: LintSubject) -> PlistDictionary? {
    subject.dictionary?[key]?.value.dictionaryValue
  }

  /// One entry of `NSExceptionDomains`.
  struct Domain {
    /// The name as written (a host name, IP address or CIDR range).
    var name: String
    /// Its path.
    var path: KeyPath
    /// Its exceptions, or nil when the value is not a dictionary.
    var exceptions: PlistDictionary?
  }

  /// The entries of `NSExceptionDomains`, in order (empty when there is none).
  static func domains(_ subject: LintSubject) -> [Domain] {
    guard let domains = settings(subject)?["NSExceptionDomains"]?.value.dictionaryValue else {
      return []
    }
    return domains.entries.map {
      Domain(
        name: $0.key, path: domainsPath.appending(key: $0.key),
        exceptions: $0.node.value.dictionaryValue)
    }
  }

  /// True for the ASCII digits 0–9 (`isNumber` accepts other scripts' digits too).
  private static func isDigit(_ character: Character) -> Bool { ("0"..."9").contains(character) }

  /// True when `name` is an IPv4 address (four decimal parts of 0–255).
  static func isIPv4(_ name: Substring) -> Bool {
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4
      && parts.allSatisfy { part in
        !part.isEmpty && part.count <= 3 && part.allSatisfy(isDigit)
          && (Int(part) ?? 256) <= 255
      }
  }

  /// True when `name` looks like an IPv6 address (hex digits and at least two colons, with an
  /// optional dotted IPv4 tail).
  static func isIPv6(_ name: Substring) -> Bool {
    let colons = name.filter { $0 == ":" }.count
    return colons >= 2 && name.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
  }

  /// True when `name` is an IP address or an IP range in CIDR notation (`10.0.0.0/8`), which
  /// `NSExceptionDomains` accepts from iOS 17 and macOS 14.
  static func isAddress(_ name: String) -> Bool {
    let pieces = name.split(separator: "/", omittingEmptySubsequences: false)
    guard pieces.count <= 2, let address = pieces.first else { return false }
    if pieces.count == 2 {
      let prefix = pieces[1]
      guard !prefix.isEmpty, prefix.count <= 3, prefix.allSatisfy(isDigit) else {
        return false
      }
    }
    return isIPv4(address) || isIPv6(address)
  }

  /// True when `domain` names only this device or the local network, which ATS already lets the
  /// app reach on iOS 10 and macOS 10.12 and later (`NSAllowsLocalNetworking`'s page):
  /// `localhost`, a loopback address, a `.local` name, or an unqualified name that does not
  /// include its subdomains (with them, a one-label name is a top-level domain such as `onion`).
  static func isLocal(_ domain: Domain) -> Bool {
    let name = domain.name.lowercased()
    if name == "localhost" || name == "127.0.0.1" || name == "::1" { return true }
    if name.hasSuffix(".local") { return true }
    let includesSubdomains = domain.exceptions?["NSIncludesSubdomains"]?.value.boolValue == true
    return !name.contains(".") && !name.contains(":") && !includesSubdomains
  }

  /// The key that makes the system ignore `NSAllowsArbitraryLoads` on every system the app
  /// supports, or nil: one of `overridingKeys` is present and the Info.plist states no
  /// deployment target below iOS 10 or macOS 10.12 (where the key still counts).
  static func arbitraryLoadsOverride(_ info: PlistDictionary) -> String? {
    guard let settings = info[key]?.value.dictionaryValue,
      let overriding = overridingKeys.first(where: { settings[$0] != nil })
    else { return nil }
    if let target = OSVersion.stated(in: info, key: "MinimumOSVersion"),
      let ten = OSVersion("10.0"), target < ten
    {
      return nil
    }
    if let target = OSVersion.stated(in: info, key: "LSMinimumSystemVersion"),
      let sierra = OSVersion("10.12"), target < sierra
    {
      return nil
    }
    return overriding
  }
}
