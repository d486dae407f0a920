/// How the findings list is ordered.
package enum FindingsOrder: String, Sendable, Hashable {
  /// Errors first, then warnings, then notes; in tree order within each.
  case severity
  /// In tree order: the files as the tree shows them (an app's own files, then its nested
  /// bundles), rows top to bottom; findings with no row last.
  case file
}
