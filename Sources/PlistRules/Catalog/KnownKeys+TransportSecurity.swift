import PlistBundle
import PlistCore

extension KnownKeys {
  /// App Transport Security and its sub-keys
  /// (https://developer.apple.com/documentation/bundleresources/information-property-list/nsapptransportsecurity).
  static let transportSecurity: [KnownKey] = [
    KnownKey(
      "NSAppTransportSecurity", display: "App Transport Security Settings", types: [.dictionary],
      platforms: [.iOS: "9.0", .iPadOS: "9.0", .macOS: "10.11", .visionOS: "1.0"],
      summary: "Loosens or tightens App Transport Security; every sub-key is optional",
      url: infoPage + "nsapptransportsecurity"),
    KnownKey(
      "NSAllowsArbitraryLoads", display: "Allow Arbitrary Loads", types: [.boolean],
      platforms: [.iOS: "9.0", .macOS: "10.11", .visionOS: "1.0"],
      within: ["NSAppTransportSecurity"],
      summary: "Turns App Transport Security off for domains not listed; review asks why",
      url: infoPage + "nsapptransportsecurity/nsallowsarbitraryloads"),
    KnownKey(
      "NSAllowsArbitraryLoadsForMedia", display: "Allow Arbitrary Loads for Media",
      types: [.boolean], platforms: [.iOS: "10.0", .macOS: "10.12"],
      within: ["NSAppTransportSecurity"],
      summary: "Lets AV Foundation load media without App Transport Security",
      url: infoPage + "nsapptransportsecurity/nsallowsarbitraryloadsformedia"),
    KnownKey(
      "NSAllowsArbitraryLoadsInWebContent", display: "Allow Arbitrary Loads in Web Content",
      types: [.boolean], platforms: [.iOS: "10.0", .macOS: "10.12"],
      within: ["NSAppTransportSecurity"],
      summary: "Lets web views load content without App Transport Security",
      url: infoPage + "nsapptransportsecurity/nsallowsarbitraryloadsinwebcontent"),
    KnownKey(
      "NSAllowsLocalNetworking", display: "Allows Local Networking", types: [.boolean],
      platforms: [.iOS: "10.0", .macOS: "10.12"], within: ["NSAppTransportSecurity"],
      summary: "Allows plain connections to local hosts, .local names and IP addresses",
      url: infoPage + "nsapptransportsecurity/nsallowslocalnetworking"),
    KnownKey(
      "NSExceptionDomains", display: "Exception Domains", types: [.dictionary],
      platforms: [.iOS: "9.0", .macOS: "10.11"], within: ["NSAppTransportSecurity"],
      childKeysAreNames: true,
      summary: "Per-domain App Transport Security settings, keyed by lower-case domain name",
      url: infoPage + "nsapptransportsecurity/nsexceptiondomains"),
    KnownKey(
      "NSPinnedDomains", types: [.dictionary], platforms: [.iOS: "14.0", .macOS: "11.0"],
      within: ["NSAppTransportSecurity"], childKeysAreNames: true,
      note: "Page derived from the key name, not opened",
      summary: "Pins the certificate authorities or leaf keys trusted for chosen domains",
      url: infoPage + "nsapptransportsecurity/nspinneddomains"),
    KnownKey(
      "NSIncludesSubdomains", display: "Include Subdomains", types: [.boolean],
      platforms: [.iOS: "9.0"], within: ["NSExceptionDomains", "NSPinnedDomains"],
      summary: "Applies a domain's settings to its subdomains one level down",
      url: infoPage + "nsincludessubdomains"),
    KnownKey(
      "NSExceptionAllowsInsecureHTTPLoads", display: "Allow Insecure HTTP Loads", types: [.boolean],
      platforms: [.iOS: "9.0"], within: ["NSExceptionDomains"],
      summary: "Allows plain HTTP for the domain; review asks why",
      url: infoPage + "nsexceptionallowsinsecurehttploads"),
    KnownKey(
      "NSExceptionMinimumTLSVersion", display: "Minimum TLS Version", types: [.string],
      platforms: [.iOS: "9.0"], allowedValues: ["TLSv1.0", "TLSv1.1", "TLSv1.2", "TLSv1.3"],
      closedValues: true, within: ["NSExceptionDomains"],
      summary: "The lowest TLS version accepted for the domain (TLSv1.2 by default)",
      url: infoPage + "nsexceptionminimumtlsversion"),
    KnownKey(
      "NSExceptionRequiresForwardSecrecy", display: "Requires Forward Secrecy", types: [.boolean],
      platforms: [.iOS: "9.0"], within: ["NSExceptionDomains"],
      summary: "Set to NO to accept ciphers without forward secrecy for the domain",
      url: infoPage + "nsexceptionrequiresforwardsecrecy"),
    KnownKey(
      "NSRequiresCertificateTransparency", types: [.boolean], platforms: [.iOS: "9.0"],
      deprecations: [.init("")], within: ["NSExceptionDomains"],
      summary: "Asked for certificate transparency, which the system now always enforces",
      url: infoPage + "nsrequirescertificatetransparency"),
    KnownKey(
      "NSExceptionRequiresNIAPTLSPackageVersion", types: [.string], within: ["NSExceptionDomains"],
      note: "Path as linked from the NSExceptionDomains page, not opened",
      summary: "The NIAP TLS package version required for the domain",
      url: infoPage + "nsexceptionrequiresniaptlspackageversion"),
    KnownKey(
      "NSPinnedCAIdentities", types: [.array], platforms: [.iOS: "14.0", .macOS: "11.0"],
      within: ["NSPinnedDomains"],
      summary: "The certificate-authority public keys pinned for a domain",
      url: infoPage + "nspinnedcaidentities"),
    KnownKey(
      "NSPinnedLeafIdentities", types: [.array], platforms: [.iOS: "14.0", .macOS: "11.0"],
      within: ["NSPinnedDomains"], summary: "The leaf-certificate public keys pinned for a domain",
      url: infoPage + "nspinnedleafidentities"),
  ]
}
