/// Every rule, explicitly: Swift on Linux cannot list the types that conform to a protocol, so
/// `RuleCatalogTests` checks that this list holds exactly one entry per `*Rule.swift` file.
///
/// Each area keeps its own list (`Rules/<Area>/<Area>Rules.swift`) so areas can grow apart.
package enum RuleCatalog {
  /// The rule types, area by area (each area's list is in `Rules/<Area>/<Area>Rules.swift`).
  package static let all: [any Rule.Type] =
    structure + identity + privacy + orientation + capabilities + transportSecurity
    + entitlements + icons + privacyManifest + executables

  /// The rule type with `identifier` (or an alias of it), or nil.
  package static func rule(_ identifier: String) -> (any Rule.Type)? {
    all.first {
      $0.description.identifier == identifier
        || $0.description.deprecatedAliases.contains(identifier)
    }
  }
}
