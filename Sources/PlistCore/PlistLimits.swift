/// Limits that no input can pass, whatever it claims; each is reported in words.
package enum PlistLimits {
  /// Deepest nesting of arrays and dictionaries that every reader accepts and every writer
  /// writes: 100,000 levels, the root container being level 1.
  ///
  /// Real property lists rarely pass 20. The readers, the writers and the walkers of the
  /// core keep their own stacks; the rest of the program (value equality, rules, reports,
  /// the inspector) runs on `LargeStack`, whose size is chosen for this depth.
  package static let maxDepth = 100_000
  /// Largest document, in bytes: locations are 32-bit offsets.
  package static let maxDocumentBytes = Int(UInt32.max) - 1

  /// The deepest indentation, in levels, that the XML and JSON writers and the printed tree
  /// give a line: 64.
  ///
  /// Lines nested deeper are indented as level 64, so that output grows linearly with the
  /// depth (fully indented, a tree 100,000 levels deep would take 5 GB of tabs). Up to level
  /// 64 the layout is CoreFoundation's (`plutil`), and every reader ignores the indentation.
  package static let maxIndentLevels = 64

  /// The sentence every reader throws, with kind `.limitExceeded`, for a document nested
  /// deeper than `maxDepth`, whatever its format.
  package static let tooDeepToRead =
    "containers nest deeper than \(maxDepth) levels, the most infoscope reads"

  /// The sentence every writer throws, with kind `.limitExceeded`, for a tree nested deeper
  /// than `maxDepth` (one built in memory; the readers never make one).
  package static let tooDeepToWrite =
    "containers nest deeper than \(maxDepth) levels, the most infoscope writes"
}
