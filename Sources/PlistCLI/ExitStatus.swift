/// Exit statuses of the `infoscope` command, following `sysexits.h` as swift-argument-parser does.
package enum ExitStatus: Int32, Sendable {
  /// Success; for `lint`, no finding at or above the failure threshold.
  case success = 0
  /// `lint` found something at or above the failure threshold; for `print`, the key path names
  /// nothing (see `notFound`).
  case findings = 1
  /// Bad usage: unknown option, missing argument (`EX_USAGE`).
  case usage = 64
  /// The input could not be read or parsed (`EX_NOINPUT`).
  case noInput = 66
  /// Writing the output failed (`EX_CANTCREAT`).
  case cannotCreate = 73

  /// A key path that names no node: 1, as `plutil -extract` and `grep` answer "not there".
  package static let notFound = ExitStatus.findings
}
