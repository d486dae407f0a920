import PlistBundle
import PlistCore

/// What a version string is made of, for the `CFBundleShortVersionString` and `CFBundleVersion`
/// format rules.
enum VersionFormat: Equatable {
  /// Period-separated non-negative integers; the count of them.
  case integers(count: Int)
  /// Empty or blank.
  case empty
  /// Something else (letters, a suffix such as `-beta1`, an empty component).
  case invalid

  /// The format of `text`.
  init(_ text: String) {
    if text.allSatisfy({ $0 == " " || $0 == "\t" }) {
      self = .empty
      return
    }
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    let valid = parts.allSatisfy { part in
      !part.isEmpty && part.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }
    self = valid ? .integers(count: parts.count) : .invalid
  }

  /// The severity of a format error: an error, or a warning for a Mac app distributed outside
  /// the App Store, where App Store Connect's check does not run.
  static func errorSeverity(_ context: LintContext) -> Severity {
    guard context.isMacOnly, let distribution = context.distribution,
      distribution != .appStore
    else { return .error }
    return .warning
  }
}

extension Finding {
  /// The same finding without an ITMS code (a note about a value App Store Connect accepts).
  var withoutITMS: Finding {
    var copy = self
    copy.itms = nil
    return copy
  }
}
