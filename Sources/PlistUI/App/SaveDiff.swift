import PlistCore
import PlistEditing

/// The diff a save review shows for one file: what is on disk (or in the archive) against what
/// the save writes.
///
/// A binary property list is never shown as bytes: when either side is binary, both sides are
/// shown as XML (the old one as the canonical XML of what it holds, the new one as the XML a
/// save in XML would write), so the review reads the same whichever format is written.
enum SaveDiff {
  /// The diff's lines, or one line saying there is no change.
  ///
  /// - Returns: the unified diff by line (headers `--- a/NAME`, `+++ b/NAME`), or one line
  ///   saying that nothing changed.
  /// - Parameters:
  ///   - old: the bytes now on disk or in the archive (empty for a file that is not there).
  ///   - document: the edited file.
  ///   - format: the format the save writes.
  ///   - name: the file's name in the diff header (`a/NAME`, `b/NAME`).
  /// - Throws: `PlistError` when the tree cannot be written in `format` (or as XML, to show it).
  static func lines(
    old: [UInt8], document: Document, format: PlistFormat, name: String
  ) throws(PlistError) -> [String] {
    try review(old: old, document: document, format: format, name: name).lines
  }

  /// The diff's lines, and the first control character XML 1.0 does not allow in the XML the
  /// save writes (nil for a binary save, or none), both from one writing of the file.
  ///
  /// - Throws: as ``lines(old:document:format:name:)``.
  static func review(
    old: [UInt8], document: Document, format: PlistFormat, name: String
  ) throws(PlistError) -> (lines: [String], control: UInt8?) {
    var newText = try document.bytes(as: format)
    // Before any re-encoding: the bytes written, as XML.
    let control = format == .xml ? XMLEscaping.firstDisallowedControl(in: newText) : nil
    var oldText = old
    let binaryMagic = Array("bplist".utf8)
    let oldIsBinary = old.starts(with: binaryMagic)
    if format == .binary || oldIsBinary {
      if oldIsBinary {
        oldText =
          (try? PlistReader.read(bytes: old)).flatMap { try? XMLPlistWriter.write($0.root) }
          ?? Array("(the file on disk does not read as a property list)\n".utf8)
      }
      newText = try document.bytes(as: .xml)
    } else if let encoding = document.original.encoding, encoding != .utf8,
      encoding != .utf8WithBOM
    {
      // UTF-16 and UTF-32 files are compared as text, not as raw bytes.
      oldText = old.withUnsafeBytes { (try? encoding.decode($0)) ?? [] }
      newText = newText.withUnsafeBytes { (try? encoding.decode($0)) ?? [] }
    }
    let diff = UnifiedDiff.make(
      old: oldText, new: newText, oldName: "a/" + name, newName: "b/" + name)
    guard !diff.isEmpty else {
      return (
        [
          format == .binary || oldIsBinary
            ? "(no change in \(name))" : "(no change in the bytes of \(name))"
        ], control
      )
    }
    return (diff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), control)
  }
}
