import Foundation
import PlistCore
import PlistRules

/// How values read on screen: type names, one-line previews and text for search.
package enum RowText {
  /// The type column's word for a kind, as Xcode's editor names them (Integer and Real are
  /// both "Number" there; we keep them apart because the difference matters to the rules).
  package static func typeName(_ kind: PlistKind) -> String { ValueText.typeName(kind) }

  /// `(1 item)`, `(12 items)`.
  package static func items(_ n: Int) -> String { n == 1 ? "(1 item)" : "(\(n) items)" }

  /// A comparison's container count: NEW's items, then how many rows put back from OLD it
  /// also shows (`(32 items, 1 removed)`); the plain count when none are.
  package static func items(_ n: Int, removed: Int) -> String {
    guard removed > 0 else { return items(n) }
    return "(\(n == 1 ? "1 item" : "\(n) items"), \(removed) removed)"
  }

  /// The longest part of a string a preview looks at (a preview never needs more).
  static let previewLimit = 512

  /// A one-line preview of a value and the role to draw it in.
  ///
  /// Strings are quoted, data shows
  /// its size and first bytes in hex, containers their item count.
  package static func preview(_ value: PlistValue) -> (text: String, role: ThemeRole) {
    switch value {
    case .string(let s):
      // `count` walks the whole string; a 100 MB value must not cost that per frame.
      guard s.utf8.count > previewLimit else { return ("\"" + s + "\"", .string) }
      let head = s.prefix(previewLimit)
      return ("\"" + head + (head.utf8.count < s.utf8.count ? "…" : "") + "\"", .string)
    case .integer(let i): return (i.description, .number)
    case .real(let r): return (real(r), .number)
    case .boolean(let b): return (b ? "true" : "false", .boolean)
    case .date(let d): return (d.iso8601String, .date)
    case .data(let d):
      let shown = d.prefix(8).map { String(format: "%02x", $0) }.joined(separator: " ")
      let size = d.count == 1 ? "1 byte" : "\(d.count) bytes"
      return (d.isEmpty ? "<0 bytes>" : "<\(size)> \(shown)\(d.count > 8 ? " …" : "")", .data)
    case .uid(let u): return ("UID \(u)", .uid)
    case .array(let a): return (items(a.count), .container)
    case .dictionary(let d): return (items(d.count), .container)
    }
  }

  /// A real as property lists write it: integral values without a fraction, NaN and infinities
  /// by name.
  package static func real(_ r: Double) -> String {
    if r.isNaN { return "nan" }
    if r.isInfinite { return r < 0 ? "-inf" : "+inf" }
    if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
    return String(r)
  }

  /// The text search looks in for a scalar (`nil` for containers).
  package static func searchableValue(_ value: PlistValue) -> String? {
    switch value {
    case .string(let s): s
    case .array, .dictionary: nil
    default: preview(value).text
    }
  }

  /// The full value for the detail pane: strings whole (up to `limit` bytes), data as a hex
  /// dump (offset, bytes, printable ASCII) of `bytesPerRow` bytes a line, up to `limit` bytes.
  package static func full(
    _ value: PlistValue, limit: Int = 65_536, bytesPerRow: Int = 16
  )
    -> String
  {
    switch value {
    case .string(let s):
      guard s.utf8.count > limit else { return s }
      let head = s.prefix(limit)
      let rest = s.utf8.count - head.utf8.count
      return rest == 0 ? s : String(head) + "… (\(rest) more bytes)"
    case .data(let d):
      var lines: [String] = []
      let shown = [UInt8](d.prefix(limit))
      let width = max(1, bytesPerRow)
      var offset = 0
      while offset < shown.count {
        let chunk = shown[offset..<min(shown.count, offset + width)]
        var hex = chunk.map { String(format: "%02x", $0) }.joined(separator: " ")
        hex += String(repeating: " ", count: (width - chunk.count) * 3)
        let ascii = String(
          chunk.map { $0 >= 0x20 && $0 < 0x7F ? Character(UnicodeScalar($0)) : "." })
        lines.append(String(format: "%08x  ", offset) + hex + "  " + ascii)
        offset += width
      }
      if d.count > limit { lines.append("… (\(d.count - limit) more bytes)") }
      return lines.joined(separator: "\n")
    default:
      return preview(value).text
    }
  }
}
