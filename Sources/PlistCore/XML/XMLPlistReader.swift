/// Reader for XML property lists (placeholder until the XML reader lands).
package enum XMLPlistReader {
  /// Reads an XML document from UTF-8 text.
  package static func read(text: [UInt8], encoding: TextEncoding) throws(PlistError) -> PlistDocument {
    throw PlistError(.unsupported, "XML property lists are not read yet")
  }
}
