/// Where a node of a property list came from in the bytes it was read from.
///
/// Shapes and units:
/// - `line` and `column` are 1-based; the column counts UTF-8 bytes from the start of the line
///   (as clang and swiftc do). Both are 0 for nodes without a text position (binary property
///   lists and nodes made in memory).
/// - `start` and `end` are byte offsets into the document's text (for XML and ASCII, the UTF-8
///   text after any transcoding from UTF-16/32; for binary, the object's offset in the file),
///   half-open: `start..<end` covers the whole element, from `<` of its start tag to the `>` of
///   its end tag.
/// - `contentStart` is the offset just after a container's start tag (`<dict>`, `(` or `{`), so
///   a writer can keep the tag and splice the children; it equals `start` for scalars.
///
/// Offsets are 32-bit: a document over 4 GiB is refused by the readers (see `PlistLimits`).
package struct SourceLocation: Sendable, Hashable {
  /// 1-based line of the first byte of the element, or 0 when there is none.
  package var line: UInt32
  /// 1-based column (UTF-8 bytes) of the first byte of the element, or 0 when there is none.
  package var column: UInt32
  /// Byte offset of the element's first byte.
  package var start: UInt32
  /// Byte offset just past the element's last byte.
  package var end: UInt32
  /// Byte offset just past a container's start tag; equal to `start` for scalars.
  package var contentStart: UInt32

  /// Creates a location.
  package init(
    line: UInt32, column: UInt32, start: UInt32, end: UInt32, contentStart: UInt32? = nil
  ) {
    self.line = line
    self.column = column
    self.start = start
    self.end = end
    self.contentStart = contentStart ?? start
  }

  /// The location of a node that was not read from any bytes (built in memory or by an edit).
  package static let none = SourceLocation(line: 0, column: 0, start: 0, end: 0)

  /// True when the node was read from bytes with a text position (XML or ASCII).
  package var hasTextPosition: Bool { line > 0 }

  /// True when the node carries a byte range from the bytes it was read from.
  package var hasRange: Bool { end > start }

  /// The element's byte range, `start..<end`.
  package var range: Range<Int> { Int(start)..<Int(end) }

  /// `line:column`, or `offset N` for positions without a line (binary objects).
  package var description: String {
    if hasTextPosition { return "\(line):\(column)" }
    if hasRange { return "offset \(start)" }
    return "-"
  }
}
