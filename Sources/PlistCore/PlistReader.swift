import Foundation

/// Reads a property list in any of Apple's formats: the one place format detection happens.
///
/// The format is told from the bytes, never from a file name: the `bplist` magic means binary;
/// text (after any byte-order mark) whose first markup is `<?`, `<!` or a plist element name
/// means XML; any other text is read as old-style ASCII (which includes `.strings` files).
package enum PlistReader {
  /// The format of `bytes`, or nil when they are binary but not a property list.
  package static func sniff(_ bytes: UnsafeRawBufferPointer) -> PlistFormat? {
    if bytes.count >= 6, Array(bytes[0..<6]) == Array("bplist".utf8) { return .binary }
    let encoding = TextEncoding.detect(bytes)
    let head: [UInt8]
    if encoding == .utf8 || encoding == .utf8WithBOM {
      let start = encoding.byteOrderMark.count
      head = Array(bytes[start..<min(bytes.count, start + 4096)])
    } else {
      let prefix = UnsafeRawBufferPointer(rebasing: bytes[0..<min(bytes.count, 16_384)])
      head = (try? encoding.decode(prefix)) ?? []
    }
    return sniffText(head)
  }

  /// Tells XML from ASCII in UTF-8 text.
  static func sniffText(_ text: [UInt8]) -> PlistFormat {
    var i = 0
    while i < text.count, text[i] == 0x20 || text[i] == 0x09 || text[i] == 0x0A || text[i] == 0x0D {
      i += 1
    }
    guard i + 1 < text.count, text[i] == UInt8(ascii: "<") else { return .ascii }
    let next = text[i + 1]
    if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") { return .xml }
    var j = i + 1
    var name: [UInt8] = []
    while j < text.count, (0x61...0x7A).contains(text[j]) || (0x41...0x5A).contains(text[j]) {
      name.append(text[j])
      j += 1
    }
    let xmlNames: Set<String> = [
      "plist", "dict", "array", "key", "string", "integer", "real", "true", "false", "date",
      "data",
    ]
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
    guard data.count <= PlistLimits.maxDocumentBytes else {
      throw PlistError(.limitExceeded, "the file is over 4 GiB, the most infoscope reads", file: file)
    }
    let result = data.withUnsafeBytes { raw in
      Result { () throws(PlistError) -> PlistDocument in try read(raw) }
    }
    do {
      return try result.get()
    } catch {
      throw error.inFile(file)
    }
  }

  /// Reads a property list from bytes in memory; errors name no file.
  package static func read(_ raw: UnsafeRawBufferPointer) throws(PlistError) -> PlistDocument {
    switch sniff(raw) {
    case .binary:
      return try BinaryPlistReader.read(raw)
    case .xml:
      let encoding = TextEncoding.detect(raw)
      return try XMLPlistReader.read(text: try encoding.decode(raw), encoding: encoding)
    case .ascii, .json, nil:
      let encoding = TextEncoding.detect(raw)
      return try ASCIIPlistReader.read(text: try encoding.decode(raw), encoding: encoding)
    }
  }

  /// Reads the property list in the file at `path`.
  ///
  /// - Throws: `PlistError` of kind `.io` when the file cannot be read, or as `read(_:file:)`.
  package static func read(contentsOf path: String) throws(PlistError) -> PlistDocument {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw PlistError(.io, "cannot read the file: \(ioReason(error))", file: path)
    }
    return try read(data, file: path)
  }

  static func ioReason(_ error: any Error) -> String {
    let ns = error as NSError
    if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(underlying.code)))
    }
    if ns.domain == NSCocoaErrorDomain, ns.code == NSFileReadNoSuchFileError {
      return "no such file"
    }
    return ns.localizedDescription
  }
}
