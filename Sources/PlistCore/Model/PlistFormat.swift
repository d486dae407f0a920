/// The serialisations of a property list that infoscope reads or writes.
///
/// Detection from bytes happens only in `PlistReader.sniff(_:)`.
package enum PlistFormat: String, Sendable, Hashable, CaseIterable {
  /// XML property list (`<?xml …?><plist version="1.0">…`), Apple's DTD `PropertyList-1.0`.
  case xml
  /// Binary property list, `bplist00` (and the `bplist0?` variants Apple's reader accepts).
  case binary
  /// Old-style (OpenStep) ASCII property list, as in `project.pbxproj`, and `.strings` files.
  case ascii
  /// JSON (RFC 8259), as asset-catalog `Contents.json` files and `plutil -convert json` hold
  /// it: read by `JSONPlistReader` (null refused; see there for the mapping) and written by
  /// `JSONPlistWriter` (dates, data and UIDs become strings and objects, so JSON is not a format
  /// infoscope saves an edited property list in).
  case json
}
