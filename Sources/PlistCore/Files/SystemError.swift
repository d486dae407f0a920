import Glibc

/// An operating-system error number (`errno`), with its text.
package struct SystemError: Error, Sendable, Equatable {
  /// The `errno` value, such as `ENOSPC`.
  package var code: Int32

  /// Creates the error for `code`.
  package init(_ code: Int32) { self.code = code }

  /// The C library's text for the code, such as "No space left on device".
  package var text: String { String(cString: strerror(code)) }
}
