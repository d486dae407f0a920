/// Reader for binary property lists (placeholder until the binary reader lands).
package enum BinaryPlistReader {
  /// Reads a `bplist0?` document.
  package static func read(_ bytes: UnsafeRawBufferPointer) throws(PlistError) -> PlistDocument {
    throw PlistError(.unsupported, "binary property lists are not read yet")
  }
}
