import Foundation
import PlistCore

/// Short constructors for trees built by hand in tests (no locations).
///
/// `TreeBuilder.dict([("a", .int(1))])` reads close to the document it stands for and keeps the
/// key order and duplicates exactly as written.
package enum TreeBuilder {
  /// A string node.
  package static func string(_ text: String) -> PlistNode { PlistNode(.string(text)) }
  /// A signed integer node.
  package static func int(_ value: Int64) -> PlistNode { PlistNode(.integer(PlistInteger(value))) }
  /// An unsigned integer node.
  package static func uint(_ value: UInt64) -> PlistNode {
    PlistNode(.integer(PlistInteger(value)))
  }
  /// A real node.
  package static func real(_ value: Double) -> PlistNode { PlistNode(.real(value)) }
  /// A boolean node.
  package static func bool(_ value: Bool) -> PlistNode { PlistNode(.boolean(value)) }
  /// A date node from UTC calendar fields.
  package static func date(
    _ year: Int64, _ month: Int64, _ day: Int64, _ hour: Int64 = 0, _ minute: Int64 = 0,
    _ second: Int64 = 0
  ) -> PlistNode {
    PlistNode(
      .date(
        PlistDate(year: year, month: month, day: day, hour: hour, minute: minute, second: second)))
  }
  /// A data node.
  package static func data(_ bytes: [UInt8]) -> PlistNode { PlistNode(.data(Data(bytes))) }
  /// A UID node.
  package static func uid(_ value: UInt64) -> PlistNode { PlistNode(.uid(value)) }
  /// An array node.
  package static func array(_ items: [PlistNode]) -> PlistNode { PlistNode(.array(items)) }
  /// A dictionary node with entries in the order given (duplicates kept).
  package static func dict(_ entries: [(String, PlistNode)]) -> PlistNode {
    PlistNode(.dictionary(PlistDictionary(entries.map { PlistEntry(key: $0.0, node: $0.1) })))
  }
  /// `node` wrapped in `levels` single-item arrays.
  package static func nested(_ node: PlistNode, levels: Int) -> PlistNode {
    var node = node
    for _ in 0..<levels { node = array([node]) }
    return node
  }
}
