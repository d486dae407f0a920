/// Reader for old-style ASCII property lists (placeholder until the ASCII reader lands).
package enum ASCIIPlistReader {
  /// Reads an OpenStep or `.strings` document from UTF-8 text.
  package static func read(text: [UInt8], encoding: TextEncoding) throws(PlistError) -> PlistDocument {
    throw PlistError(.unsupported, "old-style ASCII property lists are not read yet")
  }
}
