import Foundation
import PlistCore

/// One difference between two property lists: a key or item added, removed or changed, or an
/// array whose items are the same but in another order.
///
/// A dictionary's entries are matched by key (a reordered dictionary has no change); an array's
/// items by value first, then the remaining ones in order. An added or removed container is one
/// change (its contents come with it in `new` or `old`).
package struct ValueChange: Sendable {
  /// What happened at the key path.
  package enum Kind: String, Sendable, Hashable, CaseIterable {
    /// In NEW only.
    case added
    /// In OLD only.
    case removed
    /// In both, with another value or type.
    case changed
    /// An array holding the same items as before, in another order.
    case reordered
  }

  /// What happened.
  package var kind: Kind
  /// Where the node is in OLD; nil for an added one.
  package var oldPath: KeyPath?
  /// Where the node is in NEW; nil for a removed one.
  package var newPath: KeyPath?
  /// The value in OLD (with its location); nil for an added one.
  package var old: PlistNode?
  /// The value in NEW (with its location); nil for a removed one.
  package var new: PlistNode?
  /// Where OLD wrote it: the `<key>` of a dictionary entry (its value for binary files), the
  /// item of an array; `.none` for an added node or one made in memory.
  package var oldLocation: SourceLocation
  /// Where NEW writes it, likewise; `.none` for a removed node.
  package var newLocation: SourceLocation
  /// For a removed node, where it would stand in NEW.
  ///
  /// `parent` is the container of NEW that corresponds to its parent in OLD, and `index` the
  /// position there (0-based: before NEW's item or entry at that index, or after the last
  /// when it equals the container's count). Nil for other changes, and for changes made
  /// without it. The inspector shows removed nodes in place with it.
  package var newPlace: (parent: KeyPath, index: Int)?

  /// Creates a change.
  package init(
    _ kind: Kind, oldPath: KeyPath?, newPath: KeyPath?, old: PlistNode?, new: PlistNode?,
    oldLocation: SourceLocation = .none, newLocation: SourceLocation = .none,
    newPlace: (parent: KeyPath, index: Int)? = nil
  ) {
    self.kind = kind
    self.oldPath = oldPath
    self.newPath = newPath
    self.old = old
    self.new = new
    self.oldLocation = oldLocation
    self.newLocation = newLocation
    self.newPlace = newPlace
  }

  /// The key path the change is reported at: NEW's, or OLD's for a removed node.
  package var path: KeyPath { newPath ?? oldPath ?? .root }

  /// True when the node sits at another key path in OLD than in NEW (an array item that moved).
  package var moved: Bool {
    guard let oldPath, let newPath else { return false }
    return oldPath != newPath
  }

  /// What changed, typed, without the key path: `Integer 318 → 319`, `String "a" → Integer 1`,
  /// `Boolean true` (added or removed), `order of 3 items`.
  ///
  /// Text from the files is not escaped here: callers that write it to a terminal pass the line
  /// through `VisibleEscaping`.
  package var summary: String {
    switch kind {
    case .added: return new.map { ValueText.typed($0.value) } ?? ""
    case .removed: return old.map { ValueText.typed($0.value) } ?? ""
    case .reordered:
      return "the same \(ValueText.count(new?.value.childCount ?? 0, "item", "items")) "
        + "in another order"
    case .changed:
      guard let old, let new else { return "" }
      if old.value.kind == new.value.kind, !old.value.kind.isContainer {
        return ValueText.typed(old.value) + " → " + ValueText.bare(new.value)
      }
      return ValueText.typed(old.value) + " → " + ValueText.typed(new.value)
    }
  }
}

/// How values read in comparisons: the type as the inspector names it, then the value.
package enum ValueText {
  /// The longest string shown whole; longer ones are cut, saying how long they are.
  static let stringLimit = 160

  /// `Integer 318`, `String "Scan tickets"`, `Boolean true`, `Date 2024-05-01T12:00:00Z`,
  /// `Data (20 bytes)`, `Array (3 items)`, `Dictionary (2 entries)`.
  package static func typed(_ value: PlistValue) -> String {
    typeName(value.kind) + " " + bare(value)
  }

  /// The value without its type: `318`, `"Scan tickets"`, `(3 items)`.
  package static func bare(_ value: PlistValue) -> String {
    switch value {
    case .string(let s): return quoted(s)
    case .integer(let i): return i.description
    case .real(let r): return real(r)
    case .boolean(let b): return b ? "true" : "false"
    case .date(let d): return d.iso8601String
    case .data(let d): return "(" + count(d.count, "byte", "bytes") + ")"
    case .uid(let u): return String(u)
    case .array(let a): return "(" + count(a.count, "item", "items") + ")"
    case .dictionary(let d): return "(" + count(d.count, "entry", "entries") + ")"
    }
  }

  /// The value as text for JSON: a string as it is, a number or date as written, data in
  /// base64; nil for containers.
  package static func raw(_ value: PlistValue) -> String? {
    switch value {
    case .string(let s): s
    case .integer(let i): i.description
    case .real(let r): real(r)
    case .boolean(let b): b ? "true" : "false"
    case .date(let d): d.iso8601String
    case .data(let d): d.base64EncodedString()
    case .uid(let u): String(u)
    case .array, .dictionary: nil
    }
  }

  /// The type's name, as the inspector's type column has it (`Integer`, `Dictionary`).
  package static func typeName(_ kind: PlistKind) -> String {
    switch kind {
    case .string: "String"
    case .integer: "Integer"
    case .real: "Real"
    case .boolean: "Boolean"
    case .date: "Date"
    case .data: "Data"
    case .array: "Array"
    case .dictionary: "Dictionary"
    case .uid: "UID"
    }
  }

  /// `1 item`, `3 items`.
  package static func count(_ n: Int, _ one: String, _ many: String) -> String {
    "\(n) \(n == 1 ? one : many)"
  }

  private static func real(_ r: Double) -> String {
    if r.isNaN { return "nan" }
    if r.isInfinite { return r < 0 ? "-infinity" : "+infinity" }
    return r.description
  }

  /// A string in double quotes, `"` and `\` escaped, cut after `stringLimit` characters.
  private static func quoted(_ s: String) -> String {
    var text = s
    var cut = ""
    if s.utf8.count > stringLimit {
      let length = s.count
      if length > stringLimit {
        text = String(s.prefix(stringLimit))
        cut = "… (\(length) characters)"
      }
    }
    let escaped = text.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"")
    return "\"" + escaped + "\"" + cut
  }
}
