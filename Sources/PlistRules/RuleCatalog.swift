import Foundation

/// Every rule, explicitly: Swift on Linux cannot list the types that conform to a protocol, so
/// `RuleCatalogTests` checks that this list holds exactly one entry per `*Rule.swift` file.
///
/// Each area keeps its own list (`Rules/<Area>/<Area>Rules.swift`) so areas can grow apart.
package enum RuleCatalog {
  /// The rule types, area by area (each area's list is in `Rules/<Area>/<Area>Rules.swift`).
  package static let all: [any Rule.Type] =
    structure + identity + privacy + orientation + capabilities + transportSecurity
    + entitlements + icons + privacyManifest

  /// The App Store Connect code `text` names (`ITMS-90474`, `itms-90474`, `ITMS 90474`,
  /// `90474`), in the form rules give it (`ITMS-90474`), or nil when it names none.
  package static func itmsCode(_ text: String) -> String? {
    var rest = Substring(text.trimmingCharacters(in: .whitespaces))
    if rest.lowercased().hasPrefix("itms") {
      rest = rest.dropFirst(4).drop { $0 == "-" || $0 == " " || $0 == "_" }
    }
    guard rest.count == 5, rest.allSatisfy(\.isASCII), rest.allSatisfy(\.isNumber) else {
      return nil
    }
    return "ITMS-" + rest
  }

  /// The rule types that anticipate the App Store Connect error `code` (`ITMS-90474`): their
  /// own code, or one their findings give or their rationale names, in catalog order.
  package static func rules(itms code: String) -> [any Rule.Type] {
    guard let code = itmsCode(code) else { return [] }
    let digits = code.dropFirst(5)
    return all.filter {
      let d = $0.description
      return d.itms?.contains(digits) == true || d.rationale?.contains(code) == true
        || d.summary.contains(code)
    }
  }

  /// The rule type with `identifier` (or an alias of it), or nil.
  package static func rule(_ identifier: String) -> (any Rule.Type)? {
    all.first {
      $0.description.identifier == identifier
        || $0.description.deprecatedAliases.contains(identifier)
    }
  }
}
