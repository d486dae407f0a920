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
