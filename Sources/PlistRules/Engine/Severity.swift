/// How serious a finding is (DESIGN.md, "PlistRules").
///
/// - `error`: App Store Connect rejects the upload, App Review rejects the app, or the app
///   crashes.
/// - `warning`: deprecated, ignored, breaks in a coming OS, or suspicious.
/// - `note`: Apple recommends it.
package enum Severity: String, Sendable, Hashable, CaseIterable, Comparable, Codable {
  case note
  case warning
  case error

  package static func < (lhs: Severity, rhs: Severity) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }
}

/// The areas rules are grouped in, each with its folder under `Rules/` (the release checks of
/// `infoscope diff`, `comparison`, under `Compare/Rules/`).
package enum RuleCategory: String, Sendable, Hashable, CaseIterable, Codable {
  case structure = "Structure"
  case identity = "Identity"
  case privacy = "Privacy"
  case orientation = "Orientation"
  case capabilities = "Capabilities"
  case transportSecurity = "TransportSecurity"
  case entitlements = "Entitlements"
  case icons = "Icons"
  case privacyManifest = "PrivacyManifest"
  case executables = "Executables"
  case comparison = "Comparison"
}

/// The Apple page a rule rests on.
package struct AppleSource: Sendable, Hashable, Codable {
  /// The page's title.
  package var title: String
  /// Its https URL on developer.apple.com (or Apple's help pages).
  package var url: String

  /// Creates a source.
  package init(title: String, url: String) {
    self.title = title
    self.url = url
  }
}
