/// How serious a finding is.
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
