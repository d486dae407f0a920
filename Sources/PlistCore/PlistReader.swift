import Foundation

/// Reads a property list in any of Apple's formats: the one place format detection happens.
///
/// The format is told from the bytes, never from a file name: the `bplist` magic means binary;
/// text (after any byte-order mark) whose first markup is `<?`, `<!` or a plist element name
/// means XML; text that starts as JSON does (see `sniffText(_:)`) means JSON; any other text is
/// read as old-style ASCII (which includes `.strings` files).
package enum PlistReader {
  /// The format of `bytes`, or nil when they are binary but not a property list.
  package static func sniff(_ bytes: UnsafeRawBufferPointer) -> PlistFormat? {
    // `bplist` and a version digit (`bplist00`; Apple accepts any `bplist0?`); a text that
    // merely starts with the word, such as `bplistx = 1;` in a .strings file, is not binary.
    if bytes.count >= 7, Array(bytes[0..<6]) == Array("bplist".utf8),
      (0x30...0x39).contains(bytes[6])
    {
      return .binary
    }
    let encoding = TextEncoding.detect(bytes)
    let head: [UInt8]
    if encoding == .utf8 || encoding == .utf8WithBOM {
      let start = encoding.byteOrderMark.count
      return sniffText(
        UnsafeRawBufferPointer(rebasing: bytes[start..<min(bytes.count, start + 4096)]))
    } else {
      // A prefix of whole 4-byte units; if it splits a surrogate pair, two bytes fewer.
      let length = max(min(bytes.count, 16_384) & ~3, min(bytes.count, 4))
      let prefix = UnsafeRawBufferPointer(rebasing: bytes[0..<length])
      let shorter = UnsafeRawBufferPointer(rebasing: bytes[0..<max(0, length - 2)])
      head = (try? encoding.decode(prefix)) ?? (try? encoding.decode(shorter)) ?? []
    }
    return head.withUnsafeBytes { sniffText($0) }
  }

  /// The element names that start an XML property list.
  private static let xmlNames: Set<String> = [
    "plist", "dict", "array", "key", "string", "integer", "real", "true", "false", "date",
    "data",
  ]

  /// Tells XML, JSON and ASCII apart in UTF-8 text (a prefix of it is enough).
  ///
  /// After white space: `<?`, `<!` or a plist element name is XML. `[` is JSON (old-style
  /// property lists write arrays with `(`). `{` is JSON when what follows it, after white
  /// space, is a double-quoted string (escapes skipped) and then `:`; an old-style dictionary
  /// writes `{ "key" = value; }` with `=`. `{}` with nothing inside is old-style ASCII, as
  /// `plutil` reads it: both formats read it as the same empty dictionary, and ASCII is the one
  /// Apple's property-list readers take. A key too long for the prefix is taken as ASCII.
  static func sniffText(_ text: UnsafeRawBufferPointer) -> PlistFormat {
    func isSpace(_ i: Int) -> Bool {
      i < text.count && (text[i] == 0x20 || text[i] == 0x09 || text[i] == 0x0A || text[i] == 0x0D)
    }
    var i = 0
    while isSpace(i) { i += 1 }
    if i < text.count, text[i] == UInt8(ascii: "[") { return .json }
    if i < text.count, text[i] == UInt8(ascii: "{") {
      var j = i + 1
      while isSpace(j) { j += 1 }
      guard j < text.count, text[j] == 0x22 else { return .ascii }
      j += 1
      while j < text.count, text[j] != 0x22 {
        j += text[j] == 0x5C ? 2 : 1
      }
      j += 1
      while isSpace(j) { j += 1 }
      return j < text.count && text[j] == UInt8(ascii: ":") ? .json : .ascii
    }
    guard i + 1 < text.count, text[i] == UInt8(ascii: "<") else { return .ascii }
    let next = text[i + 1]
    if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") { return .xml }
    var j = i + 1
    while j < text.count, j < i + 9,
      (0x61...0x7A).contains(text[j]) || (0x41...0x5A).contains(text[j])
    {
      j += 1
    }
    let name = UnsafeRawBufferPointer(rebasing: text[(i + 1)..<j])
    // ASCII data such as <dead beef> is hex digits; an XML element is a plist tag name
    // followed by `>`, `/` or white space.
    guard xmlNames.contains(String(decoding: name, as: UTF8.self)), j < text.count else {
      return .ascii
    }
    let after = text[j]
    return after == UInt8(ascii: ">") || after == UInt8(ascii: "/") || after == 0x20
      || after == 0x09 || after == 0x0A || after == 0x0D ? .xml : .ascii
  }

  /// Reads a property list from bytes.
  ///
  /// - Parameters:
  ///   - data: the whole file.
  ///   - file: the name to put in errors.
  /// - Returns: the document, with locations into its text.
  /// - Throws: `PlistError` with `file`, line and column (or offset for binary input).
  package static func read(_ data: Data, file: String? = nil) throws(PlistError) -> PlistDocument {
    try read(bytes: [UInt8](data), file: file)
  }

  /// Reads a property list from bytes; UTF-8 text without a byte-order mark is kept as the
  /// document's text without a copy.
  ///
  /// - Parameters:
  ///   - bytes: the whole file.
  ///   - file: the name to put in errors.
  ///   - limits: the caps on values, strings and data (`.limitExceeded` past them).
  /// - Returns: the document, with locations into its text.
  /// - Throws: `PlistError` with `file`, line and column (or offset for binary input).
  package static func read(
    bytes: [UInt8], file: String? = nil, limits: PlistReadLimits = .standard
  ) throws(PlistError) -> PlistDocument {
    do throws(PlistError) {
      let (format, encoding, text) = try text(of: bytes)
      switch format {
      case .binary:
        let binary = bytes.withUnsafeBytes { raw in
          Result { () throws(PlistError) -> PlistDocument in
            try BinaryPlistReader.read(raw, limits: limits)
          }
        }
        return try binary.get()
      case .xml:
        return try XMLPlistReader.read(text: text, encoding: encoding, limits: limits)
      case .json:
        return try JSONPlistReader.read(text: text, encoding: encoding, limits: limits)
      case .ascii, nil:
        return try ASCIIPlistReader.read(text: text, encoding: encoding, limits: limits)
      }
    } catch {
      throw error.inFile(file)
    }
  }

  /// The format of `bytes` and, for text, its encoding and its UTF-8 text without byte-order
  /// mark (`bytes` itself, not copied, for UTF-8 without one; empty for binary).
  ///
  /// - Returns: the format (nil for bytes that are binary but not a property list, which are
  ///   read as ASCII), the encoding, and the text every reader's locations point into.
  /// - Throws: `PlistError` of kind `.limitExceeded` for bytes or text over
  ///   `PlistLimits.maxDocumentBytes`, `.encoding` for UTF-16 or UTF-32 that does not decode.
  package static func text(
    of bytes: [UInt8]
  ) throws(PlistError) -> (format: PlistFormat?, encoding: TextEncoding, text: [UInt8]) {
    guard bytes.count <= PlistLimits.maxDocumentBytes else {
      throw PlistError(.limitExceeded, "the file is over 4 GiB, the most infoscope reads")
    }
    let result = bytes.withUnsafeBytes { raw in
      Result { () throws(PlistError) -> (PlistFormat?, TextEncoding, [UInt8]?) in
        let format = sniff(raw)
        guard format != .binary else { return (format, .utf8, nil) }
        let encoding = TextEncoding.detect(raw)
        return (format, encoding, encoding == .utf8 ? nil : try encoding.decode(raw))
      }
    }
    let (format, encoding, decoded) = try result.get()
    if format == .binary { return (format, encoding, []) }
    let text = decoded ?? bytes
    // UTF-16 can grow by half as UTF-8; locations are 32-bit offsets into the text.
    guard text.count <= PlistLimits.maxDocumentBytes else {
      throw PlistError(
        .limitExceeded, "the text is over 4 GiB once decoded, the most infoscope reads")
    }
    return (format, encoding, text)
  }

  /// Reads the property list in the file at `path`.
  ///
  /// - Throws: `PlistError` of kind `.io` when the file cannot be read, or as `read(_:file:)`.
  package static func read(contentsOf path: String) throws(PlistError) -> PlistDocument {
    try read(bytes: try readFile(path), file: path)
  }

  /// The bytes of the file at `path` (`AtomicFile.readBytes`): opened without blocking, refused
  /// unless it is a regular file, and refused from its size before a byte is read when it is
  /// over `PlistLimits.maxDocumentBytes`.
  ///
  /// - Throws: `PlistError` of kind `.io` naming the file and the system's reason (or what the
  ///   path is instead of a file), `.limitExceeded` for a file over the limit.
  package static func readFile(
    _ path: String, limit: Int = PlistLimits.maxDocumentBytes
  ) throws(PlistError) -> [UInt8] {
    do {
      return try AtomicFile.readBytes(path: path, limit: limit)
    } catch {
      var reason = error.message
      if reason.hasPrefix(path + " could not be read: ") {
        reason.removeFirst(path.count + " could not be read: ".count)
      }
      throw PlistError(
        error.kind == .tooLarge ? .limitExceeded : .io, "cannot read the file: \(reason)",
        file: path)
    }
  }
}
