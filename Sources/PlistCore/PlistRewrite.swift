/// Conversion in one pass: a reader's values go straight into a writer, with no tree between.
///
/// What `convert` does with XML or binary input.
///
/// The output is byte for byte what reading a tree and writing it gives
/// (`XMLPlistWriter.write`, `JSONPlistWriter.write`, `BinaryPlistWriter.write`), and errors are
/// the readers' own, at the same positions. For XML and JSON, peak memory is the input and the
/// output: no node, no key table; binary output keeps a flat list of the values until the
/// end (`BinaryEventWriter`).
package enum PlistRewrite {
  /// The formats a rewrite can write.
  package enum Output: Sendable {
    /// Apple's canonical XML layout.
    case xml
    /// Pretty JSON, as `JSONPlistWriter` maps property lists.
    case json
    /// `bplist00`, as `BinaryPlistWriter` lays it out.
    case binary
  }

  /// The output for `input`, or nil when it is neither XML nor binary (ASCII and JSON input
  /// are read as trees).
  ///
  /// - Parameters:
  ///   - input: the whole file.
  ///   - output: the format to write.
  ///   - limits: the readers' caps on values, strings and data.
  /// - Returns: the bytes, and every key a dictionary holds more than once, dictionaries in
  ///   document order (`RepeatedKeyTracking`).
  /// - Throws: `PlistError` as `PlistReader.read(bytes:file:limits:)` throws it, without the
  ///   file name.
  package static func rewrite(
    _ input: [UInt8], to output: Output, limits: PlistReadLimits = .standard
  ) throws(PlistError) -> (bytes: [UInt8], repeats: [RepeatedKey])? {
    let (format, _, text) = try PlistReader.text(of: input)
    switch (format, output) {
    case (.xml, .xml):
      return try fromXML(text, into: XMLEventWriter(capacity: headroom(text.count)), limits)
    case (.xml, .json):
      return try fromXML(
        text, into: JSONEventWriter(pretty: true, capacity: headroom(text.count)), limits)
    case (.binary, .xml):
      return try fromBinary(input, into: XMLEventWriter(capacity: expansion(input.count)), limits)
    case (.binary, .json):
      return try fromBinary(
        input, into: JSONEventWriter(pretty: true, capacity: expansion(input.count)), limits)
    case (.xml, .binary):
      // About one event per 40 bytes of text.
      return try fromXML(text, into: BinaryEventWriter(expectedTokens: text.count / 40), limits)
    case (.binary, .binary):
      return try fromBinary(input, into: BinaryEventWriter(expectedTokens: input.count), limits)
    default:
      return nil
    }
  }

  /// The capacity to reserve for the output of a text of `count` bytes: a quarter more.
  ///
  /// Canonical reals (`%.17g`) and indentation can make the output longer. Pages reserved and
  /// never written take no memory, while a buffer that has to grow holds its old and new
  /// storage at once.
  package static func headroom(_ count: Int) -> Int { count &+ count / 4 &+ 256 }

  /// The capacity to reserve for the text of a binary file of `count` bytes: six times it
  /// (the bench's documents grow 3.4 and 4.5 times), for the same reason.
  static func expansion(_ count: Int) -> Int { count &* 6 &+ 4_096 }

  private static func fromXML<Writer: DocumentEventWriter>(
    _ text: [UInt8], into writer: Writer, _ limits: PlistReadLimits
  ) throws(PlistError) -> (bytes: [UInt8], repeats: [RepeatedKey]) {
    let result = text.withUnsafeBufferPointer { buffer in
      Result { () throws(PlistError) -> ([UInt8], [RepeatedKey]) in
        var scanner = XMLScanner(buffer)
        scanner.limits = limits
        var sink = RepeatedKeyTracking(writer, source: buffer)
        try scanner.parseDocument(into: &sink)
        return (sink.inner.finish(), sink.repeats)
      }
    }
    return try result.get()
  }

  private static func fromBinary<Writer: DocumentEventWriter>(
    _ bytes: [UInt8], into writer: Writer, _ limits: PlistReadLimits
  ) throws(PlistError) -> (bytes: [UInt8], repeats: [RepeatedKey]) {
    let result = bytes.withUnsafeBytes { raw in
      Result { () throws(PlistError) -> ([UInt8], [RepeatedKey]) in
        var sink = RepeatedKeyTracking(writer, source: UnsafeBufferPointer(start: nil, count: 0))
        try BinaryPlistReader.decode(raw, limits: limits, into: &sink)
        return (sink.inner.finish(), sink.repeats)
      }
    }
    return try result.get()
  }
}

/// A writer that takes events and makes a whole document.
protocol DocumentEventWriter: PlistEventSink {
  /// The document, handed over once every event is in.
  mutating func finish() -> [UInt8]
}
