import Foundation
import PlistCore

/// Documents nested as deep as asked, written straight as bytes (no tree, no writer), for the
/// depth-limit tests of every format.
///
/// Level 1, the root, is a dictionary whose one key `k` holds level 2, an array whose one item
/// is level 3, a dictionary again, and so on; the deepest container holds the string `leaf`.
/// A document of depth `n` has `n` containers, so `PlistLimits.maxDepth` is the deepest one
/// the readers accept.
package enum DeepDocument {
  /// The formats a deep document can be written in.
  package enum Format: String, Sendable, CaseIterable, CustomStringConvertible {
    case xml, binary, ascii, json

    /// The name, for test output.
    package var description: String { rawValue }
  }

  /// The document of `depth` levels in `format`.
  package static func bytes(_ format: Format, depth: Int) -> [UInt8] {
    switch format {
    case .xml: xml(depth: depth)
    case .binary: binary(depth: depth)
    case .ascii: text(depth: depth, open: ("{k = ", "("), close: ("; }", ")"), leaf: "leaf")
    case .json: text(depth: depth, open: ("{\"k\": ", "["), close: ("}", "]"), leaf: "\"leaf\"")
    }
  }

  /// The key path of the leaf: `k[0].k[0]…`, one step per level.
  package static func leafPath(depth: Int) -> KeyPath {
    KeyPath((0..<depth).map { $0.isMultiple(of: 2) ? .key("k") : .index(0) })
  }

  /// The XML document, without indentation (the text grows linearly with the depth).
  static func xml(depth: Int) -> [UInt8] {
    let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n"
    return text(
      depth: depth, open: ("<dict><key>k</key>", "<array>"), close: ("</dict>", "</array>"),
      leaf: "<string>leaf</string>", head: head, tail: "\n</plist>\n")
  }

  /// A text document: the openings, the leaf, the closings in reverse order.
  static func text(
    depth: Int, open: (dictionary: String, array: String),
    close: (dictionary: String, array: String), leaf: String, head: String = "",
    tail: String = "\n"
  ) -> [UInt8] {
    var out = Array(head.utf8)
    let openings = (Array(open.dictionary.utf8), Array(open.array.utf8))
    let closings = (Array(close.dictionary.utf8), Array(close.array.utf8))
    out.reserveCapacity(depth * (openings.0.count + closings.0.count) + 64)
    for level in 0..<depth { out += level.isMultiple(of: 2) ? openings.0 : openings.1 }
    out += leaf.utf8
    for level in stride(from: depth - 1, through: 0, by: -1) {
      out += level.isMultiple(of: 2) ? closings.0 : closings.1
    }
    out += tail.utf8
    return out
  }

  /// The binary document: object 0 the key `k`, object 1 the leaf, object `2 + i` level
  /// `i + 1`; 4-byte offsets and references.
  static func binary(depth: Int) -> [UInt8] {
    func append(_ value: Int, into out: inout [UInt8]) {
      for shift in stride(from: 24, through: 0, by: -8) {
        out.append(UInt8(truncatingIfNeeded: value >> shift))
      }
    }
    var out = Array("bplist00".utf8)
    out.reserveCapacity(depth * 13 + 64)
    var offsets = [out.count]
    out += [0x51] + Array("k".utf8)
    offsets.append(out.count)
    out += [0x54] + Array("leaf".utf8)
    for level in 0..<depth {
      offsets.append(out.count)
      let child = level == depth - 1 ? 1 : level + 3
      if level.isMultiple(of: 2) {
        out += [0xD1]
        append(0, into: &out)
      } else {
        out += [0xA1]
      }
      append(child, into: &out)
    }
    let table = out.count
    for offset in offsets { append(offset, into: &out) }
    out += [0, 0, 0, 0, 0, 0, 4, 4]
    for value in [offsets.count, 2, table] {
      append(0, into: &out)
      append(value, into: &out)
    }
    return out
  }
}
