/// An error reading or writing a property list, with where it happened.
///
/// `description` has the form compilers use, `file:line:column: error: message`, so editors and
/// terminals can jump to it. For binary input, which has no lines, the position is a byte
/// offset: `file: error: message (at offset 0x1c)`.
package struct PlistError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, for callers that branch on it.
  package enum Kind: String, Sendable, Equatable {
    /// The bytes are none of the property-list formats.
    case unknownFormat
    /// The bytes claim a format but break its grammar or its structure.
    case malformed
    /// A value is valid syntax but out of its range (an integer beyond 64 bits, a date field).
    case outOfRange
    /// Input passes one of `PlistLimits`.
    case limitExceeded
    /// The text encoding is unknown or the bytes are not valid in it.
    case encoding
    /// Reading or writing the file failed.
    case io
    /// The value cannot be written in the requested format (a UID in XML, say).
    case unsupported
  }

  /// What went wrong.
  package var kind: Kind
  /// One sentence a person can act on, without a trailing period.
  package var message: String
  /// 1-based line, or 0 when the input has no lines (binary) or none applies.
  package var line: Int
  /// 1-based column in UTF-8 bytes, or 0.
  package var column: Int
  /// Byte offset in the input, when known.
  package var offset: Int?
  /// The file the bytes came from, when known; set by whoever knows it.
  package var file: String?

  /// Creates an error.
  package init(
    _ kind: Kind, _ message: String, line: Int = 0, column: Int = 0, offset: Int? = nil,
    file: String? = nil
  ) {
    self.kind = kind
    self.message = message
    self.line = line
    self.column = column
    self.offset = offset
    self.file = file
  }

  /// The same error, naming `file`.
  package func inFile(_ file: String?) -> PlistError {
    var copy = self
    copy.file = file
    return copy
  }

  /// `file:line:column: error: message`, leaving out what is unknown; without a line, the byte
  /// offset follows in parentheses unless the message already names one.
  package var description: String {
    var prefix = file ?? "<input>"
    if line > 0 {
      prefix += ":\(line):\(column)"
    }
    var text = "\(prefix): error: \(message)"
    if line == 0, let offset, !message.contains("offset 0x") {
      text += " (at offset 0x\(String(offset, radix: 16)))"
    }
    return text
  }
}

/// Caps on what one document read may hold, checked by every reader as it builds the tree;
/// passing one is a `PlistError` of kind `.limitExceeded` giving the limit's value in words.
///
/// The defaults are far above any real property list (a 100 MB document of the densest
/// syntax, one-letter ASCII strings, holds about 50 million values) and small enough that a
/// hostile file stops before it can exhaust memory. Tests pass smaller values.
package struct PlistReadLimits: Sendable, Hashable {
  /// The default most values (strings, numbers, containers, …) in one document: 2^26.
  ///
  /// That is 67,108,864; dictionary keys are part of their entry and not counted.
  package static let defaultMaxObjects = 1 << 26
  /// The default most UTF-8 bytes in one string or key: 256 MiB.
  package static let defaultMaxStringBytes = 256 << 20
  /// The default most bytes in one data value, once decoded: 256 MiB.
  package static let defaultMaxDataBytes = 256 << 20

  /// The defaults above.
  package static let standard = PlistReadLimits()

  /// The most values in one document.
  package var maxObjects: Int
  /// The most UTF-8 bytes in one string or dictionary key.
  package var maxStringBytes: Int
  /// The most decoded bytes in one data value.
  package var maxDataBytes: Int

  /// Creates limits, each defaulting to its `default…` constant.
  package init(
    maxObjects: Int = defaultMaxObjects, maxStringBytes: Int = defaultMaxStringBytes,
    maxDataBytes: Int = defaultMaxDataBytes
  ) {
    self.maxObjects = maxObjects
    self.maxStringBytes = maxStringBytes
    self.maxDataBytes = maxDataBytes
  }

  /// The error for a document with more than `maxObjects` values.
  func tooManyObjects() -> String {
    "the document holds more than \(maxObjects) values, the most infoscope reads"
  }

  /// The error for a string or key of `count` bytes over `maxStringBytes`.
  func stringTooLong(_ count: Int) -> String {
    "a string of \(count) bytes is longer than \(maxStringBytes) bytes, the most infoscope "
      + "reads"
  }

  /// The error for a data value of `count` bytes over `maxDataBytes`.
  func dataTooLarge(_ count: Int) -> String {
    "a data value of \(count) bytes is larger than \(maxDataBytes) bytes, the most infoscope "
      + "reads"
  }
}

extension PlistError {
  /// `count` and `noun`, with the noun in the plural unless the count is 1: "1 entry",
  /// "2 entries" (the noun's plural is given when it is not the noun plus "s").
  package static func counted(
    _ count: some BinaryInteger, _ noun: String, plural: String? = nil
  ) -> String {
    "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
  }

  /// `text` as a message quotes it: controls, bidirectional controls and invisible format
  /// characters escaped by the one rule (`VisibleEscaping.line`).
  package static func printable(_ text: String) -> String {
    VisibleEscaping.line(text)
  }
}
