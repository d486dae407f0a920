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
  /// JSON, written for printing only (see `JSONPlistWriter` for the mapping).
  case json
}
