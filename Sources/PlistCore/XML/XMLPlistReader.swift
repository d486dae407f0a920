import Foundation

/// Reader for XML property lists: a byte-level scanner for the plist subset of XML.
///
/// Accepts what Apple's parser accepts: an optional `<?xml …?>` declaration (UTF-8, UTF-16 and
/// UTF-32 text; the encoding itself is told by `TextEncoding` from the byte-order mark, and a
/// declared encoding other than UTF-8/16/32 or US-ASCII is refused), comments and processing
/// instructions anywhere between elements and inside text, a `DOCTYPE` that is skipped (an
/// internal subset is refused; no DTD or external entity is ever loaded or expanded), a root
/// `<plist>` element or a bare value, CDATA sections, the five predefined entities and decimal or
/// hex character references, `<true/>` as well as `<true></true>`, empty `<string/>`, `<data/>`,
/// `<dict/>`, `<array/>`, attributes (ignored, quote-aware), and white space in closing tags.
/// Integer, real, date and data bodies follow `XMLPlistScalars`.
///
/// Every node gets its line, column and byte range (`SourceLocation`), and every dictionary
/// entry its `<key>` element's. Nesting deeper than `PlistLimits.maxDepth` is an error.
package enum XMLPlistReader {
  /// Reads an XML document from UTF-8 text (already transcoded from UTF-16/32, without BOM).
  ///
  /// - Parameters:
  ///   - text: the UTF-8 text; locations are offsets into it.
  ///   - encoding: the encoding the bytes came in, kept in the document for writing back.
  ///   - limits: the caps on values, strings and data.
  /// - Returns: the document, every node located in `text`.
  /// - Throws: `PlistError` with line and column, saying what was expected; `.limitExceeded`
  ///   past `limits` or `PlistLimits.maxDepth`.
  package static func read(
    text: [UInt8], encoding: TextEncoding, limits: PlistReadLimits = .standard
  ) throws(PlistError)
    -> PlistDocument
  {
    let result = text.withUnsafeBufferPointer { buffer in
      Result { () throws(PlistError) -> (PlistNode, PlistCensus) in
        var scanner = XMLScanner(buffer)
        scanner.limits = limits
        var builder = PlistTreeBuilder(text: buffer)
        try scanner.parseDocument(into: &builder)
        guard let root = builder.root else { fatalError("XMLPlistReader: no root was built") }
        return (root, PlistCensus(nodes: scanner.objects, repeatsAKey: builder.repeatsAKey))
      }
    }
    let (root, census) = try result.get()
    var document = PlistDocument(root: root, format: .xml, encoding: encoding, text: text)
    document.census = census
    return document
  }
}

/// The element names of the plist vocabulary.
enum XMLTag: Equatable {
  case plist, dict, array, key, string, integer, real, date, data, `true`, `false`

  /// Recognises a tag name from its bytes.
  init?(_ name: UnsafeBufferPointer<UInt8>) {
    func eq(_ s: StaticString) -> Bool {
      guard s.utf8CodeUnitCount == name.count else { return false }
      let p = s.utf8Start
      for i in 0..<name.count where p[i] != name[i] { return false }
      return true
    }
    switch name.count {
    case 3: if eq("key") { self = .key } else { return nil }
    case 4:
      if eq("dict") {
        self = .dict
      } else if eq("real") {
        self = .real
      } else if eq("date") {
        self = .date
      } else if eq("data") {
        self = .data
      } else if eq("true") {
        self = .true
      } else {
        return nil
      }
    case 5:
      if eq("plist") {
        self = .plist
      } else if eq("array") {
        self = .array
      } else if eq("false") {
        self = .false
      } else {
        return nil
      }
    case 6: if eq("string") { self = .string } else { return nil }
    case 7: if eq("integer") { self = .integer } else { return nil }
    default: return nil
    }
  }

  var name: String {
    switch self {
    case .plist: "plist"
    case .dict: "dict"
    case .array: "array"
    case .key: "key"
    case .string: "string"
    case .integer: "integer"
    case .real: "real"
    case .date: "date"
    case .data: "data"
    case .true: "true"
    case .false: "false"
    }
  }
}

/// A start tag as scanned: which element, where, and whether it closed itself (`<x/>`).
struct XMLStartTag {
  var tag: XMLTag
  var start: Int
  var contentStart: Int
  var isEmpty: Bool
  /// Line and column of `start`, counted when the tag was scanned.
  var line: UInt32
  var column: UInt32
}
